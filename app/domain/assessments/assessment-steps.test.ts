import { describe, expect, it } from "vitest";
import {
  conversationBefore,
  firstIncompleteStep,
  nextStep,
  previousStep,
  REVIEW_STEP,
  reviewSections,
  stepContent,
  stepIds,
  stepOfQuestion,
  stepProgress,
  unansweredRequired,
} from "./assessment-steps.ts";
import { buildManagementAssessment } from "./build-management-assessment.ts";
import { buildPreEmploymentQuestionnaire } from "./build-pre-employment-questionnaire.ts";

const office = buildPreEmploymentQuestionnaire({
  jobRole: "office-worker",
  drivingRequired: false,
  nightShifts: false,
  loneWorking: false,
  safetyCritical: false,
}).definition;
const management = buildManagementAssessment({ referralReason: "Back pain" });

describe("pre-employment steps", () => {
  it("are one page per module group", () => {
    expect(stepIds(office, "pre_employment", {})).toEqual(["core", "dse", "adjustments"]);
    expect(nextStep(office, "pre_employment", {}, "core")).toBe("dse");
    expect(nextStep(office, "pre_employment", {}, "adjustments")).toBe(REVIEW_STEP);
    expect(previousStep(office, "pre_employment", {}, "core")).toBeNull();
    expect(previousStep(office, "pre_employment", {}, REVIEW_STEP)).toBe("adjustments");
    expect(stepProgress(office, "pre_employment", {}, "dse")).toEqual({ index: 2, total: 4 });
  });

  it("show a follow-up question only once the answer that opens it is given", () => {
    const closed = stepContent(office, "pre_employment", {}, "core").items.map((i) => i.linkId);
    expect(closed).not.toContain("core.condition.details");
    const open = stepContent(office, "pre_employment", { "core.condition": true }, "core").items;
    expect(open.map((i) => i.linkId)).toContain("core.condition.details");
    expect(
      unansweredRequired(office, "pre_employment", { "core.condition": true }, "core"),
    ).toEqual(expect.arrayContaining(["core.condition.details", "core.treatment"]));
  });

  it("send a Change from the review page to the first unanswered required question", () => {
    expect(firstIncompleteStep(office, "pre_employment", {})).toBe("core");
    expect(stepOfQuestion(office, "pre_employment", "dse.eyes")).toBe("dse");
  });

  it("list every enabled question with its answer for review", () => {
    const sections = reviewSections(office, "pre_employment", { "core.condition": false });
    expect(sections[0]?.heading).toBe("Your health");
    expect(sections[0]?.rows[0]).toMatchObject({
      linkId: "core.condition",
      answer: "No",
      step: "core",
    });
    expect(sections[0]?.rows.find((r) => r.linkId === "core.treatment")?.answer).toBeNull();
  });
});

describe("management steps", () => {
  it("are one question at a time, following the branches the answers open", () => {
    const steps = stepIds(management, "management", {});
    expect(steps[0]).toBe("reason.agree");
    expect(steps).not.toContain("phq9.1");
    const withMood = stepIds(management, "management", {
      "condition.categories": ["mental-health"],
    });
    expect(withMood).toContain("phq9.9");
    expect(nextStep(management, "management", { "reason.agree": "yes" }, "reason.agree")).toBe(
      "condition.categories",
    );
    expect(nextStep(management, "management", { "reason.agree": "no" }, "reason.agree")).toBe(
      "reason.own-words",
    );
  });

  it("keep the conversation so far, including the prompts that lead to the question", () => {
    const lines = conversationBefore(management, { "reason.agree": "partly" }, "reason.own-words");
    expect(lines.map((l) => l.type)).toContain("user");
    expect(lines.at(-1)).toEqual({ type: "user", content: "Partly", linkId: "reason.agree" });
    expect(lines.some((l) => l.content.includes("Back pain"))).toBe(true);
    expect(stepContent(management, "management", {}, "phq9.1").group?.linkId).toBe("phq9");
    // The opening texts lead into the first question; the question's own group is its caption.
    const first = conversationBefore(management, {}, "reason.agree");
    expect(first.map((l) => l.linkId)).toEqual(["intro", "reason.intro", "reason.employer"]);
    // A section skipped entirely leaves no heading in the chat.
    const jumped = conversationBefore(
      management,
      { "condition.categories": ["mental-health"], "phq9.1": "1" },
      "phq9.2",
    );
    expect(jumped.map((l) => l.linkId)).not.toContain("treatment");
    expect(jumped.map((l) => l.linkId)).not.toContain("phq9");
    expect(jumped.at(-1)).toMatchObject({ type: "user", content: "Several days" });
  });
});
