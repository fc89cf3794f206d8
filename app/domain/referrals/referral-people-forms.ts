import { z } from "zod";

/*
 * The forms of a referral's "People on this referral" section (docs/architecture.md §3, "Forms"),
 * posted to /employer-referrals/:referralId/people and told apart by `intent`. Each names a member
 * by user id from a list the page was given; the domain checks that they are still a member of
 * the organisation, so a stale or edited value is refused there, in words.
 */

const memberId = (message: string) => z.string().trim().min(1, message).max(200, message);

/** "Add a manager": one of the team members who are not on the referral yet. */
export const nameReferralManagerSchema = z.object({
  intent: z.literal("name-manager"),
  userId: memberId("Choose a colleague to add"),
});

/** A named manager's Remove button, after its confirmation. */
export const removeReferralManagerSchema = z.object({
  intent: z.literal("remove-manager"),
  userId: memberId("Choose a manager to remove"),
});

/** "Reassign to" (owners and HR administrators): the member the referral will belong to. */
export const reassignReferralSchema = z.object({
  intent: z.literal("reassign"),
  toUserId: memberId("Choose who the referral should belong to"),
});

export const referralPeopleFormSchema = z.discriminatedUnion("intent", [
  nameReferralManagerSchema,
  removeReferralManagerSchema,
  reassignReferralSchema,
]);
