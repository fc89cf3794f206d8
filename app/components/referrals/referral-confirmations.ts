import { ArchiveIcon, type LucideIcon, SendIcon } from "lucide-react";
import { whatCancellingReturns } from "~/domain/billing/referral-payment.ts";
import type { ReferralDrawerData } from "./referral-details.tsx";

/*
 * What the confirmations before re-inviting and closing say (docs/architecture.md §4,
 * "Re-inviting and closing"), the same in the drawer's dialog and on the referral's own page.
 */

type Facts = Pick<ReferralDrawerData, "reference" | "subjectName" | "subjectEmail">;

/** A confirmed case action: what its confirmation says, and the intent its POST carries. */
export interface CaseConfirmation {
  intent: "reinvite" | "close";
  /** What opens it: the drawer's button, the page's link. */
  trigger: { Icon: LucideIcon; label: string; variant: "default" | "outline" };
  title: (r: Facts) => string;
  description: (r: Facts) => string;
  /** What it costs or what cannot be undone, set apart beneath the description. */
  details: (r: Facts) => string;
  confirm: string;
  /** The confirm button's words while the POST is on its way. */
  busy: string;
  back: string;
  /** The title of the toast when the server refuses the action. */
  refused: string;
}

export const reinviteConfirmation: CaseConfirmation = {
  intent: "reinvite",
  trigger: { Icon: SendIcon, label: "Send a new invitation", variant: "default" },
  title: (r) => `Send a new invitation to ${r.subjectName}?`,
  description: (r) =>
    `We will e-mail ${r.subjectEmail} a new link to the assessment, which works for 14 days. The expired link stays closed.`,
  details: (r) =>
    `This is the same referral, ${r.reference}: nothing is charged and no credits are used.`,
  confirm: "Send new invitation",
  busy: "Sending...",
  back: "Not now",
  refused: "Invitation not sent",
};

export const closeConfirmation: CaseConfirmation = {
  intent: "close",
  trigger: { Icon: ArchiveIcon, label: "Close: no further action", variant: "outline" },
  title: (r) => `Close referral ${r.reference}?`,
  description: () =>
    'It will be marked "Closed: no further action". The report stays here to read and download.',
  details: () => "This cannot be undone. Make a new referral if anything changes.",
  confirm: "Close referral",
  busy: "Closing...",
  back: "Keep it open",
  refused: "Referral not closed",
};

/**
 * What the confirmation before cancelling says, in the drawer's dialog and on the referral's own
 * page: what stops, and what comes back (the payment's refund or the credit).
 */
export const cancelWording = {
  title: (r: Facts) => `Cancel referral ${r.reference}?`,
  description: (r: Facts) =>
    `${r.subjectName}'s link will stop working at once. This cannot be undone.`,
  returns: (r: Pick<ReferralDrawerData, "payment">) => whatCancellingReturns(r.payment),
};
