import { describe, expect, it } from "vitest";
import {
  DefinitionMismatchError,
  definitionOfResponse,
  jobRoleFromLabel,
  newAssessmentInstance,
} from "./assessment-instance.ts";

const base = {
  drivingRequired: false,
  nightShifts: true,
  loneWorking: false,
  safetyCritical: false,
  reason: null,
};

describe("assessment instance", () => {
  it("maps the referral form's job role labels to questionnaire codes", () => {
    expect(jobRoleFromLabel("Healthcare Worker")).toBe("healthcare-worker");
    expect(jobRoleFromLabel("IT Professional")).toBe("it-professional");
    expect(jobRoleFromLabel(null)).toBe("other");
    expect(jobRoleFromLabel("Astronaut")).toBe("other");
  });

  it("rebuilds exactly the instance that was served", () => {
    const pre = newAssessmentInstance({ ...base, type: "pre_employment", jobRole: "Driver" });
    const rebuilt = definitionOfResponse({
      buildContext: pre.buildContext,
      definitionVersion: pre.definition.version,
    });
    expect(rebuilt).toEqual(pre.definition);
    expect(pre.definition.item.map((i) => i.linkId)).toEqual([
      "core",
      "driving",
      "night",
      "adjustments",
    ]);
    const management = newAssessmentInstance({
      ...base,
      type: "management",
      jobRole: null,
      reason: "Stress at work",
    });
    expect(
      definitionOfResponse({
        buildContext: management.buildContext,
        definitionVersion: management.definition.version,
      }),
    ).toEqual(management.definition);
    expect(() =>
      definitionOfResponse({ buildContext: management.buildContext, definitionVersion: "99" }),
    ).toThrow(DefinitionMismatchError);
  });
});
