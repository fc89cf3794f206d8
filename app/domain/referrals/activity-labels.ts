/**
 * Every kind of referral activity, with the words the employer's Recent Activity shows for it.
 * The activity table's `kind` column is typed by this map, so a new kind cannot be written
 * without a label; activity-labels.test.ts also checks each kind the code writes.
 * Labels say what happened to the case, never anything clinical.
 */
export const activityLabels = {
  created: "Referral created",
  awaiting_payment: "Awaiting payment",
  payment_expired: "Expired unpaid",
  invited: "Invitation sent",
  reminded: "Reminder sent",
  started: "Assessment started",
  submitted: "Assessment completed",
  declined: "Assessment could not go ahead",
  expired: "Invitation expired",
  reinvited: "New invitation sent",
  cancelled: "Referral cancelled",
  report_sent_to_subject: "Report sent to the employee to review",
  correction_requested: "Employee asked the doctor for a correction",
  released: "Report released",
  withheld: "Consent to release withheld",
  amendment_started: "The doctor is amending the released report",
  amendment_withheld: "The employee kept the released report as it was",
  closed: "Closed: no further action",
  put_on_hold: "Put on hold by ReferOH",
  hold_lifted: "Hold lifted by ReferOH",
} as const satisfies Record<string, string>;

export type ActivityKind = keyof typeof activityLabels;

function isActivityKind(kind: string): kind is ActivityKind {
  return Object.hasOwn(activityLabels, kind);
}

/** A stored kind's label; an unknown one (an older row) still reads as words, not a key. */
export function activityLabel(kind: string): string {
  if (isActivityKind(kind)) return activityLabels[kind];
  const words = kind.replaceAll(/[_.]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
