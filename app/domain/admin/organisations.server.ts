import { count, desc, eq, ilike, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server.ts";
import { creditLedger, member, membership, organisation, user } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import {
  getCreditBalance,
  grantCredits,
  isInsufficientCredits,
  withdrawCredits,
} from "~/domain/billing/credit-ledger.server.ts";
import { containsPattern } from "~/lib/like-pattern.ts";
import {
  type AdminRequest,
  adminPageSize,
  type Page,
  pageOf,
  requireAdministrator,
} from "./guard.ts";

export interface OrganisationRow {
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
  db: Database,
  input: { actor: Actor; search?: string; page: number; now?: Date },
): Promise<Page<OrganisationRow>> {
  requireAdministrator(input.actor);
  const now = input.now ?? new Date();
  const where = input.search?.trim()
    ? ilike(organisation.name, containsPattern(input.search.trim()))
    : undefined;
  const [total] = await db.select({ count: count() }).from(organisation).where(where);
  const rows = await db
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
    .limit(adminPageSize)
    .offset((input.page - 1) * adminPageSize);
  return pageOf(rows, input.page, total?.count ?? 0);
}

export async function getOrganisationDetail(
  db: Database,
  input: { actor: Actor; organisationId: string; now?: Date },
) {
  requireAdministrator(input.actor);
  const [org] = await db
    .select()
    .from(organisation)
    .where(eq(organisation.id, input.organisationId));
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
    credits: await getCreditBalance(db, org.id, input.now),
    ledger,
  };
}

export const creditAdjustmentSchema = z.object({
  credits: z.coerce
    .number({ error: "Enter a whole number of credits, for example 5 or -2" })
    .int("Enter a whole number of credits, for example 5 or -2")
    .refine((n) => n !== 0, "Enter a number other than 0")
    .refine((n) => Math.abs(n) <= 1000, "Adjust by at most 1,000 credits at a time"),
  reason: z
    .string()
    .trim()
    .min(5, "Enter the reason for this adjustment (at least 5 characters)")
    .max(500, "Keep the reason under 500 characters"),
});

export type CreditAdjustmentResult =
  | { status: "adjusted"; balance: number }
  | { status: "not-found" }
  | { status: "insufficient"; balance: number };

/**
 * Adds or removes credits through the ledger (reason `adjustment`, with the admin's note), in one
 * transaction with its audit event. A removal never takes the balance below zero.
 */
export async function adjustOrganisationCredits(
  db: Database,
  input: {
    actor: Actor;
    organisationId: string;
    credits: number;
    reason: string;
    request: AdminRequest;
    now?: Date;
  },
): Promise<CreditAdjustmentResult> {
  requireAdministrator(input.actor);
  const parsed = creditAdjustmentSchema.parse({ credits: input.credits, reason: input.reason });
  const now = input.now ?? new Date();
  const [org] = await db
    .select({ id: organisation.id })
    .from(organisation)
    .where(eq(organisation.id, input.organisationId));
  if (!org) return { status: "not-found" };
  const audit = (outcome: "success" | "failure", details: Record<string, unknown>) => ({
    action: "admin.credits_adjusted",
    outcome,
    actor: { id: input.actor.userId, role: input.actor.role, organisationId: org.id },
    object: { type: "organisation", id: org.id },
    request: input.request,
    details: { credits: parsed.credits, reason: parsed.reason, ...details },
  });
  try {
    const balance = await db.transaction(async (tx) => {
      if (parsed.credits > 0) {
        await grantCredits(tx, {
          organisationId: org.id,
          credits: parsed.credits,
          actorId: input.actor.userId,
          reason: "adjustment",
          note: parsed.reason,
          now,
        });
      } else {
        await withdrawCredits(tx, {
          organisationId: org.id,
          credits: -parsed.credits,
          actorId: input.actor.userId,
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
export async function organisationOptions(db: Database, input: { actor: Actor }) {
  requireAdministrator(input.actor);
  return db
    .select({ id: organisation.id, name: organisation.name })
    .from(organisation)
    .orderBy(organisation.name)
    .limit(200);
}
