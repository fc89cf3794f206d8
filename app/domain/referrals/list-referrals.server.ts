import { and, asc, count, desc, eq, inArray, type SQL, sql, sum } from "drizzle-orm";
import { organisationReferralCount, referral } from "~/db/schema/index.ts";
import { readListQuery } from "~/domain/admin/list-filters.ts";
import { hasNewMessage } from "~/domain/case-conversation/unread-messages.server.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { teamCan } from "~/domain/kernel/team-permissions.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { isClosed } from "./case-closure.ts";
import type { ReferralStatus } from "./lifecycle.ts";
import {
  fewMatchesFirst,
  isReferencePrefix,
  referencePrefixCondition,
} from "./reference-prefix.server.ts";
import { referralSummaryColumns } from "./referral-columns.ts";
import { referralListQuerySchema } from "./referral-list-query.ts";
import { searchWords, wordPrefixQuery } from "./search-words.ts";

const referralPageSize = 25;

interface ReferralListQuery {
  search?: string;
  status?: ReferralStatus | "all";
  /** The id of the last row of the page before: the next page starts after it. */
  after?: string;
  /** The id of the first row of the page after: the previous page ends before it. */
  before?: string;
}

/**
 * The rows a search term matches. Each word of a name, a job role or any other text must begin a
 * word of the referral's name, reference or role, in any order ("okafor pri" finds Priya Okafor),
 * through the organisation's word index: a rare name then reads its few matches at 100,000
 * referrals as at 1,000, where a substring search through trigrams intersected the long lists of
 * its common trigrams (docs/perf-notes-growth.md). A reference or its beginning matches
 * only the start of the reference, read first off the organisation's reference index
 * (reference-prefix.server.ts): `ref-0` then reads none of an organisation with no REF-0…
 * reference instead of, as the planner once chose on a guess of some 15,000 matches, all 100,000
 * rows in time order (docs/perf-notes-growth.md).
 */
function searchCondition(scope: Scope, term: string): Promise<SQL> | SQL {
  if (!isReferencePrefix(term)) {
    const words = searchWords(term);
    // Nothing but punctuation: no word to begin, so nothing matches.
    if (words.length === 0) return sql`false`;
    // Read off the word index first: a word nothing begins with then reads nothing, where the
    // planner, guessing some hundreds of matches, walked the organisation's rows in time order
    // and parsed each one's words (docs/perf-notes-growth.md).
    return fewMatchesFirst(
      scope.db,
      visibleReferrals(scope),
      sql`${referral.searchWords} @@ ${wordPrefixQuery(requireEmployer(scope).actor.organisationId, words)}::tsquery`,
    );
  }
  return referencePrefixCondition(scope.db, visibleReferrals(scope), term, {
    organisationId: requireEmployer(scope).actor.organisationId,
  });
}

export function parseReferralListQuery(params: URLSearchParams) {
  return readListQuery(params, referralListQuerySchema);
}

/**
 * One page of the organisation's referrals, newest first, filtered and searched in the database.
 *
 * Pages are found by key, not by offset: "Next" asks for the rows after the last one shown
 * (by created_at, then id), read straight from the (organisation, [status,] created_at, id)
 * index, so page 400 costs what page 1 does. A search is not counted, since counting its matches
 * means reading every one of them; the unsearched list's total comes from the maintained counts.
 */
export async function listReferrals(scope: Scope, query: ReferralListQuery) {
  const { db, actor } = requireEmployer(scope);
  const conditions: SQL[] = [visibleReferrals(scope)];
  if (query.status && query.status !== "all") conditions.push(eq(referral.status, query.status));
  const term = query.search?.trim().toLowerCase();
  if (term) conditions.push(await searchCondition(scope, term));
  // The cursor row is read through the employer's visibility, like the page: a row they may not
  // see finds nothing, and the comparison with NULL then matches no row (an empty page, never
  // someone else's rows). Only its (created_at, id) is read, to order the page by.
  const cursor = query.after ?? query.before;
  const backwards = !query.after && !!query.before;
  if (cursor) {
    const cursorRow = db
      .select({ createdAt: referral.createdAt, id: referral.id })
      .from(referral)
      .where(and(eq(referral.id, cursor), visibleReferrals(scope)));
    conditions.push(
      sql`(${referral.createdAt}, ${referral.id}) ${sql.raw(backwards ? ">" : "<")} (${cursorRow})`,
    );
  }

  const order = backwards
    ? [asc(referral.createdAt), asc(referral.id)]
    : [desc(referral.createdAt), desc(referral.id)];
  const [found, total] = await Promise.all([
    db
      .select({
        ...referralSummaryColumns,
        reason: referral.reason,
        jobRole: referral.jobRole,
        createdAt: referral.createdAt,
        // A reply from the doctor not yet opened: one boolean, for the page's rows only.
        newMessage: hasNewMessage(scope),
        closedAt: referral.closedAt,
      })
      .from(referral)
      .where(and(...conditions))
      .orderBy(...order)
      // One more than a page says whether there is another page beyond it.
      .limit(referralPageSize + 1),
    term
      ? Promise.resolve(null)
      : teamCan(actor.memberRole, "referrals:all")
        ? countReferrals(db, actor.organisationId, query.status)
        : countOwnReferrals(scope, query.status),
  ]);
  const more = found.length > referralPageSize;
  // Back at the newest rows: show a whole first page, as a visitor arriving fresh would see it.
  if (backwards && !more) return listReferrals(scope, { ...query, before: undefined });
  const page = found.slice(0, referralPageSize);
  if (backwards) page.reverse();
  const rows = page.map(({ closedAt, ...r }) => ({
    ...r,
    issue: referralIssue(r),
    // A complete case the employer closed stays in the list, labelled (docs/architecture.md §4).
    closedNoFurtherAction: r.status === "complete" && isClosed({ closedAt }),
  }));
  return {
    rows,
    /** The organisation's referrals in this status (or all), or null for a search. */
    total,
    // Going back, the rows we came from are after this page; going forward (or from the first
    // page), there are earlier rows only if we arrived by "Next".
    previousCursor: (backwards ? more : !!query.after) ? (rows[0]?.id ?? null) : null,
    nextCursor: (backwards ? !!query.before : more) ? (rows.at(-1)?.id ?? null) : null,
  };
}

/** From the maintained counts (organisation_referral_count), never by counting referrals. */
async function countReferrals(
  db: Executor,
  organisationId: string,
  status: ReferralStatus | "all" | undefined,
): Promise<number> {
  const [row] = await db
    .select({ n: sum(organisationReferralCount.referrals).mapWith(Number) })
    .from(organisationReferralCount)
    .where(
      and(
        eq(organisationReferralCount.organisationId, organisationId),
        status && status !== "all"
          ? inArray(organisationReferralCount.status, [status])
          : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * A manager's own referrals, counted: the maintained counts are the organisation's, and a
 * manager's share is read from the (organisation, creator) index and the named-manager rows.
 */
async function countOwnReferrals(
  scope: Scope,
  status: ReferralStatus | "all" | undefined,
): Promise<number> {
  const [row] = await scope.db
    .select({ n: count() })
    .from(referral)
    .where(
      and(
        visibleReferrals(scope),
        status && status !== "all" ? eq(referral.status, status) : undefined,
      ),
    );
  return row?.n ?? 0;
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
