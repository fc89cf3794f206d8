import { addMonths } from "date-fns";
import { and, asc, eq, gt, sql, sum } from "drizzle-orm";
import { creditLedger, creditLot } from "~/db/schema/index.ts";
import type { Executor, Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { creditValidityMonths } from "./catalogue.ts";

/**
 * A spend or withdrawal the balance cannot cover: a refusal like any other (409), which callers
 * that fall back (paying by order instead, telling an administrator the balance) tell apart.
 */
export class InsufficientCreditsError extends DomainError {
  constructor(message: string) {
    super("invalid_state", message);
  }
}

export function isInsufficientCredits(error: unknown): error is InsufficientCreditsError {
  return error instanceof InsufficientCreditsError;
}

/** Credits an organisation can spend now: unexpired lots only. */
export async function getCreditBalance(
  db: Executor,
  organisationId: string,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ total: sum(creditLot.creditsRemaining).mapWith(Number) })
    .from(creditLot)
    .where(and(eq(creditLot.organisationId, organisationId), gt(creditLot.expiresAt, now)));
  return row?.total ?? 0;
}

/** A new lot valid for 12 months, recorded in the ledger. Call inside the order's transaction. */
export async function grantCredits(
  tx: Executor,
  grant: {
    organisationId: string;
    credits: number;
    orderId?: string;
    actorId?: string;
    reason?: "purchase" | "adjustment";
    note?: string;
    now?: Date;
  },
): Promise<string> {
  const now = grant.now ?? new Date();
  const [lot] = await tx
    .insert(creditLot)
    .values({
      organisationId: grant.organisationId,
      creditsGranted: grant.credits,
      creditsRemaining: grant.credits,
      expiresAt: addMonths(now, creditValidityMonths),
      orderId: grant.orderId ?? null,
      createdAt: now,
    })
    .returning({ id: creditLot.id });
  await tx.insert(creditLedger).values({
    organisationId: grant.organisationId,
    lotId: lot!.id,
    amount: grant.credits,
    reason: grant.reason ?? "purchase",
    orderId: grant.orderId ?? null,
    actorId: grant.actorId ?? null,
    note: grant.note ?? null,
    createdAt: now,
  });
  return lot!.id;
}

/**
 * Spends credits for a referral, oldest-expiring lot first. Must run inside the transaction that
 * creates the referral, so both happen or neither. The lots are locked FOR UPDATE: concurrent
 * spends queue behind each other and re-read what is left, so the balance never goes below zero.
 */
export async function spendCredits(
  tx: Tx,
  spend: {
    organisationId: string;
    credits: number;
    referralId: string;
    actorId: string;
    now?: Date;
  },
): Promise<void> {
  await takeFromLots(tx, {
    organisationId: spend.organisationId,
    credits: spend.credits,
    now: spend.now ?? new Date(),
    shortfall: (available) => `This needs ${spend.credits} credits; ${available} are available.`,
    entry: { reason: "spend", referralId: spend.referralId, actorId: spend.actorId },
  });
}

/**
 * Returns a cancelled referral's credits to the lots they came from (net of earlier refunds, so
 * a second cancel returns nothing). Credits whose lot has since expired stay expired.
 */
export async function refundCredits(
  tx: Tx,
  /** actorId is null when nobody at the employer acted (the person declined). */
  refund: { organisationId: string; referralId: string; actorId: string | null; now?: Date },
): Promise<number> {
  const now = refund.now ?? new Date();
  const movements = await tx
    .select({ lotId: creditLedger.lotId, net: sum(creditLedger.amount).mapWith(Number) })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.organisationId, refund.organisationId),
        eq(creditLedger.referralId, refund.referralId),
      ),
    )
    .groupBy(creditLedger.lotId);
  let returned = 0;
  for (const { lotId, net } of movements) {
    if (net >= 0) continue;
    const credits = -net;
    await tx
      .update(creditLot)
      .set({ creditsRemaining: sql`${creditLot.creditsRemaining} + ${credits}` })
      .where(eq(creditLot.id, lotId));
    await tx.insert(creditLedger).values({
      organisationId: refund.organisationId,
      lotId,
      amount: credits,
      reason: "refund",
      referralId: refund.referralId,
      actorId: refund.actorId,
      createdAt: now,
    });
    returned += credits;
  }
  return returned;
}

/**
 * An administrator's negative adjustment: takes credits from the lots that expire first, like a
 * spend, with the lots locked so it cannot race a referral into a negative balance.
 */
export async function withdrawCredits(
  tx: Tx,
  withdrawal: {
    organisationId: string;
    credits: number;
    actorId: string;
    note: string;
    now?: Date;
  },
): Promise<void> {
  await takeFromLots(tx, {
    organisationId: withdrawal.organisationId,
    credits: withdrawal.credits,
    now: withdrawal.now ?? new Date(),
    shortfall: (available) =>
      `Only ${available} credits can be removed; the balance cannot go below zero.`,
    entry: { reason: "adjustment", actorId: withdrawal.actorId, note: withdrawal.note },
  });
}

/**
 * Takes credits from the organisation's live lots, oldest-expiring first, with a ledger entry per
 * lot. The lots are locked FOR UPDATE: concurrent takers queue and re-read what is left, so the
 * balance never goes below zero.
 */
async function takeFromLots(
  tx: Tx,
  take: {
    organisationId: string;
    credits: number;
    now: Date;
    shortfall: (available: number) => string;
    entry: Pick<typeof creditLedger.$inferInsert, "reason" | "referralId" | "actorId" | "note">;
  },
): Promise<void> {
  const lots = await tx
    .select({ id: creditLot.id, remaining: creditLot.creditsRemaining })
    .from(creditLot)
    .where(
      and(
        eq(creditLot.organisationId, take.organisationId),
        gt(creditLot.expiresAt, take.now),
        gt(creditLot.creditsRemaining, 0),
      ),
    )
    .orderBy(asc(creditLot.expiresAt), asc(creditLot.createdAt))
    .for("update");
  const available = lots.reduce((total, lot) => total + lot.remaining, 0);
  if (available < take.credits) throw new InsufficientCreditsError(take.shortfall(available));
  let owed = take.credits;
  for (const lot of lots) {
    if (owed === 0) break;
    const taken = Math.min(owed, lot.remaining);
    owed -= taken;
    await tx
      .update(creditLot)
      .set({ creditsRemaining: sql`${creditLot.creditsRemaining} - ${taken}` })
      .where(eq(creditLot.id, lot.id));
    await tx.insert(creditLedger).values({
      organisationId: take.organisationId,
      lotId: lot.id,
      amount: -taken,
      createdAt: take.now,
      ...take.entry,
    });
  }
}
