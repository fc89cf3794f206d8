import type { Page } from "@playwright/test";

export interface InvitedReferralOptions {
  type: "pre_employment" | "management";
  /** Pre-employment: the referral form's job role label, e.g. "Office Worker" (default). */
  jobRole?: string;
  drivingRequired?: boolean;
  nightShifts?: boolean;
  loneWorking?: boolean;
  safetyCritical?: boolean;
  /** Management: the employer's reason for referral (default: a neutral sentence). */
  referralReason?: string;
  /** `expired`: the invitation has lapsed (14 days) by the time the link is opened. */
  state?: "invited" | "expired";
}

/**
 * A referral placed through the employer's own pages (register or sign in, credits, referral
 * form), invited, and the assessment link read from the invitation e-mail (the outbox, /dev/mail).
 *
 * Not implemented yet: the browser tests' server runs on its own PGlite directory, which a test
 * process must not open, and the employer pages that create referrals are not merged. The
 * assessment specs that need a link are `test.fixme` until this is written.
 */
export async function createInvitedReferral(
  _page: Page,
  _options: InvitedReferralOptions,
): Promise<{ link: string; reference: string }> {
  throw new Error("createInvitedReferral needs the employer referral pages; not implemented yet");
}
