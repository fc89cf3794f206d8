import { stemmer } from "stemmer";

/**
 * The Porter stemmer (the `stemmer` package) behind a cache: the safety screen and the disclosure
 * gate stem every word of every answer, and the same words recur. The cache holds at most about
 * `limit` words and starts again when full, because a long-running server sees an open-ended
 * stream of words.
 */
export function cachedStemmer(limit: number): (word: string) => string {
  const stems = new Map<string, string>();
  return (word) => {
    let s = stems.get(word);
    if (s === undefined) {
      s = stemmer(word);
      if (stems.size > limit) stems.clear();
      stems.set(word, s);
    }
    return s;
  };
}
