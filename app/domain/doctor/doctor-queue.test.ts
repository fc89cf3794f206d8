import { describe, expect, it } from "vitest";
import {
  compareQueueCases,
  doctorRowAction,
  needsAttention,
  type QueueCase,
  slaState,
} from "./doctor-queue.ts";

const submittedAt = new Date("2026-06-01T09:00:00Z");
const slaDueAt = new Date("2026-06-03T09:00:00Z"); // 48 hours
const base: QueueCase = {
  status: "submitted",
  urgent: false,
  submittedAt,
  slaDueAt,
  reportStatus: null,
};
const at = (hours: number) => new Date(submittedAt.getTime() + hours * 3_600_000);

describe("slaState and needsAttention", () => {
  it("is at risk from 75 % of the turnaround and breached at the due time", () => {
    expect(slaState(base, at(35))).toBe("ok");
    expect(slaState(base, at(36))).toBe("at-risk");
    expect(slaState(base, at(48))).toBe("breached");
    expect(needsAttention(base, at(35))).toBe(false);
    expect(needsAttention(base, at(36))).toBe(true);
    expect(needsAttention(base, at(60))).toBe(true);
  });

  it("stops the clock once the report has gone to the subject", () => {
    const sent = { ...base, status: "awaiting_subject" as const };
    expect(slaState(sent, at(60))).toBe("none");
    expect(needsAttention(sent, at(60))).toBe(false);
  });

  it("flags a correction request whatever the clock says", () => {
    const corrected = {
      ...base,
      status: "in_review" as const,
      reportStatus: "correction_requested" as const,
    };
    expect(needsAttention(corrected, at(1))).toBe(true);
  });
});

describe("compareQueueCases", () => {
  it("puts urgent first, then cases needing attention, then the earliest SLA, sent cases last", () => {
    const now = at(40);
    const relaxed = { ...base, submittedAt: at(30), slaDueAt: at(78) }; // 20 % used
    const earlier = { ...base, submittedAt: at(20), slaDueAt: at(68) }; // 42 % used
    const atRisk = base; // 83 % used
    const urgent = { ...relaxed, urgent: true };
    const sent = { ...base, status: "complete" as const, submittedAt: at(-100) };
    const sorted = [sent, relaxed, atRisk, earlier, urgent].sort((a, b) =>
      compareQueueCases(a, b, now),
    );
    expect(sorted).toEqual([urgent, atRisk, earlier, relaxed, sent]);
  });
});

describe("doctorRowAction", () => {
  it("follows the seed: Review while open, Report when complete, Remind while with the subject", () => {
    expect(doctorRowAction("submitted")).toBe("review");
    expect(doctorRowAction("in_review")).toBe("review");
    expect(doctorRowAction("complete")).toBe("report");
    expect(doctorRowAction("awaiting_subject")).toBe("remind");
    expect(doctorRowAction("withheld")).toBeNull();
  });
});
