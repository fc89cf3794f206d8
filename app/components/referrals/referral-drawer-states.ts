import { type ReferralPaymentFacts, whatWasReturned } from "~/domain/billing/referral-payment.ts";
import {
  lifecycle,
  type ReferralAction,
  type ReferralStatus,
  referralStatuses,
} from "~/domain/referrals/lifecycle.ts";
import { formatLongDate } from "~/lib/dates.ts";

/** What the drawer knows beyond the status, for the sentences below. */
export interface DrawerFacts {
  subjectName: string;
  payment: ReferralPaymentFacts;
  /** Why cancelling is no longer possible, from the server; null while it is. */
  cancelRefusal: string | null;
  /**
   * A report was released and the doctor is amending it: the released version stays shown while
   * the amendment is written and reviewed (docs/architecture.md §4, "Amending a released report").
   */
  amending: boolean;
  /**
   * An expired case: the last day a new invitation may be sent, from the server, or null once
   * that has passed (docs/architecture.md §4, "Re-inviting and closing").
   */
  reinviteUntil?: string | Date | null;
  /** A complete case the employer closed with no further action: when. */
  closedAt?: string | Date | null;
}

export type DrawerAction =
  | "edit"
  | "payNow"
  | "remind"
  | "cancel"
  | "downloadReport"
  | "newReferral"
  | "reinvite"
  | "close";

interface DrawerStateView {
  /** The heading of the section that says where the case stands. */
  heading: string;
  /** What has happened, in one or two sentences. */
  message(facts: DrawerFacts): string;
  /** What the employer can do next, or what they will hear and when. */
  next(facts: DrawerFacts): string;
  /**
   * The buttons in the footer, besides Close: what the lifecycle table lets the employer do in
   * this state, and "New referral" where the case has ended.
   */
  actions: readonly DrawerAction[];
  /**
   * Complete: the released report takes the place of the referral's details. In review or with
   * the person, it does so only while an amendment of a released report is under way.
   */
  showsReport: boolean;
}

/** What this file says about a state; its controls come from the lifecycle table. */
type DrawerStateWords = Omit<DrawerStateView, "actions"> & { offersNewReferral?: true };

/** The employer's lifecycle actions (app/domain/referrals/lifecycle.ts) as the drawer's buttons. */
const drawerActionOf: Partial<Record<ReferralAction, DrawerAction>> = {
  edit: "edit",
  pay: "payNow",
  remind: "remind",
  cancel: "cancel",
  view_report: "downloadReport",
  reinvite: "reinvite",
  close: "close",
};

const waitForReport = "You will receive a notification when the report is ready to read here.";

/**
 * The employer's drawer, state by state: one entry for every state of the lifecycle table
 * (app/domain/referrals/lifecycle.ts), so a new state cannot be added without saying what the
 * employer sees. Its buttons are the table's employer actions, so Cancel appears exactly where
 * the table lets an employer cancel.
 */
const views: Record<ReferralStatus, DrawerStateWords> = {
  draft: {
    heading: "Assessment Progress",
    message: () => "This referral is a draft: it has not been submitted.",
    next: (f) => `Finish and submit it to invite ${f.subjectName}.`,
    showsReport: false,
  },
  awaiting_payment: {
    heading: "Awaiting payment",
    message: (f) =>
      `The payment for this referral was not completed, so ${f.subjectName} has not been invited yet.`,
    next: () =>
      "Pay now to send the invitation, or cancel the referral. An unpaid referral expires 7 days after it was submitted.",
    showsReport: false,
  },
  invited: {
    heading: "Assessment Progress",
    message: () => "Employee has been invited to complete the assessment.",
    next: () =>
      "Send a reminder if they have not started. You will receive a notification when the employee completes the assessment and the doctor has reviewed it.",
    showsReport: false,
  },
  in_progress: {
    heading: "Assessment Progress",
    message: (f) => `${f.subjectName} has started the assessment.`,
    next: () =>
      "You will receive a notification when the employee completes the assessment and the doctor has reviewed it.",
    showsReport: false,
  },
  submitted: {
    heading: "Assessment Progress",
    message: (f) =>
      `${f.subjectName} has completed the assessment. It is waiting for a doctor's review.`,
    next: () => waitForReport,
    showsReport: false,
  },
  in_review: {
    heading: "Assessment Progress",
    message: (f) =>
      f.amending
        ? "The doctor is amending the released report. The released version below stays the one you read until the amendment is approved."
        : "A doctor is reviewing the assessment and writing the report.",
    next: (f) =>
      f.amending
        ? "You will receive a notification if the employee approves the amended version."
        : waitForReport,
    showsReport: false,
  },
  awaiting_subject: {
    heading: "Assessment Progress",
    message: (f) =>
      f.amending
        ? `The amended report is with ${f.subjectName}, who reads it before it replaces the released version below.`
        : `The doctor's report is with ${f.subjectName}, who reads it before it is released to you.`,
    next: () => "You will receive a notification when they approve its release.",
    showsReport: false,
  },
  // Paused by ReferOH (docs/architecture.md §4, "On hold"). The administrator's reason is for
  // ReferOH's staff and may touch on the person's health, so the employer reads what it means.
  on_hold: {
    heading: "On hold",
    message: () =>
      "On hold: ReferOH has paused this case for the moment. Nothing moves on until the hold is lifted, and no reminders are sent to the employee.",
    next: () =>
      "ReferOH will contact you about it. When the hold is lifted the case carries on from where it was, with the time on hold added to its turnaround.",
    showsReport: false,
  },
  complete: {
    heading: "Report",
    message: (f) =>
      f.closedAt
        ? `The report has been released to you. You closed this referral with no further action on ${formatLongDate(f.closedAt)}.`
        : "The report has been released to you.",
    next: (f) =>
      f.closedAt
        ? "The report stays here to read and download. Make a new referral if anything changes."
        : "Download the PDF to keep it with the employee's records. Close the referral when no further action is needed.",
    showsReport: true,
  },
  withheld: {
    heading: "Consent withheld",
    message: (f) =>
      `${f.subjectName} withheld their consent to release the report, so it is not shared with you.`,
    next: () =>
      "You may want to talk with them about the support they need at work, or make a new referral later.",
    offersNewReferral: true,
    showsReport: false,
  },
  declined: {
    heading: "Could not go ahead",
    message: (f) =>
      ["The assessment could not go ahead.", whatWasReturned(f.payment)].filter(Boolean).join(" "),
    next: () =>
      "You may want to talk with the employee about the support they need, or make a new referral later.",
    offersNewReferral: true,
    showsReport: false,
  },
  cancelled: {
    heading: "Cancelled",
    message: (f) =>
      ["This referral was cancelled and its link no longer works.", whatWasReturned(f.payment)]
        .filter(Boolean)
        .join(" "),
    next: () => "Make a new referral if you still need occupational health advice.",
    offersNewReferral: true,
    showsReport: false,
  },
  expired: {
    heading: "Invitation expired",
    message: (f) => `${f.subjectName} did not complete the assessment before the link expired.`,
    next: (f) => {
      const cancel =
        f.payment.creditsHeld > 0 ? ", or cancel this referral to get its credits back" : "";
      return f.reinviteUntil
        ? `Send a new invitation until ${formatLongDate(f.reinviteUntil)}, at no extra cost${cancel}. After that, make a new referral to invite them again.`
        : `Make a new referral to invite them again${cancel}.`;
    },
    offersNewReferral: true,
    showsReport: false,
  },
  // Nobody was invited and nothing was charged: nothing to cancel (the state machine agrees).
  payment_expired: {
    heading: "Payment not completed",
    message: (f) =>
      `The payment was not completed within 7 days, so ${f.subjectName} was never invited. Nothing was charged.`,
    next: () => "Make a new referral when you are ready.",
    offersNewReferral: true,
    showsReport: false,
  },
};

function withActions(status: ReferralStatus): DrawerStateView {
  const { offersNewReferral, ...words } = views[status];
  const fromTable = (lifecycle[status].actions.employer ?? []).flatMap((action) => {
    const button = drawerActionOf[action];
    return button ? [button] : [];
  });
  return {
    ...words,
    actions: [...(offersNewReferral ? ["newReferral" as const] : []), ...fromTable],
  };
}

export const drawerStates = Object.fromEntries(
  referralStatuses.map((status) => [status, withActions(status)]),
) as Record<ReferralStatus, DrawerStateView>;
