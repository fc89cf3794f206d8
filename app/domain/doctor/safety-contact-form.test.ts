import { describe, expect, it } from "vitest";
import { contactAttemptSchema } from "./safety-contact-form.ts";

/*
 * A contact attempt's time is London wall-clock time from a `datetime-local` field: read in GMT
 * in winter and BST in summer, whatever the server's own zone.
 */
const attempt = (now: Date, attemptedAt: string) =>
  contactAttemptSchema(now).safeParse({ method: "phone", outcome: "reached", attemptedAt });

describe("a contact attempt's time", () => {
  it("is London time in winter and in summer", () => {
    const winter = attempt(new Date("2026-01-15T12:00:00Z"), "2026-01-15T10:05");
    expect(winter.success && winter.data.attemptedAt.toISOString()).toBe(
      "2026-01-15T10:05:00.000Z",
    );
    const summer = attempt(new Date("2026-07-01T12:00:00Z"), "2026-06-30T23:30");
    expect(summer.success && summer.data.attemptedAt.toISOString()).toBe(
      "2026-06-30T22:30:00.000Z",
    );
  });

  it("refuses a time that does not read, one in the future and one over 7 days back", () => {
    const now = new Date("2026-07-01T12:00:00Z");
    const messages = (value: string) => {
      const result = attempt(now, value);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages("yesterday at noon")).toEqual(["Enter the time as a date and time."]);
    expect(messages("2026-07-01T14:00")).toEqual([
      "The time of the attempt cannot be in the future.",
    ]);
    expect(messages("2026-06-20T12:00")).toEqual(["Record attempts made within the last 7 days."]);
  });
});
