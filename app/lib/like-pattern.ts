/**
 * `%`, `_` and `\` typed by a user are literal characters in a search, not wildcards: escaped
 * here for a LIKE or ILIKE pattern (PostgreSQL's default escape character is the backslash).
 */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A pattern that matches values containing `search` anywhere, case-folded to lower case. */
export function containsPattern(search: string): string {
  return `%${escapeLike(search.toLowerCase())}%`;
}
