import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPhoneForDisplay, normalisePhone, optionalPhoneField } from "./phone.ts";

describe("normalisePhone", () => {
  it.each([
    ["07911 123456", "+447911123456"],
    ["07911123456", "+447911123456"],
    ["+44 7911 123456", "+447911123456"],
    ["0044 7911 123456", "+447911123456"],
    ["(07911) 123-456", "+447911123456"],
    [" 020 7946 0958 ", "+442079460958"],
    ["+33 6 12 34 56 78", "+33612345678"],
    ["+1 415 555 2671", "+14155552671"],
  ])("reads %j as %s (UK by default)", (typed, e164) => {
    expect(normalisePhone(typed)).toEqual({ ok: true, e164 });
  });

  it("treats an empty field as not given", () => {
    expect(normalisePhone("")).toEqual({ ok: true, e164: null });
    expect(normalisePhone("   ")).toEqual({ ok: true, e164: null });
  });

  it.each([
    ["12345", /too short/],
    ["07911 1234567890", /too long/],
    ["call me on 07911", /only digits/],
    ["07911 12345a", /only digits/],
    ["07700 900123", /not a phone number in use/],
  ])("refuses %j with a clear message", (typed, message) => {
    const result = normalisePhone(typed);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(message);
      expect(result.message).toMatch(/07911 123456/);
    }
  });

  it("never throws, and every accepted number is E.164 that reads back to itself", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (typed) => {
        const result = normalisePhone(typed);
        if (result.ok && result.e164) {
          expect(result.e164).toMatch(/^\+[1-9]\d{6,14}$/);
          expect(normalisePhone(result.e164)).toEqual(result);
        }
      }),
    );
  });

  it("formats a stored number for a doctor to read", () => {
    expect(formatPhoneForDisplay("+447911123456")).toBe("+44 7911 123456");
  });
});

describe("optionalPhoneField", () => {
  it("gives E.164 or null, or an issue with the message", () => {
    expect(optionalPhoneField.parse("07911 123456")).toBe("+447911123456");
    expect(optionalPhoneField.parse(undefined)).toBeNull();
    const bad = optionalPhoneField.safeParse("12345");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/too short/);
  });
});
