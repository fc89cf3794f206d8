import { and, eq, gt, lte } from "drizzle-orm";
import { creditLedger, creditLot } from "~/db/schema/index.ts";
import { requireSystem } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";

/** The daily job: what is left in an expired lot leaves the balance with a ledger entry. */
export async function expireCredits(scope: Scope): Promise<number> {
  const { db, now } = requireSystem(scope);
  return db.transaction(async (tx) => {
    const expired = await tx
      .select({
        id: creditLot.id,
        organisationId: creditLot.organisationId,
        remaining: creditLot.creditsRemaining,
      })
      .from(creditLot)
      .where(and(lte(creditLot.expiresAt, now), gt(creditLot.creditsRemaining, 0)))
      .for("update");
    for (const lot of expired) {
      await tx.update(creditLot).set({ creditsRemaining: 0 }).where(eq(creditLot.id, lot.id));
      await tx.insert(creditLedger).values({
        organisationId: lot.organisationId,
        lotId: lot.id,
        amount: -lot.remaining,
        reason: "expiry",
        createdAt: now,
      });
    }
    return expired.reduce((total, lot) => total + lot.remaining, 0);
  });
}
