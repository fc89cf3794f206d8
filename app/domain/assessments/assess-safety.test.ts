import { describe, expect, it } from "vitest";
import { assessSafety } from "./assess-safety.ts";
import { buildManagementAssessment } from "./build-management-assessment.ts";
import { getQuestionnaire } from "./questionnaire-registry.ts";

const definition = buildManagementAssessment({ referralReason: "Low mood" });
const gate = { "mental-health.affected": "yes" };
const phq = (item9: number) => ({
  ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`phq9.${i + 1}`, "1"])),
  "phq9.9": String(item9),
});

describe("assessSafety", () => {
  it("is clear when nothing suggests risk", () => {
    expect(assessSafety(definition, { ...gate, ...phq(0), "safety.thoughts": "no" })).toEqual({
      level: "none",
      urgent: false,
      showCrisisSupport: false,
      reasons: [],
    });
  });

  it.each([1, 2, 3])("flags PHQ-9 item 9 = %d as urgent", (score) => {
    const result = assessSafety(definition, { ...gate, ...phq(score) });
    expect(result).toMatchObject({ level: "urgent", urgent: true, showCrisisSupport: true });
    expect(result.reasons).toContainEqual(
      expect.objectContaining({ code: "phq9-item9", linkId: "phq9.9", level: "urgent" }),
    );
  });

  it.each([
    ["safety.intent", "yes"],
    ["safety.intent", "unsure"],
    ["safety.harmed", "yes"],
  ])("flags %s = %s as urgent", (linkId, code) => {
    const answers = { ...gate, ...phq(0), "safety.thoughts": "fleeting", [linkId]: code };
    const result = assessSafety(definition, answers);
    expect(result.urgent).toBe(true);
    expect(result.reasons).toContainEqual(
      expect.objectContaining({ code: "safety-answer", linkId, level: "urgent" }),
    );
  });

  it("flags frequent thoughts as urgent and fleeting thoughts as review", () => {
    expect(assessSafety(definition, { ...gate, "safety.thoughts": "often" }).level).toBe("urgent");
    const fleeting = assessSafety(definition, {
      ...gate,
      "safety.thoughts": "fleeting",
      "safety.intent": "no",
      "safety.harmed": "no",
    });
    expect(fleeting).toMatchObject({ level: "review", urgent: false, showCrisisSupport: true });
  });

  it("asks the intent questions after PHQ-9 item 9 above 0 even if the thoughts question says no", () => {
    const result = assessSafety(definition, {
      ...gate,
      ...phq(1),
      "safety.thoughts": "no",
      "safety.intent": "yes",
    });
    expect(result.reasons.map((r) => r.linkId)).toEqual(["phq9.9", "safety.intent"]);
  });

  it("ignores answers to disabled safety questions", () => {
    expect(
      assessSafety(definition, { "mental-health.affected": "no", "safety.thoughts": "often" })
        .level,
    ).toBe("none");
  });

  it("raises urgent for free text that says the person may be at risk now, indirect wording too", () => {
    for (const text of [
      "Some days I think about ending my life",
      "Everyone would be better off without me",
    ]) {
      const result = assessSafety(definition, { "closing.other": text });
      expect(result).toMatchObject({ level: "urgent", urgent: true, showCrisisSupport: true });
      expect(result.reasons[0]).toMatchObject({ code: "free-text", linkId: "closing.other" });
    }
    expect(assessSafety(definition, { "closing.other": "self-harm years ago" }).level).toBe(
      "review",
    );
    expect(
      assessSafety(definition, { "condition.description": "Sore knee after a fall" }).level,
    ).toBe("none");
  });

  it("works on a pre-employment definition, which has no PHQ-9", () => {
    const core = getQuestionnaire("pre-employment-core", "1");
    expect(assessSafety(core, { "core.condition": false }).level).toBe("none");
    expect(
      assessSafety(core, {
        "core.mental-health": true,
        "core.mental-health.details": "past self-harm, now well",
      }).level,
    ).toBe("review");
  });
});
