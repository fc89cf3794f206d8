import type { ReportStatus } from "~/db/schema/reports.ts";
import type { ReferralStatus } from "~/domain/referrals/states.ts";

/** The statuses a doctor's queue shows: from submission to the end of the case. */
export const doctorVisibleStatuses = [
  "submitted",
  "in_review",
  "awaiting_subject",
  "complete",
  "withheld",
] as const satisfies readonly ReferralStatus[];

export type DoctorTab = "all" | "pending" | "completed";
export const doctorTabs: readonly DoctorTab[] = ["all", "pending", "completed"];

/** Pending: still the doctor's to act on. Completed: the doctor's report has gone out. */
export const tabStatuses: Record<DoctorTab, readonly ReferralStatus[]> = {
  all: doctorVisibleStatuses,
  pending: ["submitted", "in_review"],
  completed: ["awaiting_subject", "complete", "withheld"],
};

/** The SLA warning goes out when three quarters of the turnaround has been used. */
export const SLA_AT_RISK_FRACTION = 0.75;

export interface QueueCase {
  status: ReferralStatus;
  urgent: boolean;
  submittedAt: Date | null;
  slaDueAt: Date | null;
  reportStatus: ReportStatus | null;
}

/** Only cases the doctor still owes work on have an SLA that can be at risk. */
function slaRunning(c: Pick<QueueCase, "status">): boolean {
  return c.status === "submitted" || c.status === "in_review";
}

export function slaState(
  c: Pick<QueueCase, "status" | "submittedAt" | "slaDueAt">,
  now: Date,
): "ok" | "at-risk" | "breached" | "none" {
  if (!slaRunning(c) || !c.slaDueAt || !c.submittedAt) return "none";
  const due = c.slaDueAt.getTime();
  if (now.getTime() >= due) return "breached";
  const start = c.submittedAt.getTime();
  const used = (now.getTime() - start) / Math.max(1, due - start);
  return used >= SLA_AT_RISK_FRACTION ? "at-risk" : "ok";
}

/** The moment the SLA becomes at risk (75 % used). */
export function slaAtRiskAt(submittedAt: Date, slaDueAt: Date): Date {
  const start = submittedAt.getTime();
  return new Date(start + (slaDueAt.getTime() - start) * SLA_AT_RISK_FRACTION);
}

/** DESIGN.md §4: SLA at risk or breached, or the subject asked for a correction. */
export function needsAttention(c: QueueCase, now: Date): boolean {
  const sla = slaState(c, now);
  return sla === "at-risk" || sla === "breached" || c.reportStatus === "correction_requested";
}

/**
 * Queue order: urgent safety flags first, then cases needing attention, then the earliest SLA;
 * cases without a running SLA (already sent) after every open one, newest first.
 */
export function compareQueueCases(a: QueueCase, b: QueueCase, now: Date): number {
  const rank = (c: QueueCase) =>
    c.urgent && slaRunning(c) ? 0 : needsAttention(c, now) ? 1 : slaRunning(c) ? 2 : 3;
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  if (rank(a) < 3) return (a.slaDueAt?.getTime() ?? 0) - (b.slaDueAt?.getTime() ?? 0);
  return (b.submittedAt?.getTime() ?? 0) - (a.submittedAt?.getTime() ?? 0);
}

export type DoctorRowAction = "review" | "report" | "remind" | null;

/**
 * The seed's row actions mapped onto our states: a case still to review gives Review, a
 * released one gives Report, a report waiting with the subject gives Remind.
 */
export function doctorRowAction(status: ReferralStatus): DoctorRowAction {
  if (status === "submitted" || status === "in_review") return "review";
  if (status === "complete") return "report";
  if (status === "awaiting_subject") return "remind";
  return null;
}
