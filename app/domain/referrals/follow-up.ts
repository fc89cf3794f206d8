import { z } from "zod";

/**
 * The earlier case a management referral follows up, as the form carries it (a hidden field):
 * its id, checked again on the server through the employer's visibility (docs/architecture.md
 * §4, "Follow-up referrals").
 */
export const followUpFormSchema = z.object({
  followUpOf: z.uuid().optional(),
});

/**
 * Where the employer starts a follow-up of an earlier case, named by id or reference: the
 * management form, pre-filled.
 */
export function followUpPath(referralKey: string): string {
  return `/employer-referral?followUpOf=${encodeURIComponent(referralKey)}`;
}
