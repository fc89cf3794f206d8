import type { ReferralDrawerData } from "./referral-details.tsx";

/*
 * What the confirmations before re-inviting and closing say (docs/architecture.md §4,
 * "Re-inviting and closing"), the same in the drawer's dialog and on the referral's own page.
 */

type Facts = Pick<ReferralDrawerData, "reference" | "subjectName" | "subjectEmail">;

export const reinviteConfirmation = {
  title: (r: Facts) => `Send a new invitation to ${r.subjectName}?`,
  description: (r: Facts) =>
    `We will e-mail ${r.subjectEmail} a new link to the assessment, which works for 14 days. The expired link stays closed.`,
  cost: (r: Facts) =>
    `This is the same referral, ${r.reference}: nothing is charged and no credits are used.`,
  confirm: "Send new invitation",
  back: "Not now",
};

export const closeConfirmation = {
  title: (r: Facts) => `Close referral ${r.reference}?`,
  description: () =>
    'It will be marked "Closed: no further action". The report stays here to read and download.',
  details: () => "This cannot be undone. Make a new referral if anything changes.",
  confirm: "Close referral",
  back: "Keep it open",
};
