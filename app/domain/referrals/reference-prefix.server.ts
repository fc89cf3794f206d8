import { and, type SQL, sql } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";

/** A reference or its beginning: REF- or OCC- and up to the code's letters and digits, any case. */
const referencePrefix = /^(ref|occ)-[a-z0-9]*$/i;
/** At most this many matches of a search are read from an index and then ordered. */
const fewMatches = 500;

/** The reference in byte order (the "C" collation), as the reference indexes hold it. */
const referenceInByteOrder = sql`(${referral.reference} collate "C")`;

export function isReferencePrefix(term: string): boolean {
  return referencePrefix.test(term);
}

/**
 * The rows a reference prefix matches, among those `visible` allows: only the start of the
 * reference, never a substring of the name or elsewhere, read first off a reference index
 * (fewMatchesFirst): a prefix nothing starts with reads nothing instead of every visible row
 * (docs/perf-notes-growth.md).
 *
 * Within one organisation the range is written as a range of (organisation, reference), which
 * only the organisation's reference index serves. Given the prefix alone, the planner took the
 * reference index of every organisation whenever the one searched held half the table, and read
 * every other organisation's REF-0… references to find none of its own.
 */
export function referencePrefixCondition(
  db: Executor,
  visible: SQL,
  term: string,
  { organisationId }: { organisationId?: string } = {},
): Promise<SQL> {
  // References are upper case; the pattern holds no LIKE wildcard (letters, digits and "-"). In the
  // "C" collation LIKE 'REF-0%' is a range of the index whatever the database's collation.
  const prefix = term.toUpperCase();
  const startsWithTerm = sql`${referenceInByteOrder} like ${`${prefix}%`}`;
  if (!organisationId) return fewMatchesFirst(db, visible, startsWithTerm, [referenceInByteOrder]);
  // "~" sorts after every letter, digit and "-" of a reference in byte order.
  const key = sql`(${referral.organisationId}, ${referenceInByteOrder})`;
  const withinOrganisation = sql`${key} >= (${organisationId}, ${prefix}) and ${key} < (${organisationId}, ${`${prefix}~`})`;
  return fewMatchesFirst(
    db,
    visible,
    and(withinOrganisation, startsWithTerm)!,
    [sql`${referral.organisationId}`, referenceInByteOrder],
    // Many matches (OCC-0… in two thirds of the rows) are met early in time order: the page walks
    // that order and filters, and is not offered the range, which read every match to sort them.
    startsWithTerm,
  );
}

/**
 * `condition` as a page's condition: its matches among those `visible` allows are first read off
 * the index that serves it (in `indexOrder`, at most 501 entries). A few are then the page's only
 * candidates, so a term that matches nothing reads nothing, instead of the page walking every
 * visible row in time order on the planner's guess that matches are common. Many matches are
 * common enough to be met early in the page's own order, so the condition (or `whenMany`, the
 * same rows written as a filter) then stays a filter.
 */
export async function fewMatchesFirst(
  db: Executor,
  visible: SQL,
  condition: SQL,
  indexOrder: SQL[] = [],
  whenMany: SQL = condition,
): Promise<SQL> {
  const matches = await db
    .select({ id: referral.id })
    .from(referral)
    .where(and(visible, condition))
    .orderBy(...indexOrder)
    .limit(fewMatches + 1);
  if (matches.length > fewMatches) return whenMany;
  // One array parameter, not a placeholder per match: a rare name's 250 matches at 100,000
  // referrals cost a statement of 250 parameters to build, send and parse, which grew with them.
  return sql`${referral.id} = any(${sql.param(matches.map((m) => m.id))}::uuid[])`;
}
