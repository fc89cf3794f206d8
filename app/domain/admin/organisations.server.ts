import { desc, eq, ilike, sql } from "drizzle-orm";
import { creditLedger, member, membership, organisation, user } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import {
  getCreditBalance,
  grantCredits,
  isInsufficientCredits,
  withdrawCredits,
} from "~/domain/billing/credit-ledger.server.ts";
import { auditActorOf } from "~/domain/kernel/actor.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import { containsPattern, type Page } from "~/domain/kernel/list.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { readPage } from "./list.server.ts";
import {
  type CreditAdjustment,
  creditAdjustmentSchema,
  type OrganisationFilter,
} from "./organisations.ts";

interface OrganisationRow {
  id: string;
  name: string;
  industry: string | null;
  createdAt: Date;
  members: number;
  membershipStatus: string | null;
  credits: number;
}

/** Organisations by name, with their member count, membership and spendable credits. */
export async function listOrganisations(
  scope: Scope,
  filter: OrganisationFilter,
): Promise<Page<OrganisationRow>> {
  const { db, now } = requireAdmin(scope);
  const where = filter.q ? ilike(organisation.name, containsPattern(filter.q)) : undefined;
  return readPage(db, {
    table: organisation,
    where,
    page: filter.page,
    rows: (limit, offset) =>
      db
        .select({
          id: organisation.id,
          name: organisation.name,
          industry: organisation.industry,
          createdAt: organisation.createdAt,
          members:
            sql<number>`(select count(*) from ${member} where ${member.organisationId} = ${organisation.id})`.mapWith(
              Number,
            ),
          membershipStatus: membership.status,
          credits:
            sql<number>`(select coalesce(sum(credits_remaining), 0) from credit_lot where credit_lot.organisation_id = ${organisation.id} and credit_lot.expires_at > ${now.toISOString()})`.mapWith(
              Number,
            ),
        })
        .from(organisation)
        .leftJoin(membership, eq(membership.organisationId, organisation.id))
        .where(where)
        .orderBy(organisation.name, organisation.id)
        .limit(limit)
        .offset(offset),
  });
}

export async function getOrganisationDetail(scope: Scope, organisationId: string) {
  const { db, now } = requireAdmin(scope);
  const [org] = await db.select().from(organisation).where(eq(organisation.id, organisationId));
  if (!org) return null;
  const members = await db
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      role: member.role,
      joinedAt: member.createdAt,
    })
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

type CreditAdjustmentResult =
  | { status: "adjusted"; balance: number }
  | { status: "not-found" }
  | { status: "insufficient"; balance: number };

/**
 * Adds or removes credits through the ledger (reason `adjustment`, with the admin's note), in one
 * transaction with its audit event. A removal never takes the balance below zero.
 */
export async function adjustOrganisationCredits(
  scope: Scope,
  input: CreditAdjustment & { organisationId: string },
): Promise<CreditAdjustmentResult> {
  const { db, now, actor, origin } = requireAdmin(scope);
  const parsed = creditAdjustmentSchema.parse({ credits: input.credits, reason: input.reason });
  const [org] = await db
    .select({ id: organisation.id })
    .from(organisation)
    .where(eq(organisation.id, input.organisationId));
  if (!org) return { status: "not-found" };
  const audit = (outcome: "success" | "failure", details: Record<string, unknown>) => ({
    action: "admin.credits_adjusted",
    outcome,
    actor: { ...auditActorOf(actor), organisationId: org.id },
    object: { type: "organisation", id: org.id },
    request: origin,
    details: { credits: parsed.credits, reason: parsed.reason, ...details },
  });
  try {
    const balance = await db.transaction(async (tx) => {
      if (parsed.credits > 0) {
        await grantCredits(tx, {
          organisationId: org.id,
          credits: parsed.credits,
          actorId: actor.userId,
          reason: "adjustment",
          note: parsed.reason,
          now,
        });
      } else {
        await withdrawCredits(tx, {
          organisationId: org.id,
          credits: -parsed.credits,
          actorId: actor.userId,
          note: parsed.reason,
          now,
        });
      }
      const after = await getCreditBalance(tx, org.id, now);
      await recordAuditEvent(tx, audit("success", { balance: after }));
      return after;
    });
    return { status: "adjusted", balance };
  } catch (error) {
    if (!isInsufficientCredits(error)) throw error;
    const balance = await getCreditBalance(db, org.id, now);
    await recordAuditEvent(db, audit("failure", { refused: "insufficient_credits", balance }));
    return { status: "insufficient", balance };
  }
}

/** For filter menus: organisations whose name matches, at most 50. */
export async function organisationOptions(scope: Scope) {
  const { db } = requireAdmin(scope);
  return db
    .select({ id: organisation.id, name: organisation.name })
    .from(organisation)
    .orderBy(organisation.name)
    .limit(200);
}
