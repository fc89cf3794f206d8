import { addMonths, addYears } from "date-fns";
import { and, eq, getTableColumns, gt, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { creditLot, membership, organisation } from "~/db/schema/index.ts";
import type { Executor, Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { MembershipInterval } from "./catalogue.ts";
import type { MembershipStanding } from "./price-order.ts";

export type Membership = typeof membership.$inferSelect;

function periodEndFrom(start: Date, interval: MembershipInterval): Date {
  return interval === "annual" ? addYears(start, 1) : addMonths(start, 1);
}

/** Paid-for access lasts to the end of the period, whatever the status (a cancelled one included). */
export function isMembershipInForce(
  m: Pick<Membership, "currentPeriodEnd"> | null | undefined,
  now = new Date(),
): boolean {
  return !!m && m.currentPeriodEnd.getTime() > now.getTime();
}

export function membershipStanding(
  m: Membership | null | undefined,
  now = new Date(),
): MembershipStanding {
  if (!isMembershipInForce(m, now)) return "none";
  return m!.status === "cancelled" ? "cancelled" : "active";
}

export async function getMembership(
  db: Executor,
  organisationId: string,
): Promise<Membership | null> {
  const [row] = await db
    .select()
    .from(membership)
    .where(eq(membership.organisationId, organisationId));
  return row ?? null;
}

/**
 * The organisation's membership (or null) and its unexpired credit balance, in one query: the
 * signed-in employer's header shows one and the pages use the other on every request.
 * Null when there is no such organisation.
 */
export async function getMembershipAndCredits(
  db: Executor,
  organisationId: string,
  now = new Date(),
): Promise<{ membership: Membership | null; credits: number } | null> {
  const balance = db
    .select({ total: sql`coalesce(sum(${creditLot.creditsRemaining}), 0)` })
    .from(creditLot)
    .where(and(eq(creditLot.organisationId, organisation.id), gt(creditLot.expiresAt, now)));
  const [row] = await db
    .select({
      membership: getTableColumns(membership),
      credits: sql<number>`(${balance})`.mapWith(Number),
    })
    .from(organisation)
    .leftJoin(membership, eq(membership.organisationId, organisation.id))
    .where(eq(organisation.id, organisationId));
  return row ?? null;
}

/** A first membership, or a new one after a lapsed one; called when its order is confirmed. */
export async function activateMembership(
  tx: Tx,
  grant: {
    organisationId: string;
    interval: MembershipInterval;
    provider: "demo" | "stripe";
    providerSubscriptionId?: string | null;
    now: Date;
  },
): Promise<void> {
  const values = {
    interval: grant.interval,
    status: "active" as const,
    currentPeriodStart: grant.now,
    currentPeriodEnd: periodEndFrom(grant.now, grant.interval),
    pendingInterval: null,
    provider: grant.provider,
    providerSubscriptionId: grant.providerSubscriptionId ?? null,
    cancelledAt: null,
    updatedAt: grant.now,
  };
  await tx
    .insert(membership)
    .values({ organisationId: grant.organisationId, ...values })
    .onConflictDoUpdate({ target: membership.organisationId, set: values });
}

/** The next period, in the pending interval if one was chosen. */
export async function renewMembership(tx: Tx, organisationId: string, now: Date): Promise<void> {
  const current = await getMembership(tx, organisationId);
  if (!current) throw new DomainError("invalid_state", "There is no membership to renew.");
  const interval = current.pendingInterval ?? current.interval;
  const start = current.currentPeriodEnd.getTime() > now.getTime() ? current.currentPeriodEnd : now;
  await tx
    .update(membership)
    .set({
      interval,
      status: "active",
      pendingInterval: null,
      currentPeriodStart: start,
      currentPeriodEnd: periodEndFrom(start, interval),
      updatedAt: now,
    })
    .where(eq(membership.organisationId, organisationId));
}

/** Memberships whose period has ended and that should renew (not cancelled). */
export async function membershipsDueForRenewal(
  db: Database,
  now: Date,
  provider: "demo" | "stripe",
) {
  return db
    .select()
    .from(membership)
    .where(
      and(
        lte(membership.currentPeriodEnd, now),
        inArray(membership.status, ["active", "pending_change"]),
        eq(membership.provider, provider),
      ),
    );
}
