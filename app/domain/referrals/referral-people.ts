import { z } from "zod";
import type { MemberRole } from "~/db/schema/auth.ts";

export interface ReferralPerson {
  userId: string;
  name: string;
  email: string;
  /** Their role in the organisation now; null once they have left it. */
  role: MemberRole | null;
  roleLabel: string;
}

/**
 * Who is on a referral (docs/architecture.md §4), who could be added, and what the caller may
 * change: the drawer's "People on this referral".
 */
export interface ReferralPeople {
  referralId: string;
  reference: string;
  /** The caller, so the page can say "you". */
  viewerId: string;
  owner: ReferralPerson;
  /** Who made it, when that is not the owner (the referral was reassigned). */
  maker: ReferralPerson | null;
  named: ReferralPerson[];
  /** Current members not yet on the referral: those "Add a manager" offers. */
  candidates: ReferralPerson[];
  /** Current members other than the owner: those "Reassign to" offers. */
  reassignTargets: ReferralPerson[];
  /** Members of the organisation, the caller included. */
  teamSize: number;
  canName: boolean;
  canReassign: boolean;
}

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
const removeReferralManagerSchema = z.object({
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
