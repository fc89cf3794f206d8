import { and, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import { auditEvent, referral, user } from "~/db/schema/index.ts";
import { containsPattern } from "~/domain/kernel/list.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import type { AuditFilter } from "./audit-filter.ts";

export type AuditRow = typeof auditEvent.$inferSelect;

const impossible = eq(auditEvent.id, -1);

/** The filter as SQL; names the user or referral it resolves, or matches nothing. */
export async function conditionsFor(scope: Scope, filter: AuditFilter): Promise<SQL | undefined> {
  const { db } = scope;
  const conditions: SQL[] = [];
  if (filter.actor) {
    const [found] = await db
      .select({ id: user.id })
      .from(user)
      .where(or(eq(user.email, filter.actor.toLowerCase()), eq(user.id, filter.actor)));
    conditions.push(found ? eq(auditEvent.actorId, found.id) : impossible);
  }
  if (filter.organisation) {
    conditions.push(
      or(
        eq(auditEvent.organisationId, filter.organisation),
        and(
          eq(auditEvent.objectType, "organisation"),
          eq(auditEvent.objectId, filter.organisation),
        ),
      ) as SQL,
    );
  }
  if (filter.referral) {
    const isId = /^[0-9a-f-]{36}$/i.test(filter.referral);
    const [found] = await db
      .select({ id: referral.id })
      .from(referral)
      .where(
        and(
          isId
            ? eq(referral.id, filter.referral)
            : eq(referral.reference, filter.referral.toUpperCase()),
          visibleReferrals(scope),
        ),
      );
    conditions.push(
      found
        ? (and(eq(auditEvent.objectType, "referral"), eq(auditEvent.objectId, found.id)) as SQL)
        : impossible,
    );
  }
  if (filter.action) {
    conditions.push(ilike(auditEvent.action, `${containsPattern(filter.action).slice(1, -1)}%`));
  }
  if (filter.from)
    conditions.push(gte(auditEvent.occurredAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) {
    const end = new Date(`${filter.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(auditEvent.occurredAt, end));
  }
  return conditions.length ? and(...conditions) : undefined;
}
