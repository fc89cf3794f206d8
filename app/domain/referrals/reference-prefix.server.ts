import { and, inArray, type SQL, sql } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";

/** A reference or its beginning: REF- or OCC- and up to the code's letters and digits, any case. */
const referencePrefix = /^(ref|occ)-[a-z0-9]*$/i;
/** At most this many matches of a reference prefix are read from an index and then ordered. */
const fewPrefixMatches = 500;

/** The reference in byte order (the "C" collation), as the reference indexes hold it. */
export const referenceInByteOrder = sql`(${referral.reference} collate "C")`;

export function isReferencePrefix(term: string): boolean {
  return referencePrefix.test(term);
}

/**
 * The rows a reference prefix matches, among those `visible` allows: only the start of the
 * reference, never a substring of the name or elsewhere. The matches are first read off a
 * reference index in `indexOrder` (at most 501 entries): a few are then the only candidates, so a
 * prefix nothing starts with reads nothing instead of every visible row (docs/perf-notes-growth.md).
 * Many matches are common enough to be met early in the list's own order, so the prefix then stays
 * a filter.
 */
export async function referencePrefixCondition(
  db: Executor,
  visible: SQL,
  term: string,
  indexOrder: SQL[],
): Promise<SQL> {
  // References are upper case; the pattern holds no LIKE wildcard (letters, digits and "-"). In the
  // "C" collation LIKE 'REF-0%' is a range of the index whatever the database's collation.
  const startsWithTerm = sql`${referenceInByteOrder} like ${`${term.toUpperCase()}%`}`;
  const matches = await db
    .select({ id: referral.id })
    .from(referral)
    .where(and(visible, startsWithTerm))
    .orderBy(...indexOrder)
    .limit(fewPrefixMatches + 1);
  if (matches.length > fewPrefixMatches) return startsWithTerm;
  return inArray(
    referral.id,
    matches.map((m) => m.id),
  );
}
