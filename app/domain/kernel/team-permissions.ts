import type { MemberRole } from "~/db/schema/auth.ts";

/**
 * What each role in an employer's team may do (docs/architecture.md §4), as one table. Domain
 * functions check it through the caller's scope (`requireTeamPermission` in kernel/guards.ts), and
 * pages read it (`teamCan`) only to hide what would be refused anyway.
 *
 * - Owner: everything, including billing and the team.
 * - HR administrator: every case and report, who owns a case, purchases and invoices, and
 *   inviting managers.
 * - Manager: only the referrals they made or are named on (the visibility builders), and
 *   spending credits on those; no billing and no team.
 */
export const teamPermissions = [
  /** Every referral and released report of the organisation, not only one's own. */
  "referrals:all",
  /** Make a referral, paying with the organisation's credits or by card for that referral. */
  "referrals:create",
  /** Name additional managers on a referral one can see, and take them off it again. */
  "referrals:assign",
  /** Give a referral, or every referral a member owns, to another member of the team. */
  "referrals:reassign",
  /** Memberships, credit packs, orders, invoices and credit notes. */
  "billing:manage",
  /** The organisation's name, industry, phone and address. */
  "organisation:update",
  /** The team page: members, invitations. */
  "team:view",
  /** Invite managers, resend and revoke invitations to managers. */
  "team:invite-manager",
  /** Invite, promote or demote owners and HR administrators; remove any member. */
  "team:manage-all",
  /** Remove a manager and reassign their referrals. */
  "team:remove-manager",
  /** API keys and webhook endpoints for the organisation's HR system (docs/api.md). */
  "integrations:manage",
] as const;
export type TeamPermission = (typeof teamPermissions)[number];

const all = new Set<TeamPermission>(teamPermissions);

export const teamPermissionTable: Record<MemberRole, ReadonlySet<TeamPermission>> = {
  owner: all,
  hr_admin: new Set<TeamPermission>([
    "referrals:all",
    "referrals:create",
    "referrals:assign",
    "referrals:reassign",
    "billing:manage",
    "team:view",
    "team:invite-manager",
    "team:remove-manager",
    "integrations:manage",
  ]),
  manager: new Set<TeamPermission>(["referrals:create", "referrals:assign"]),
};

export function teamCan(role: MemberRole, permission: TeamPermission): boolean {
  return teamPermissionTable[role].has(permission);
}

/** The roles a member with `role` may give another, by invitation or by a change of role. */
export function grantableRoles(role: MemberRole): MemberRole[] {
  if (teamCan(role, "team:manage-all")) return ["owner", "hr_admin", "manager"];
  if (teamCan(role, "team:invite-manager")) return ["manager"];
  return [];
}

export const memberRoleLabel: Record<MemberRole, string> = {
  owner: "Owner",
  hr_admin: "HR administrator",
  manager: "Manager",
};

/** The role in a sentence: "invited to join as an HR administrator". */
export const memberRoleWithArticle: Record<MemberRole, string> = {
  owner: "an owner",
  hr_admin: "an HR administrator",
  manager: "a manager",
};
