/**
 * The referral lifecycle (docs/architecture.md §4). Every change of status goes through `transition`, which
 * says whether this kind of actor may move a referral from its current state by this event.
 */

export const referralStatuses = [
  "draft",
  "awaiting_payment",
  "invited",
  "in_progress",
  "submitted",
  "in_review",
  "awaiting_subject",
  "complete",
  "withheld",
  "declined",
  "cancelled",
  "expired",
  "payment_expired",
] as const;
export type ReferralStatus = (typeof referralStatuses)[number];

export type ReferralActorKind = "employer" | "subject" | "doctor" | "admin" | "system";

export type ReferralEvent =
  | "submit_with_credits"
  | "submit_for_payment"
  | "payment_confirmed"
  | "payment_expired"
  | "subject_started"
  | "subject_declined"
  | "subject_submitted"
  | "doctor_took"
  | "report_sent"
  | "subject_approved"
  | "subject_requested_correction"
  | "subject_withheld"
  | "invitation_expired"
  | "reinvited"
  | "cancelled";

interface Rule {
  from: readonly ReferralStatus[];
  to: ReferralStatus;
  by: readonly ReferralActorKind[];
}

const rules: Record<ReferralEvent, Rule> = {
  submit_with_credits: { from: ["draft"], to: "invited", by: ["employer"] },
  submit_for_payment: { from: ["draft"], to: "awaiting_payment", by: ["employer"] },
  payment_confirmed: { from: ["awaiting_payment"], to: "invited", by: ["system"] },
  // A checkout left unpaid for 7 days ends; nobody was invited and nothing was charged. A state
  // of its own, not `expired`: no invitation lapsed, and there is nothing to re-invite or cancel.
  payment_expired: { from: ["awaiting_payment"], to: "payment_expired", by: ["system"] },
  subject_started: { from: ["invited"], to: "in_progress", by: ["subject"] },
  // Declining consent ends the case without health data; the employer learns only that it could not go ahead.
  subject_declined: { from: ["invited", "in_progress"], to: "declined", by: ["subject"] },
  subject_submitted: { from: ["in_progress"], to: "submitted", by: ["subject"] },
  doctor_took: { from: ["submitted"], to: "in_review", by: ["doctor", "admin"] },
  report_sent: { from: ["in_review"], to: "awaiting_subject", by: ["doctor"] },
  subject_approved: { from: ["awaiting_subject"], to: "complete", by: ["subject"] },
  subject_requested_correction: { from: ["awaiting_subject"], to: "in_review", by: ["subject"] },
  subject_withheld: { from: ["awaiting_subject"], to: "withheld", by: ["subject"] },
  invitation_expired: { from: ["invited", "in_progress"], to: "expired", by: ["system"] },
  reinvited: { from: ["expired"], to: "invited", by: ["employer"] },
  // Only before the subject submits (docs/architecture.md §4); credits go back to the ledger.
  cancelled: {
    from: ["draft", "awaiting_payment", "invited", "in_progress", "expired"],
    to: "cancelled",
    by: ["employer", "admin"],
  },
};

export class TransitionError extends Error {
  constructor(
    readonly event: ReferralEvent,
    readonly from: ReferralStatus,
    readonly actor: ReferralActorKind,
  ) {
    super(
      `A ${actor} cannot ${event.replaceAll("_", " ")} a referral that is ${from.replaceAll("_", " ")}.`,
    );
  }
}

/** The next status, or a TransitionError when the event is not allowed here or for this actor. */
export function transition(
  from: ReferralStatus,
  event: ReferralEvent,
  actor: ReferralActorKind,
): ReferralStatus {
  const rule = rules[event];
  if (!rule.from.includes(from) || !rule.by.includes(actor))
    throw new TransitionError(event, from, actor);
  return rule.to;
}

export function canTransition(
  from: ReferralStatus,
  event: ReferralEvent,
  actor: ReferralActorKind,
): boolean {
  const rule = rules[event];
  return rule.from.includes(from) && rule.by.includes(actor);
}

/** Statuses from which the employer may still cancel: before the subject submits. */
export const cancellableStatuses = rules.cancelled.from;

/** Final states: nothing moves a referral out of them. */
export const finalStatuses: readonly ReferralStatus[] = [
  "complete",
  "withheld",
  "declined",
  "cancelled",
  "payment_expired",
];

/**
 * The seed's labels on screen, each in words, except "Awaiting payment": the seed's "Pending" read
 * as if the case were under way when the employer had yet to pay
 * (docs/decisions/0012-refunds-and-credit-notes.md), and "In progress", which the seed wrote as the
 * questionnaire's raw status "in-progress".
 */
export const statusLabels: Record<ReferralStatus, string> = {
  draft: "Draft",
  awaiting_payment: "Awaiting payment",
  invited: "Employee invited",
  in_progress: "In progress",
  submitted: "Submitted",
  in_review: "In review",
  awaiting_subject: "With employee for review",
  complete: "Complete",
  withheld: "Consent withheld",
  declined: "Could not go ahead",
  cancelled: "Cancelled",
  expired: "Invitation expired",
  payment_expired: "Payment not completed",
};

/** Badge colours: Complete green, Pending amber, everything else blue (seed). */
export function statusTone(status: ReferralStatus): "complete" | "pending" | "info" {
  if (status === "complete") return "complete";
  if (status === "awaiting_payment") return "pending";
  return "info";
}

/**
 * "Active Assessments" on the employer dashboard: cases under way. A referral awaiting payment is
 * not active: nobody has been invited until it is paid.
 */
export const activeStatuses: readonly ReferralStatus[] = [
  "invited",
  "in_progress",
  "submitted",
  "in_review",
  "awaiting_subject",
];

export { rules as referralTransitionRules };
