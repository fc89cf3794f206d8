import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json.ts";
import { CONSENT_VERSION, consentNotice } from "./consent-notice.ts";

/*
 * The stored consent version must identify the words shown. If this fails because you changed the
 * wording, bump CONSENT_VERSION and pin the new hashes here, in the same commit.
 */
const PINNED: Record<string, string> = {
  version: "2026-06-v1",
  pre_employment: "4daef2451350ecb0efa7213971a34caf1a752dbd4d6b693a7b5db8bd8b990bfb",
  management: "2000368086f3503eaff18b9d830c8aa8d92fb1a992557ccc9dde34cdca22fd31",
};

function hashOf(type: "pre_employment" | "management") {
  const notice = consentNotice({
    type,
    organisationName: "your employer",
    jobRole: "Driver",
    moduleReasons: ["Reason one.", "Reason two."],
  });
  return createHash("sha256").update(canonicalJson(notice)).digest("hex");
}

describe("consent notice", () => {
  it("pins the wording of the current version", () => {
    expect(CONSENT_VERSION).toBe(PINNED.version);
    expect(hashOf("pre_employment")).toBe(PINNED.pre_employment);
    expect(hashOf("management")).toBe(PINNED.management);
  });

  it("says who sees what, retention and the right to stop, for both kinds", () => {
    const pre = JSON.stringify(
      consentNotice({
        type: "pre_employment",
        organisationName: "Acme Ltd",
        moduleReasons: ["The job involves driving."],
      }),
    );
    expect(pre).toContain("12 months after the outcome");
    expect(pre).toContain("The job involves driving.");
    expect(pre).toContain("section 60");
    const management = JSON.stringify(
      consentNotice({ type: "management", organisationName: "Acme Ltd" }),
    );
    expect(management).toContain("6 years after the assessment is completed");
    for (const text of [pre, management]) {
      expect(text).toContain("Acme Ltd never sees your answers");
      expect(text).toContain("only after you have read it and agreed to its release");
      expect(text).toContain("You can stop at any time");
      expect(text).toContain("could not go ahead");
    }
  });

  it("reads naturally with the neutral employer wording", () => {
    const notice = consentNotice({ type: "management", organisationName: "your employer" });
    expect(notice.sections[0]?.paragraphs[0]).toMatch(/^Your employer has referred you/);
  });
});
