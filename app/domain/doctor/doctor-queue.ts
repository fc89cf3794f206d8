import type { ReportStatus } from "~/db/schema/reports.ts";
import type { DoctorActor } from "~/domain/kernel/actor.ts";
import {
  type ReferralStatus,
  statusesVisibleTo,
  statusesWhere,
} from "~/domain/referrals/lifecycle.ts";

/**
 * The statuses a doctor's queue shows: those the lifecycle table shows doctors (from submission to
 * the end of the case, a case on hold included); before submission only a case an administrator
 * assigned to the doctor, or one whose answers raised an urgent safety flag before the person
 * sent them (the visibility builder decides which).
 */
const doctorVisibleStatuses: readonly ReferralStatus[] = statusesVisibleTo("doctor");

/**
 * The open queue: the states in which the lifecycle table lets a doctor take a case. A case put
 * on hold before anyone took it is not there (nobody but an administrator may move it), and comes
 * back when the hold is lifted.
 */
const doctorQueueStatuses: readonly ReferralStatus[] = statusesWhere("doctor", "take");

/**
 * A doctor as the kernel knows them, with the states in which they see their own cases and the
 * open queue: the kernel's visibility builders take the lists from the actor rather than from
 * this area.
 */
export function actorOfDoctor(
  doctor: Omit<DoctorActor, "role" | "caseStatuses" | "queueStatuses">,
): DoctorActor {
  return {
    role: "doctor",
    ...doctor,
    caseStatuses: doctorVisibleStatuses,
    queueStatuses: doctorQueueStatuses,
  };
}

export const doctorTabs = ["all", "pending", "completed"] as const;
export type DoctorTab = (typeof doctorTabs)[number];

/** Completed: the doctor's report has gone out. */
const reportSentStatuses = [
  "awaiting_subject",
  "complete",
  "withheld",
] as const satisfies readonly ReferralStatus[];

/** Pending: still the doctor's to act on, a case on hold included (it comes back to them). */
export const tabStatuses: Record<DoctorTab, readonly ReferralStatus[]> = {
  all: doctorVisibleStatuses,
  pending: doctorVisibleStatuses.filter(
    (s) => !(reportSentStatuses as readonly string[]).includes(s),
  ),
  completed: reportSentStatuses,
};

/**
 * The SLA clock runs while the doctor owes work: where the lifecycle table lets a doctor take the
 * case or send its report. On hold is neither, so the clock stops there
 * (docs/architecture.md §4, "On hold").
 */
export const slaRunningStatuses: readonly ReferralStatus[] = [
  ...statusesWhere("doctor", "take"),
  ...statusesWhere("doctor", "send_report"),
];

/** The SLA warning goes out when three quarters of the turnaround has been used. */
export const SLA_AT_RISK_FRACTION = 0.75;

/**
 * An urgent safety flag keeps a case in front of every doctor from the answer that raised it,
 * whether or not the person sends their answers, until the report has gone out.
 */
export const urgentOpenStatuses = [
  "in_progress",
  "submitted",
  "in_review",
] as const satisfies readonly ReferralStatus[];

export function urgentOpen(c: Pick<QueueCase, "status" | "urgent">): boolean {
  return c.urgent && (urgentOpenStatuses as readonly ReferralStatus[]).includes(c.status);
}

/** "Flagged 25 minutes ago", for the queue: the time since the flag is what the doctor acts on. */
export function timeSinceFlag(urgentAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - urgentAt.getTime()) / 60_000));
  if (minutes < 1) return "Flagged just now";
  if (minutes < 60) return `Flagged ${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 24)
    return `Flagged ${hours} hour${hours === 1 ? "" : "s"}${rest ? ` ${rest} min` : ""} ago`;
  const days = Math.floor(hours / 24);
  return `Flagged ${days} day${days === 1 ? "" : "s"} ago`;
}

export interface QueueCase {
  status: ReferralStatus;
  urgent: boolean;
  /** A successful contact with the person has been recorded since the flag. */
  contacted?: boolean;
  submittedAt: Date | null;
  slaDueAt: Date | null;
  reportStatus: ReportStatus | null;
}

/** Only cases the doctor still owes work on have an SLA that can be at risk. */
function slaRunning(c: Pick<QueueCase, "status">): boolean {
  return slaRunningStatuses.includes(c.status);
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

/** docs/architecture.md §4: SLA at risk or breached, or the subject asked for a correction. */
export function needsAttention(c: QueueCase, now: Date): boolean {
  const sla = slaState(c, now);
  return sla === "at-risk" || sla === "breached" || c.reportStatus === "correction_requested";
}

/**
 * Queue order (the SQL in doctor-cases.server.ts follows the same rule): open urgent flags nobody
 * has yet reached the person about, then other open urgent cases, then cases needing attention,
 * then the earliest SLA; cases without a running SLA (already sent) after every open one.
 */
function queueRank(c: QueueCase, now: Date): number {
  if (urgentOpen(c) && !c.contacted) return 0;
  if (urgentOpen(c)) return 1;
  if (needsAttention(c, now)) return 2;
  if (slaRunning(c)) return 3;
  return 4;
}

export function compareQueueCases(a: QueueCase, b: QueueCase, now: Date): number {
  const byRank = queueRank(a, now) - queueRank(b, now);
  if (byRank !== 0) return byRank;
  if (queueRank(a, now) < 4) return (a.slaDueAt?.getTime() ?? 0) - (b.slaDueAt?.getTime() ?? 0);
  return (b.submittedAt?.getTime() ?? 0) - (a.submittedAt?.getTime() ?? 0);
}

type DoctorRowAction = "review" | "report" | "remind" | null;

/**
 * The seed's row actions mapped onto our states: a case still to review gives Review, a
 * released one gives Report, a report waiting with the subject gives Remind.
 */
export function doctorRowAction(status: ReferralStatus): DoctorRowAction {
  if (status === "in_progress" || status === "submitted" || status === "in_review") return "review";
  if (status === "complete") return "report";
  if (status === "awaiting_subject") return "remind";
  return null;
}
