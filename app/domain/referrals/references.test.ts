import { describe, expect, it } from "vitest";
import {
  formatManagementReference,
  generatePreEmploymentCode,
  referenceFormats,
} from "./references.ts";

describe("referral references", () => {
  it.each([
    [1, "REF-000001"],
    [123, "REF-000123"],
    [1234567, "REF-1234567"],
  ])("formats management reference number %i as %s", (sequence, reference) => {
    expect(formatManagementReference(sequence)).toBe(reference);
  });

  it("formats management references in the published format, from 1 up", () => {
    expect(formatManagementReference(42)).toMatch(referenceFormats.management);
    expect(() => formatManagementReference(0)).toThrow(RangeError);
  });

  it("makes pre-employment codes of five upper-case letters or digits", () => {
    for (let i = 0; i < 500; i++)
      expect(generatePreEmploymentCode()).toMatch(referenceFormats.preEmployment);
  });

  it("draws every character of the alphabet", () => {
    let n = 0;
    const code = generatePreEmploymentCode(() => n++ % 36);
    expect(code).toBe("OCC-ABCDE");
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++)
      for (const c of generatePreEmploymentCode().slice(4)) seen.add(c);
    expect(seen.size).toBe(36);
  });
});
