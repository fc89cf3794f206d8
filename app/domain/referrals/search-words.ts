/**
 * The words of a list search, each matched as the beginning of a word of the referral's name,
 * reference or job role (docs/perf-notes-growth.md, "A rare name"). Letters and digits only, the
 * way PostgreSQL's parser splits text for the `simple` configuration: "O'Brien" is "o" and
 * "brien", "Anne-Marie" is "anne" and "marie". Nothing else reaches the query's syntax.
 */
const word = /[\p{L}\p{N}]+/gu;
/** More words than a name and a role hold only make the query longer, never the matches fewer. */
const mostWords = 8;

export function searchWords(term: string): string[] {
  return [...new Set(term.toLowerCase().match(word) ?? [])].slice(0, mostWords);
}

/**
 * The tsquery, as text, for words within one organisation: every word must begin some word of the
 * referral, each held in the index as "<organisation>/<word>" (referral_search_words). Cast with
 * `::tsquery`, which takes each quoted lexeme as written, with no parser in between.
 */
export function wordPrefixQuery(organisationId: string, words: readonly string[]): string {
  return words.map((w) => `${quotedLexeme(`${organisationId}/${w}`)}:*`).join(" & ");
}

/** A tsquery lexeme in quotes: a quote or backslash inside is escaped by a backslash. */
function quotedLexeme(text: string): string {
  return `'${text.replace(/['\\]/g, (c) => `\\${c}`)}'`;
}
