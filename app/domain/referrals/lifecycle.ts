/**
 * The referral's life in one table (docs/architecture.md §4, "The lifecycle table"). Each state says
 * how it is shown, who may see it, whether the case is still under way, what each role may do in
 * it and how it is left. Lists, filters, drawers, the doctor's queue and the admin console read
 * their behaviour from here; every change of status goes through `transition`.
 */

import { DomainError } from "~/domain/kernel/errors.ts";

export const referralStatuses = [
  "draft",
  "awaiting_payment",
  "invited",
  "in_progress",
  "submitted",
  "in_review",
  "awaiting_subject",
  "on_hold",
  "complete",
  "withheld",
  "declined",
  "cancelled",
  "expired",
  "payment_expired",
] as const;
export type ReferralStatus = (typeof referralStatuses)[number];

export type ReferralActorKind = "employer" | "subject" | "doctor" | "admin" | "system";
/** The people who see a referral on a screen (the system acts but sees nothing). */
type ReferralRole = Exclude<ReferralActorKind, "system">;
export const referralRoles = [
  "employer",
  "doctor",
  "subject",
  "admin",
] as const satisfies readonly ReferralRole[];

export const referralEvents = [
  "submit_with_credits",
  "submit_for_payment",
  "payment_confirmed",
  "payment_expired",
  "subject_started",
  "subject_declined",
  "subject_submitted",
  "doctor_took",
  "report_sent",
  "subject_approved",
  "subject_requested_correction",
  "subject_withheld",
  "invitation_expired",
  "reinvited",
  "cancelled",
  "hold_placed",
  "hold_lifted",
  "amendment_started",
  "amendment_withheld",
] as const;
export type ReferralEvent = (typeof referralEvents)[number];

/** What a person may do to a referral in a state; each is a control on some screen. */
export const referralActions = [
  /** Employer: finish a draft. */
  "edit",
  /** Employer: pay an order left unpaid. */
  "pay",
  /** Employer or administrator: cancel before the person submits. */
  "cancel",
  /** Employer: remind the person to start or finish. Doctor: remind them to review the report. */
  "remind",
  /** Person: open the assessment and answer. */
  "answer",
  /** Doctor or administrator: take a submitted case for review. */
  "take",
  /** Doctor: write and send the report. */
  "send_report",
  /** Person: read the report and decide on its release. */
  "review_report",
  /** Employer, doctor or person: read the released report. */
  "view_report",
  /** Administrator: give the case to another doctor. */
  "reassign",
  /**
   * Doctor: amend the released report after a question about it (docs/architecture.md §4,
   * "Amending a released report"); the amendment goes through the person's review again.
   */
  "amend_report",
  /** Administrator: put the case on hold. */
  "hold",
  /** Administrator: lift the hold. */
  "lift_hold",
  /**
   * Write in the case conversation and send documents (docs/architecture.md §4, "The case
   * conversation"). The employer from the invitation on, so the doctor who takes the case finds the
   * job description waiting; the doctor once the case is theirs; both for 30 days after release,
   * about the released report. The person while the case is open for them, to send the doctor a
   * fit note or a letter.
   */
  "message",
  /**
   * Employer: send a lapsed invitation again, as the same referral and at no new cost, within 30
   * days of its expiry (docs/architecture.md §4, "Re-inviting and closing").
   */
  "reinvite",
  /**
   * Employer: close a complete case, "no further action". Not a change of state: the case stays
   * complete with its report (docs/architecture.md §4, "Re-inviting and closing").
   */
  "close",
] as const;
export type ReferralAction = (typeof referralActions)[number];

/** The target of a transition that returns to the state recorded when the current one was entered. */
export const previousState = "previous" as const;

interface StateTransition {
  to: ReferralStatus | typeof previousState;
  /** The guard: the kinds of actor who may take this transition. */
  by: readonly ReferralActorKind[];
}

type BadgeTone = "complete" | "pending" | "info";

interface StateEntry {
  /** The label on screen; each in words (the seed's raw "in-progress" read as a code). */
  label: string;
  /** Badge colour: Complete green, waiting on someone outside the case amber, else blue (seed). */
  tone: BadgeTone;
  /** Who may see a case in this state at all (each still through the visibility builders). */
  visibleTo: readonly ReferralRole[];
  /** "Active": under way, counted on the employer's dashboard. */
  active: boolean;
  /** Final: the case has ended and nothing moves it on. */
  final: boolean;
  /** Entering this state records the state left, for a transition back to `previousState`. */
  remembersPrevious?: true;
  /** What each role may do here; a role not named may do nothing. */
  actions: Partial<Record<ReferralRole, readonly ReferralAction[]>>;
  /** The ways out of this state, by event. */
  on: Partial<Record<ReferralEvent, StateTransition>>;
}

const everyone = ["employer", "doctor", "subject", "admin"] as const;
// Doctors see a case from submission (earlier only when assigned or urgent: the visibility
// builder decides which), never a draft, an unpaid checkout or a case that ended before them.
const beforeDoctors = ["employer", "subject", "admin"] as const;
const cancel: StateTransition = { to: "cancelled", by: ["employer", "admin"] };
// An administrator may pause any case under way (docs/architecture.md §4, "On hold").
const hold: StateTransition = { to: "on_hold", by: ["admin"] };

// A case under way, from the invitation until the report is released: everyone may see it.
const underWay = {
  tone: "info",
  visibleTo: everyone,
  active: true,
  final: false,
} as const satisfies Partial<StateEntry>;

// While the person has the questionnaire (invited, then started): the employer may chase or
// cancel, the administrator may step in, and declining or a lapsed invitation ends it.
const withThePerson = {
  ...underWay,
  actions: {
    employer: ["remind", "cancel", "message"],
    subject: ["answer", "message"],
    admin: ["reassign", "hold"],
  },
} as const satisfies Partial<StateEntry>;
const whileWithThePerson = {
  // Declining consent ends the case without health data.
  subject_declined: { to: "declined", by: ["subject"] },
  invitation_expired: { to: "expired", by: ["system"] },
  cancelled: cancel,
  hold_placed: hold,
} as const satisfies StateEntry["on"];

// Before anyone is invited: the employer's own, not yet a case under way.
const employersOnly = {
  visibleTo: ["employer", "admin"],
  active: false,
  final: false,
} as const satisfies Partial<StateEntry>;

// A case that has ended: nobody may do anything with it and nothing moves it on.
const ended = {
  tone: "info",
  active: false,
  final: true,
  actions: {},
  on: {},
} as const satisfies Partial<StateEntry>;

export const lifecycle: Record<ReferralStatus, StateEntry> = {
  draft: {
    label: "Draft",
    tone: "info",
    ...employersOnly,
    actions: { employer: ["edit", "cancel"] },
    on: {
      submit_with_credits: { to: "invited", by: ["employer"] },
      submit_for_payment: { to: "awaiting_payment", by: ["employer"] },
      cancelled: cancel,
    },
  },
  // Not active: nobody has been invited until it is paid. The seed's "Pending" read as if the
  // case were under way (docs/decisions/0012-refunds-and-credit-notes.md).
  awaiting_payment: {
    label: "Awaiting payment",
    tone: "pending",
    ...employersOnly,
    actions: { employer: ["pay", "cancel"] },
    on: {
      payment_confirmed: { to: "invited", by: ["system"] },
      // A checkout left unpaid for 7 days ends; nobody was invited and nothing was charged. A
      // state of its own, not `expired`: no invitation lapsed, there is nothing to re-invite.
      payment_expired: { to: "payment_expired", by: ["system"] },
      cancelled: cancel,
    },
  },
  invited: {
    label: "Employee invited",
    ...withThePerson,
    on: { subject_started: { to: "in_progress", by: ["subject"] }, ...whileWithThePerson },
  },
  in_progress: {
    label: "In progress",
    ...withThePerson,
    on: { subject_submitted: { to: "submitted", by: ["subject"] }, ...whileWithThePerson },
  },
  submitted: {
    label: "Submitted",
    ...underWay,
    actions: {
      employer: ["message"],
      doctor: ["take"],
      subject: ["message"],
      admin: ["take", "reassign", "hold"],
    },
    on: { doctor_took: { to: "in_review", by: ["doctor", "admin"] }, hold_placed: hold },
  },
  in_review: {
    label: "In review",
    ...underWay,
    actions: {
      // Reading the report: only a report released before an amendment (the page finds one or none).
      employer: ["message", "view_report"],
      doctor: ["send_report", "message"],
      subject: ["message"],
      admin: ["reassign", "hold"],
    },
    on: { report_sent: { to: "awaiting_subject", by: ["doctor"] }, hold_placed: hold },
  },
  awaiting_subject: {
    label: "With employee for review",
    ...underWay,
    actions: {
      employer: ["message", "view_report"],
      doctor: ["remind", "message"],
      subject: ["review_report", "message"],
      admin: ["hold"],
    },
    on: {
      subject_approved: { to: "complete", by: ["subject"] },
      subject_requested_correction: { to: "in_review", by: ["subject"] },
      subject_withheld: { to: "withheld", by: ["subject"] },
      // Withholding an amendment ends it, not the case: the version released before stands.
      amendment_withheld: { to: "complete", by: ["subject"] },
      hold_placed: hold,
    },
  },
  // Paused by an administrator; lifting it returns the case to exactly where it was. Still a case
  // under way, so still active; nobody but the administrator may move it.
  on_hold: {
    label: "On hold",
    ...underWay,
    tone: "pending",
    remembersPrevious: true,
    actions: { admin: ["lift_hold"] },
    on: { hold_lifted: { to: previousState, by: ["admin"] } },
  },
  // Not final: within the question window the doctor may amend the released report, which takes
  // the case back through review (docs/architecture.md §4, "Amending a released report").
  complete: {
    label: "Complete",
    tone: "complete",
    visibleTo: everyone,
    active: false,
    final: false,
    actions: {
      employer: ["view_report", "message", "close"],
      doctor: ["view_report", "message", "amend_report"],
      subject: ["view_report"],
    },
    on: { amendment_started: { to: "in_review", by: ["doctor"] } },
  },
  withheld: { label: "Consent withheld", visibleTo: everyone, ...ended },
  declined: { label: "Could not go ahead", visibleTo: beforeDoctors, ...ended },
  cancelled: { label: "Cancelled", visibleTo: beforeDoctors, ...ended },
  expired: {
    label: "Invitation expired",
    tone: "info",
    visibleTo: beforeDoctors,
    active: false,
    final: false,
    actions: { employer: ["reinvite", "cancel"] },
    on: { reinvited: { to: "invited", by: ["employer"] }, cancelled: cancel },
  },
  payment_expired: { label: "Payment not completed", visibleTo: ["employer", "admin"], ...ended },
};

/**
 * The lifecycle's refusal of an event: the domain's one error (docs/architecture.md §3b), coded
 * `invalid_state`, which the code-to-HTTP map answers 409. In practice the case moved on between
 * the page and the click, so the words say that to whoever pressed the button.
 */
function transitionRefused(from: ReferralStatus) {
  return new DomainError(
    "invalid_state",
    `This case has moved on (it is now "${lifecycle[from].label}"); reload the page.`,
  );
}

function allowed(from: ReferralStatus, event: ReferralEvent, actor: ReferralActorKind) {
  const out = lifecycle[from].on[event];
  return out?.by.includes(actor) ? out : null;
}

/**
 * The next status, or an `invalid_state` refusal when the event is not allowed here or for this
 * actor. A transition back to the previous state needs the state recorded on entering this one.
 */
export function transition(
  from: ReferralStatus,
  event: ReferralEvent,
  actor: ReferralActorKind,
  previous?: ReferralStatus | null,
): ReferralStatus {
  const out = allowed(from, event, actor);
  if (!out) throw transitionRefused(from);
  if (out.to !== previousState) return out.to;
  if (!previous || previous === from) throw transitionRefused(from);
  return previous;
}

export function canTransition(
  from: ReferralStatus,
  event: ReferralEvent,
  actor: ReferralActorKind,
): boolean {
  return allowed(from, event, actor) !== null;
}

/** Whether this role may take this action on a referral in this state. */
export function canAct(
  status: ReferralStatus,
  role: ReferralRole,
  action: ReferralAction,
): boolean {
  return lifecycle[status].actions[role]?.includes(action) ?? false;
}

/** The states in which this role may take this action. */
export function statusesWhere(role: ReferralRole, action: ReferralAction): ReferralStatus[] {
  return referralStatuses.filter((s) => canAct(s, role, action));
}

/** The states this role may see. */
export function statusesVisibleTo(role: ReferralRole): ReferralStatus[] {
  return referralStatuses.filter((s) => lifecycle[s].visibleTo.includes(role));
}

/** The states an event leaves from. */
function statusesLeftBy(event: ReferralEvent): ReferralStatus[] {
  return referralStatuses.filter((s) => lifecycle[s].on[event] !== undefined);
}

export const statusLabels = Object.fromEntries(
  referralStatuses.map((s) => [s, lifecycle[s].label]),
) as Record<ReferralStatus, string>;

export function statusTone(status: ReferralStatus): BadgeTone {
  return lifecycle[status].tone;
}

/** Statuses from which the employer may still cancel: before the subject submits. */
export const cancellableStatuses: readonly ReferralStatus[] = statusesWhere("employer", "cancel");

/** Final states: nothing moves a referral out of them. */
export const finalStatuses: readonly ReferralStatus[] = referralStatuses.filter(
  (s) => lifecycle[s].final,
);

/**
 * Ended cases: the final states and a complete one, which only an amendment of its report takes
 * back into review. The administrator's "urgent" counts leave them out.
 */
export const endedStatuses: readonly ReferralStatus[] = [...finalStatuses, "complete"];

/** "Active Assessments" on the employer dashboard: cases under way, on hold included. */
export const activeStatuses: readonly ReferralStatus[] = referralStatuses.filter(
  (s) => lifecycle[s].active,
);

/** The states an administrator may put on hold. */
export const holdableStatuses: readonly ReferralStatus[] = statusesLeftBy("hold_placed");
