import { and, eq } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";

/**
 * The phone number the employer typed on a draft they are still editing. Only for drafts: once
 * the person has the link the number is theirs to correct, and it is for the doctors only.
 */
export async function getDraftPhoneForEmployer(
  scope: Scope,
  referralId: string,
): Promise<string | null> {
  requireEmployer(scope);
  const [row] = await scope.db
    .select({ phone: referral.subjectPhone })
    .from(referral)
    .where(and(eq(referral.id, referralId), visibleReferrals(scope), eq(referral.status, "draft")));
  return row?.phone ?? null;
}
