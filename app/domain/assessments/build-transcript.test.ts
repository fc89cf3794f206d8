import { describe, expect, it } from "vitest";
import { buildManagementAssessment } from "./build-management-assessment.ts";
import { buildTranscript, formatDateGb } from "./build-transcript.ts";

const definition = buildManagementAssessment({
  referralReason: "Frequent short absences with back pain.",
});

describe("buildTranscript", () => {
  it("writes question then answer, in question order, with the employer's reason quoted", () => {
    const transcript = buildTranscript(definition, {
      "condition.duration": "1-3m",
      "reason.agree": "partly",
      "reason.own-words": "It is mostly the lifting.",
      "condition.categories": ["musculoskeletal", "mental-health"],
    });
    expect(transcript.map((l) => [l.type, l.content])).toEqual([
      ["assistant", expect.stringMatching(/^Thank you for taking part/)],
      ["assistant", "Why you have been referred"],
      ["assistant", "Your employer gave this reason for referring you to occupational health:"],
      ["assistant", "“Frequent short absences with back pain.”"],
      ["assistant", "Does that describe the situation as you see it?"],
      ["user", "Partly"],
      ["assistant", "How do you see the situation?"],
      ["user", "It is mostly the lifting."],
      ["assistant", "Your health"],
      ["assistant", expect.stringMatching(/^Which of these describe/)],
      [
        "user",
        "Muscles, joints or back; Stress, low mood, anxiety or another mental health condition",
      ],
      ["assistant", "How long have you had these symptoms?"],
      ["user", "1 to 3 months"],
    ]);
  });

  it("leaves out disabled items and their stale answers, and unreached display text", () => {
    const transcript = buildTranscript(definition, {
      "reason.agree": "yes",
      "reason.own-words": "stale",
      "mental-health.affected": "no",
      "phq9.1": "3",
    });
    const contents = transcript.map((l) => l.content);
    expect(contents).not.toContain("stale");
    expect(contents.some((c) => c.includes("Little interest"))).toBe(false);
    expect(contents.some((c) => c.startsWith("We ask everyone"))).toBe(false);
  });

  it("formats booleans, integers and en-GB dates for a doctor", () => {
    const transcript = buildTranscript(definition, {
      "work.status": "off-sick",
      "work.absence-start": "2026-10-03",
      "work.absence-days": 21,
      "closing.consultation": true,
    });
    const user = transcript.filter((l) => l.type === "user").map((l) => l.content);
    expect(user).toEqual(["No, I am off sick", "3 October 2026", "21", "Yes"]);
    expect(transcript.every((l) => l.linkId)).toBe(true);
  });

  it("shows the PHQ-9 stem once, before its items", () => {
    const transcript = buildTranscript(definition, {
      "mental-health.affected": "yes",
      "phq9.1": "2",
    });
    const i = transcript.findIndex((l) => l.linkId === "phq9");
    expect(transcript[i]?.content).toBe(
      "Over the last 2 weeks, how often have you been bothered by any of the following problems?",
    );
    expect(transcript.slice(i + 1).map((l) => l.content)).toEqual([
      "Little interest or pleasure in doing things",
      "More than half the days",
    ]);
  });

  it("formats partial dates", () => {
    expect(formatDateGb("2026-03")).toBe("March 2026");
    expect(formatDateGb("2026")).toBe("2026");
  });
});
