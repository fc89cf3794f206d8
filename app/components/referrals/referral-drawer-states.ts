import { type ReferralPaymentFacts, whatWasReturned } from "~/domain/billing/referral-payment.ts";
import type { ReferralStatus } from "~/domain/referrals/states.ts";

/** What the drawer knows beyond the status, for the sentences below. */
export interface DrawerFacts {
  subjectName: string;
  payment: ReferralPaymentFacts;
  /** Why cancelling is no longer possible, from the server; null while it is. */
  cancelRefusal: string | null;
}

export type DrawerAction =
  | "edit"
  | "payNow"
  | "remind"
  | "cancel"
  | "downloadReport"
  | "newReferral";

interface DrawerStateView {
  /** The heading of the section that says where the case stands. */
  heading: string;
  /** What has happened, in one or two sentences. */
  message(facts: DrawerFacts): string;
  /** What the employer can do next, or what they will hear and when. */
  next(facts: DrawerFacts): string;
  /** The buttons in the footer, besides Close. */
  actions: readonly DrawerAction[];
  /** Complete only: the released report takes the place of the referral's details. */
  showsReport: boolean;
}

const waitForReport = "You will receive a notification when the report is ready to read here.";

/**
 * The employer's drawer, state by state: one entry for every state of the referral state machine
 * (app/domain/referrals/states.ts), so a new state cannot be added without saying what the
 * employer sees. Cancel appears exactly where the state machine lets an employer cancel.
 */
export const drawerStates: Record<ReferralStatus, DrawerStateView> = {
  draft: {
    heading: "Assessment Progress",
    message: () => "This referral is a draft: it has not been submitted.",
    next: (f) => `Finish and submit it to invite ${f.subjectName}.`,
    actions: ["edit", "cancel"],
    showsReport: false,
  },
  awaiting_payment: {
    heading: "Awaiting payment",
    message: (f) =>
      `The payment for this referral was not completed, so ${f.subjectName} has not been invited yet.`,
    next: () =>
      "Pay now to send the invitation, or cancel the referral. An unpaid referral expires 7 days after it was submitted.",
    actions: ["payNow", "cancel"],
    showsReport: false,
  },
  invited: {
    heading: "Assessment Progress",
    message: () => "Employee has been invited to complete the assessment.",
    next: () =>
      "Send a reminder if they have not started. You will receive a notification when the employee completes the assessment and the doctor has reviewed it.",
    actions: ["remind", "cancel"],
    showsReport: false,
  },
  in_progress: {
    heading: "Assessment Progress",
    message: (f) => `${f.subjectName} has started the assessment.`,
    next: () =>
      "You will receive a notification when the employee completes the assessment and the doctor has reviewed it.",
    actions: ["remind", "cancel"],
    showsReport: false,
  },
  submitted: {
    heading: "Assessment Progress",
    message: (f) =>
      `${f.subjectName} has completed the assessment. It is waiting for a doctor's review.`,
    next: () => waitForReport,
    actions: [],
    showsReport: false,
  },
  in_review: {
    heading: "Assessment Progress",
    message: () => "A doctor is reviewing the assessment and writing the report.",
    next: () => waitForReport,
    actions: [],
    showsReport: false,
  },
  awaiting_subject: {
    heading: "Assessment Progress",
    message: (f) =>
      `The doctor's report is with ${f.subjectName}, who reads it before it is released to you.`,
    next: () => "You will receive a notification when they approve its release.",
    actions: [],
    showsReport: false,
  },
  complete: {
    heading: "Report",
    message: () => "The report has been released to you.",
    next: () => "Download the PDF to keep it with the employee's records.",
    actions: ["downloadReport"],
    showsReport: true,
  },
  withheld: {
    heading: "Consent withheld",
    message: (f) =>
      `${f.subjectName} withheld their consent to release the report, so it is not shared with you.`,
    next: () =>
      "You may want to talk with them about the support they need at work, or make a new referral later.",
    actions: ["newReferral"],
    showsReport: false,
  },
  declined: {
    heading: "Could not go ahead",
    message: (f) =>
      ["The assessment could not go ahead.", whatWasReturned(f.payment)].filter(Boolean).join(" "),
    next: () =>
      "You may want to talk with the employee about the support they need, or make a new referral later.",
    actions: ["newReferral"],
    showsReport: false,
  },
  cancelled: {
    heading: "Cancelled",
    message: (f) =>
      ["This referral was cancelled and its link no longer works.", whatWasReturned(f.payment)]
        .filter(Boolean)
        .join(" "),
    next: () => "Make a new referral if you still need occupational health advice.",
    actions: ["newReferral"],
    showsReport: false,
  },
  expired: {
    heading: "Invitation expired",
    message: (f) => `${f.subjectName} did not complete the assessment before the link expired.`,
    next: (f) =>
      f.payment.creditsHeld > 0
        ? "Make a new referral to invite them again, or cancel this one to get its credits back."
        : "Make a new referral to invite them again.",
    actions: ["newReferral", "cancel"],
    showsReport: false,
  },
  // Nobody was invited and nothing was charged: nothing to cancel (the state machine agrees).
  payment_expired: {
    heading: "Payment not completed",
    message: (f) =>
      `The payment was not completed within 7 days, so ${f.subjectName} was never invited. Nothing was charged.`,
    next: () => "Make a new referral when you are ready.",
    actions: ["newReferral"],
    showsReport: false,
  },
};
