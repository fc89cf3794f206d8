import { eq, ilike, sql } from "drizzle-orm";
import { member, membership, organisation } from "~/db/schema/index.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import { containsPattern, type Page } from "~/domain/kernel/list.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { readPage } from "./list.server.ts";
import type { OrganisationFilter } from "./organisations.ts";

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
