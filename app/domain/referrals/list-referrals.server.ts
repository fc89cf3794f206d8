import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { referral } from "~/db/schema/index.ts";
import type { EmployerActor } from "./actor.ts";
import { type ReferralStatus, referralStatuses } from "./states.ts";

export const referralPageSize = 25;

export interface ReferralListQuery {
  search?: string;
  status?: ReferralStatus | "all";
  page?: number;
}

/** The same expression as the trigram index (migration 0003), so the planner can use it. */
/** The expression referral_search_trgm_idx indexes; the sealed reason is not searchable. */
const searchText = sql`lower(${referral.subjectName} || ' ' || ${referral.reference} || ' ' || coalesce(${referral.jobRole}, ''))`;

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function parseReferralListQuery(params: URLSearchParams): Required<ReferralListQuery> {
  const status = params.get("status");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    search: (params.get("q") ?? "").trim().slice(0, 100),
    status:
      status && (referralStatuses as readonly string[]).includes(status)
        ? (status as ReferralStatus)
        : "all",
    page: Number.isInteger(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

/** One page of the organisation's referrals, filtered and searched in the database. */
export async function listReferrals(
  db: Database,
  { actor, query }: { actor: EmployerActor; query: ReferralListQuery },
) {
  const conditions: SQL[] = [eq(referral.organisationId, actor.organisationId)];
  if (query.status && query.status !== "all") conditions.push(eq(referral.status, query.status));
  const term = query.search?.trim().toLowerCase();
  if (term) conditions.push(sql`${searchText} like ${`%${escapeLike(term)}%`}`);
  const where = and(...conditions);
  const page = query.page ?? 1;

  // The page and the total in one query: the window count is taken over every matching row
  // before LIMIT, so it costs the same scan the separate count would.
  const found = await db
    .select({
      id: referral.id,
      reference: referral.reference,
      type: referral.type,
      status: referral.status,
      subjectName: referral.subjectName,
      reason: referral.reason,
      jobRole: referral.jobRole,
      createdAt: referral.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(referral)
    .where(where)
    .orderBy(desc(referral.createdAt), desc(referral.id))
    .limit(referralPageSize)
    .offset((page - 1) * referralPageSize);
  // A page past the end has no rows to carry the total: count them apart then.
  const totalCount =
    found[0]?.total ??
    (page > 1 ? ((await db.select({ n: count() }).from(referral).where(where))[0]?.n ?? 0) : 0);
  return {
    rows: found.map(({ total: _total, ...r }) => ({ ...r, issue: referralIssue(r) })),
    total: totalCount,
    page,
    pageCount: Math.max(1, Math.ceil(totalCount / referralPageSize)),
  };
}

/** The seed's "Issue" column: the reason for a management referral, the role for a pre-employment check. */
export function referralIssue(r: {
  type: "pre_employment" | "management";
  reason: string | null;
  jobRole: string | null;
}): string {
  if (r.type === "pre_employment")
    return `Pre-employment check${r.jobRole ? `: ${r.jobRole}` : ""}`;
  return r.reason ?? "Not provided";
}
