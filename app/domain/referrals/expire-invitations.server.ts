import { subDays } from "date-fns";
import { and, inArray, lte } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { invitationValidityDays, revokeInvitations } from "./invitations.server.ts";
import { applyReferralTransition } from "./referral-transition.server.ts";

/** Links lapse 14 days after the invitation; the employer may invite again (docs/architecture.md §4). */
export async function expireInvitations(scope: Scope): Promise<number> {
  const { now } = scope;
  return scope.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: referral.id, organisationId: referral.organisationId, status: referral.status })
      .from(referral)
      .where(
        and(
          visibleReferrals(scope),
          inArray(referral.status, ["invited", "in_progress"]),
          lte(referral.invitedAt, subDays(now, invitationValidityDays)),
        ),
      )
      .for("update");
    for (const r of due) {
      await applyReferralTransition(tx, scope, {
        referral: r,
        event: "invitation_expired",
        activity: "expired",
        audit: { action: "referral.expire" },
      });
      await revokeInvitations(tx, r.id, now);
    }
    return due.length;
  });
}
