import { and, eq } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { organisationDisplayName } from "./organisation-name.server.ts";
import { sendReferralInvitation } from "./send-referral-invitation.server.ts";

/**
 * An invitation e-mail the queue asked for (a retry, or an automatic reminder): sent only while
 * the person can still use the link, each attempt with a freshly minted one (no secret waits in
 * the queue). Returns whether it was sent.
 */
export async function sendQueuedInvitation(
  scope: Scope,
  { referralId, kind }: { referralId: string; kind: "initial" | "reminder" },
): Promise<boolean> {
  const [row] = await scope.db
    .select()
    .from(referral)
    .where(and(eq(referral.id, referralId), visibleReferrals(scope)));
  if (!row || (row.status !== "invited" && row.status !== "in_progress")) return false;
  await sendReferralInvitation(scope, {
    referral: row,
    organisationName: await organisationDisplayName(scope.db, row.organisationId),
    kind,
  });
  return true;
}
