import { referral } from "~/db/schema/index.ts";

/** What names a case in a list or at the head of a page: its reference, kind, status and person. */
export const referralSummaryColumns = {
  id: referral.id,
  reference: referral.reference,
  type: referral.type,
  status: referral.status,
  subjectName: referral.subjectName,
};

/**
 * What the employer wrote about the role and why they refer: the employer's own words, never the
 * person's answers, so whoever may see the referral may see these.
 */
export const referralRequestColumns = {
  jobRole: referral.jobRole,
  drivingRequired: referral.drivingRequired,
  nightShifts: referral.nightShifts,
  loneWorking: referral.loneWorking,
  safetyCritical: referral.safetyCritical,
  conditionalOfferDate: referral.conditionalOfferDate,
  additionalNotes: referral.additionalNotes,
  reason: referral.reason,
  jobDetails: referral.jobDetails,
  existingAdjustments: referral.existingAdjustments,
  questions: referral.questions,
};
