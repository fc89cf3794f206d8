import { and, eq } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { isRole, requireAdmin, requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { isUuid } from "~/lib/ids.ts";
import { caseNotFound } from "./case-access.server.ts";

/**
 * The case, if this actor may hold its notes: an administrator (with a second factor) for any
 * case, a doctor only for a case assigned to them. Anything else is `not_found`, so the answer
 * says nothing about a case the actor may not see.
 */
export async function authorisedCase(db: Executor, scope: Scope, referralId: string) {
  const admin = isRole(scope, "admin");
  const { actor } = admin ? requireAdmin(scope) : requireDoctor(scope);
  if (!isUuid(referralId)) throw caseNotFound();
  const [row] = await db
    .select({ id: referral.id })
    .from(referral)
    .where(
      and(
        eq(referral.id, referralId),
        visibleReferrals(scope),
        admin ? undefined : eq(referral.assignedDoctorId, actor.userId),
      ),
    );
  if (!row) throw caseNotFound();
  return { ...row, actor };
}
