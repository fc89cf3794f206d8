import { desc, eq } from "drizzle-orm";
import { creditLedger, member, membership, organisation, user } from "~/db/schema/index.ts";
import { getCreditBalance } from "~/domain/billing/credit-ledger.server.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { memberListColumns } from "~/domain/teams/member-columns.ts";

/** One organisation for the administrator: its members, membership, balance and latest ledger entries. */
export async function getOrganisationDetail(scope: Scope, organisationId: string) {
  const { db, now } = requireAdmin(scope);
  const [org] = await db.select().from(organisation).where(eq(organisation.id, organisationId));
  if (!org) return null;
  const members = await db
    .select(memberListColumns)
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organisationId, org.id))
    .orderBy(member.createdAt)
    .limit(200);
  const [plan] = await db.select().from(membership).where(eq(membership.organisationId, org.id));
  const ledger = await db
    .select({
      id: creditLedger.id,
      amount: creditLedger.amount,
      reason: creditLedger.reason,
      note: creditLedger.note,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.organisationId, org.id))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(20);
  return {
    organisation: org,
    members,
    membership: plan ?? null,
    credits: await getCreditBalance(db, org.id, now),
    ledger,
  };
}
