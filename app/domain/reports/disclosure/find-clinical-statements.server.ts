import { cachedStemmer } from "~/lib/cached-stemmer.ts";
import {
  type Concept,
  FUNCTIONAL_PHRASES,
  OH_LEXICON,
  PERSON_TITLES,
  RELATIONS,
  STOP_WORDS,
} from "./oh-lexicon.ts";
import { findScores } from "./scores.ts";
import { englishFrequencies, firstNames, medicalTerms } from "./word-lists.server.ts";

/*
 * The clinical-statement detector: the first half of the disclosure gate
 * (docs/decisions/0015-clinical-statement-detector.md, DESIGN §5a). It finds every clinical
 * statement in one employer-visible text, with its span and kind, so the doctor can rewrite it or
 * mark it for disclosure with the person's consent. Pure: the same text and context always give
 * the same findings; the word lists are read once per process on the first call.
 */

export type FindingKind =
  | "condition" // a named condition or disorder: depression, bowel cancer, diabetes, sciatica
  | "symptom" // low mood, anxious, panic attacks, insomnia, palpitations, fatigue
  | "medicine" // sertraline, insulin, antidepressants, painkillers, inhaler
  | "procedure" // chemotherapy, hysterectomy, CBT, MRI, surgery
  | "clinical-term" // a word of the medical vocabulary not in the curated lexicon
  | "score" // a screening score or severity in any wording
  | "diagnosis" // the person's stated diagnosis or the doctor's diagnosis field, in any form
  | "third-party" // a relation or named person in the same sentence as a clinical term
  | "copied"; // text copied from the person's answers

export interface ClinicalFinding {
  /** Half-open span [start, end) in UTF-16 code units of the text as given. */
  start: number;
  end: number;
  /** text.slice(start, end) */
  text: string;
  kind: FindingKind;
  /**
   * A stable, lower-case key for the thing found, the same for every form of it, so the same
   * item can be recognised in a later version or another field: "depression" for "depressive",
   * "depressed", "Depression"; "score" + normalised number for scores; for copied/third-party the
   * normalised sentence or run.
   */
  key: string;
  /** false for "third-party" and "copied": those can never be disclosed, only removed. */
  markable: boolean;
  /** One short sentence for the doctor, e.g. "Names a health condition (depression)." */
  reason: string;
}

export interface DetectionContext {
  /** Every free-text answer the person gave (questionnaire text/string answers, replies). */
  answers: readonly string[];
  /** The person's stated diagnosis answer(s) and the doctor's diagnosis field, as written. */
  diagnoses: readonly string[];
  /** The person's own name(s): never a "named person" for third-party purposes. */
  subjectNames?: readonly string[];
}

/**
 * A medical-vocabulary stem is dropped when one of this many most frequent English words (SUBTLEX)
 * has the same stem: "back", "work", "fit", "return", "reduced". The figure is chosen on data in
 * the ADR: below it ordinary employer sentences still gave clinical-term findings, above it the
 * vocabulary lost rare clinical words that the lexicon does not hold.
 */
const COMMON_ENGLISH_RANK = 30_000;
/** A hyphenated compound is ordinary English when every part is one of this many commonest words. */
const COMPOUND_PART_RANK = 10_000;
/** First names that are also this common as words ("Will", "May", "Mark") are not named persons. */
const NAME_WORD_RANK = 5_000;
/** A copied run is this many words of one answer in a row. */
const COPIED_RUN_WORDS = 4;
/** A copied token is this many characters or more (hyphens and digits included). */
const COPIED_TOKEN_CHARS = 8;
/** Misspellings are looked up (one edit away from a lexicon word) only for words this long. */
const FUZZY_MIN_CHARS = 7;

interface Token {
  start: number;
  end: number;
  raw: string;
  lower: string;
  stem: string;
}

const stemOf = cachedStemmer(200_000);

const WORD = /[\p{L}\p{N}]+/gu;
function token(start: number, end: number, raw: string, lower = raw.toLowerCase()): Token {
  return { start, end, raw, lower, stem: stemOf(lower) };
}

/** Between two letters of a spelled-out word: "D E P", "D.E.P", "D-E-P", "D . E", "D/E/P". */
const LETTER_GAP = /^[\s.\-_*·/+]{1,3}$/u;
/** A word spelled out letter by letter is read as the word once it has this many letters. */
const SPELLED_OUT_LETTERS = 3;

function tokenize(text: string): Token[] {
  const words = [...text.matchAll(WORD)].map((m) => token(m.index, m.index + m[0].length, m[0]));
  // "D E P R E S S I O N" says what "depression" says: a run of single letters, each parted
  // from the next by a space or a dot, is one word (docs/decisions/0015-clinical-statement-detector.md).
  // Every gap of a run is the same ("D-E-P"), so a sentence's last letter does not join the
  // next sentence's "A" across a full stop.
  const gap = (k: number) => text.slice(words[k]!.end, words[k + 1]!.start);
  const letter = (k: number) => /^\p{L}$/u.test(words[k]!.raw);
  const tokens: Token[] = [];
  for (let i = 0; i < words.length; ) {
    let j = i;
    while (
      j + 1 < words.length &&
      letter(j) &&
      letter(j + 1) &&
      LETTER_GAP.test(gap(j)) &&
      (j === i || gap(j) === gap(i))
    )
      j++;
    if (j + 1 - i >= SPELLED_OUT_LETTERS) {
      const letters = words.slice(i, j + 1).map((w) => w.raw);
      tokens.push(
        token(
          words[i]!.start,
          words[j]!.end,
          text.slice(words[i]!.start, words[j]!.end),
          letters.join("").toLowerCase(),
        ),
      );
      i = j + 1;
    } else {
      tokens.push(words[i]!);
      i++;
    }
  }
  return tokens;
}

/** One word of a pattern: its stem, or (written "=word" in the lexicon) its exact lower-case form. */
type Part = { exact: boolean; value: string };
interface Pattern<T> {
  parts: Part[];
  value: T;
}
type PatternIndex<T> = Map<string, Pattern<T>[]>;
const partKey = (p: Part) => (p.exact ? `=${p.value}` : p.value);

function addPattern<T>(index: PatternIndex<T>, phrase: string, value: T): void {
  const exact = phrase.startsWith("=");
  const words = tokenize(exact ? phrase.slice(1) : phrase);
  if (words.length === 0) return;
  const parts = words.map((w) => ({ exact, value: exact ? w.lower : w.stem }));
  const key = partKey(parts[0]!);
  const list = index.get(key) ?? [];
  list.push({ parts, value });
  // Longest first, so the first pattern that matches is the longest.
  list.sort((a, b) => b.parts.length - a.parts.length);
  index.set(key, list);
}

function matchAt<T>(
  index: PatternIndex<T>,
  tokens: readonly Token[],
  i: number,
): Pattern<T> | undefined {
  const t = tokens[i]!;
  let best: Pattern<T> | undefined;
  for (const key of [t.stem, `=${t.lower}`])
    for (const p of index.get(key) ?? []) {
      if (best && best.parts.length >= p.parts.length) break;
      if (
        p.parts.every((part, k) => {
          const u = tokens[i + k];
          return u !== undefined && (part.exact ? u.lower === part.value : u.stem === part.value);
        })
      )
        best = p;
    }
  return best;
}

interface Model {
  lexicon: PatternIndex<Concept>;
  functional: PatternIndex<true>;
  /** Medical-vocabulary stem → the shortest word of the vocabulary with that stem (the key). */
  vocabulary: Map<string, string>;
  /** Every stem the lexicon uses, so a lexicon word is never a "copied token". */
  lexiconStems: Set<string>;
  /** One-deletion neighbourhood of long lexicon words, for misspellings. */
  fuzzy: Map<string, Concept>;
  english: Set<string>;
  compoundParts: Set<string>;
  commonStems: Set<string>;
  functionalWords: Set<string>;
  relations: Set<string>;
  names: Set<string>;
}

let model: Model | undefined;

function deletions(word: string): string[] {
  const out = [word];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

function buildModel(): Model {
  const frequencies = englishFrequencies();
  const lower = (list: readonly { word: string }[]) => list.map((f) => f.word.toLowerCase());
  const english = new Set(lower(frequencies));
  const commonEnglish = new Set(lower(frequencies.slice(0, COMMON_ENGLISH_RANK)));
  const commonStems = new Set([...commonEnglish].map(stemOf));
  const compoundParts = new Set(lower(frequencies.slice(0, COMPOUND_PART_RANK)));
  // Only words the list writes in lower case: "Sarah" is a name, "will" a word.
  const nameWords = new Set(
    frequencies
      .slice(0, NAME_WORD_RANK)
      .map((f) => f.word)
      .filter((w) => w === w.toLowerCase()),
  );

  const lexicon: PatternIndex<Concept> = new Map();
  const lexiconStems = new Set<string>();
  const fuzzy = new Map<string, Concept>();
  for (const concept of OH_LEXICON)
    for (const variant of concept.variants) {
      addPattern(lexicon, variant, concept);
      const words = tokenize(variant.replace(/^=/, ""));
      for (const w of words) lexiconStems.add(w.stem);
      if (words.length === 1 && !variant.startsWith("=") && variant.length >= FUZZY_MIN_CHARS)
        for (const d of deletions(words[0]!.lower)) if (!fuzzy.has(d)) fuzzy.set(d, concept);
    }

  const functional: PatternIndex<true> = new Map();
  const functionalWords = new Set<string>();
  for (const phrase of FUNCTIONAL_PHRASES) {
    addPattern(functional, phrase, true);
    for (const w of tokenize(phrase)) functionalWords.add(w.lower);
  }

  const vocabulary = new Map<string, string>();
  for (const term of medicalTerms()) {
    // Abbreviations of three letters or fewer are mostly ordinary words in other senses.
    if (term.length < 4 || term.includes("-") || term.includes("'")) continue;
    const stem = stemOf(term);
    if (commonStems.has(stem) || functionalWords.has(term)) continue;
    const known = vocabulary.get(stem);
    if (known === undefined || term.length < known.length) vocabulary.set(stem, term);
  }

  const names = new Set<string>();
  for (const name of firstNames()) if (!nameWords.has(name)) names.add(name);
  const relations = new Set<string>();
  for (const r of RELATIONS) relations.add(r);

  return {
    lexicon,
    functional,
    vocabulary,
    lexiconStems,
    fuzzy,
    english,
    compoundParts,
    commonStems,
    functionalWords,
    relations,
    names,
  };
}

interface Candidate {
  start: number;
  end: number;
  kind: FindingKind;
  key: string;
  /** Who a third-party sentence is about, for the reason. */
  who?: string;
}

const PRIORITY: Record<FindingKind, number> = {
  "third-party": 6,
  copied: 5,
  diagnosis: 4,
  score: 3,
  condition: 2,
  symptom: 2,
  medicine: 2,
  procedure: 2,
  "clinical-term": 1,
};

/** Condition, symptom, medicine, procedure and vocabulary terms of a token list. */
function findTerms(m: Model, tokens: readonly Token[]): Candidate[] {
  const found: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const hit = matchAt(m.lexicon, tokens, i);
    if (hit) {
      const last = tokens[i + hit.parts.length - 1]!;
      found.push({ start: t.start, end: last.end, kind: hit.value.kind, key: hit.value.key });
      i += hit.parts.length - 1;
      continue;
    }
    if (t.lower.length < 4 || STOP_WORDS.has(t.lower) || /\d/.test(t.lower)) continue;
    const term = m.vocabulary.get(t.stem);
    if (term !== undefined) {
      found.push({ start: t.start, end: t.end, kind: "clinical-term", key: term });
      continue;
    }
    if (t.lower.length >= FUZZY_MIN_CHARS && !m.english.has(t.lower))
      for (const d of deletions(t.lower)) {
        const concept = m.fuzzy.get(d);
        if (concept) {
          found.push({ start: t.start, end: t.end, kind: concept.kind, key: concept.key });
          break;
        }
      }
  }
  return found;
}

function spansOf<T>(index: PatternIndex<T>, tokens: readonly Token[]): [number, number][] {
  const spans: [number, number][] = [];
  for (let i = 0; i < tokens.length; i++) {
    const hit = matchAt(index, tokens, i);
    if (hit) spans.push([tokens[i]!.start, tokens[i + hit.parts.length - 1]!.end]);
  }
  return spans;
}

/** Sentence (clause) spans: split at . ! ? ; and line breaks. */
function sentencesOf(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let start = 0;
  for (const m of text.matchAll(/[.!?;]+(?=\s|$)|\n/g)) {
    spans.push([start, m.index + m[0].length]);
    start = m.index + m[0].length;
  }
  if (start < text.length) spans.push([start, text.length]);
  return spans;
}

/** Distinctive tokens: words with their inner hyphens, dots, slashes or underscores. */
const LONG_TOKEN = /[\p{L}\p{N}]+(?:[-_./][\p{L}\p{N}]+)*/gu;

function isOrdinary(m: Model, token: string): boolean {
  if (/\d/.test(token)) return false;
  if (m.english.has(token) || m.functionalWords.has(token)) return true;
  const parts = token.split(/[-_./]/);
  if (parts.length > 1) return parts.every((p) => m.compoundParts.has(p));
  // A medical word is found by the vocabulary as a markable term, not as a copied one.
  const stem = stemOf(token);
  return m.vocabulary.has(stem) || m.lexiconStems.has(stem);
}

function findCopied(m: Model, text: string, tokens: readonly Token[], answers: readonly string[]) {
  const found: Candidate[] = [];
  const grams = new Set<string>();
  const distinctive = new Set<string>();
  for (const answer of answers) {
    const words = tokenize(answer).map((t) => t.lower);
    for (let i = 0; i + COPIED_RUN_WORDS <= words.length; i++) {
      const gram = words.slice(i, i + COPIED_RUN_WORDS);
      // A run of stop words and functional words only is not a quotation.
      if (gram.some((w) => !STOP_WORDS.has(w) && !m.functionalWords.has(w)))
        grams.add(gram.join(" "));
    }
    for (const t of answer.matchAll(LONG_TOKEN)) {
      const lower = t[0].toLowerCase();
      if (lower.length >= COPIED_TOKEN_CHARS && !isOrdinary(m, lower)) distinctive.add(lower);
    }
  }
  if (grams.size > 0) {
    let run: [number, number] | undefined;
    const flush = () => {
      if (!run) return;
      const [a, b] = run;
      found.push({
        start: tokens[a]!.start,
        end: tokens[b]!.end,
        kind: "copied",
        key: tokens
          .slice(a, b + 1)
          .map((t) => t.lower)
          .join(" "),
      });
      run = undefined;
    };
    for (let i = 0; i + COPIED_RUN_WORDS <= tokens.length; i++) {
      const gram = tokens
        .slice(i, i + COPIED_RUN_WORDS)
        .map((t) => t.lower)
        .join(" ");
      if (!grams.has(gram)) continue;
      const end = i + COPIED_RUN_WORDS - 1;
      if (run && i <= run[1] + 1) run[1] = end;
      else {
        flush();
        run = [i, end];
      }
    }
    flush();
  }
  if (distinctive.size > 0)
    for (const t of text.matchAll(LONG_TOKEN)) {
      const lower = t[0].toLowerCase();
      if (distinctive.has(lower))
        found.push({ start: t.index, end: t.index + t[0].length, kind: "copied", key: lower });
    }
  return found;
}

function findThirdParty(
  m: Model,
  text: string,
  tokens: readonly Token[],
  clinical: readonly Candidate[],
  subjectNames: ReadonlySet<string>,
): Candidate[] {
  const found: Candidate[] = [];
  let k = 0;
  for (const [from, to] of sentencesOf(text)) {
    const inSentence: Token[] = [];
    while (k < tokens.length && tokens[k]!.start < to) {
      if (tokens[k]!.start >= from) inSentence.push(tokens[k]!);
      k++;
    }
    let who: string | undefined;
    for (let i = 0; i < inSentence.length && who === undefined; i++) {
      const t = inSentence[i]!;
      const previous = inSentence[i - 1];
      if (m.relations.has(t.lower)) who = t.lower;
      else if (t.lower === "law" && previous?.lower === "in") who = "in-law";
      else if (/^\p{Lu}\p{Ll}/u.test(t.raw) && !subjectNames.has(t.lower)) {
        const titled = previous !== undefined && PERSON_TITLES.includes(previous.lower);
        // A capitalised first word is only the sentence's start, not a name.
        if (titled || (i > 0 && m.names.has(t.lower))) who = t.raw;
      }
    }
    if (who === undefined) continue;
    if (!clinical.some((c) => c.start >= from && c.end <= to)) continue;
    const first = inSentence[0]!;
    const last = inSentence.at(-1)!;
    // The whole sentence with its closing punctuation, trimmed of the space around it.
    const end = Math.min(to, text.slice(last.end, to).trimEnd().length + last.end);
    found.push({
      start: first.start,
      end,
      kind: "third-party",
      key: inSentence.map((t) => t.lower).join(" "),
      who,
    });
  }
  return found;
}

function reasonFor(c: Candidate): string {
  switch (c.kind) {
    case "condition":
      return `Names a health condition (${c.key}).`;
    case "symptom":
      return `Describes a symptom (${c.key}).`;
    case "medicine":
      return `Names a medicine (${c.key}).`;
    case "procedure":
      return `Names a treatment or medical procedure (${c.key}).`;
    case "clinical-term":
      return `Uses a medical term (${c.key}).`;
    case "score":
      return "Gives a screening score or severity.";
    case "diagnosis":
      return `Names the diagnosis (${c.key}): the employee decides whether the employer is told.`;
    case "third-party":
      return `Gives health information about someone else (${c.who}): it must be removed.`;
    case "copied":
      return "Copies the employee's own answer: describe the effect on work in your own words.";
  }
}

/** [start, end) minus the accepted spans, as the pieces left. */
function remainder(c: Candidate, taken: readonly [number, number][]): [number, number][] {
  let pieces: [number, number][] = [[c.start, c.end]];
  for (const [a, b] of taken)
    pieces = pieces.flatMap(([s, e]): [number, number][] => {
      if (b <= s || a >= e) return [[s, e]];
      const out: [number, number][] = [];
      if (a > s) out.push([s, a]);
      if (b < e) out.push([b, e]);
      return out;
    });
  return pieces;
}

/**
 * Text as the detector reads it: invisible format characters dropped (a zero-width space, joiner
 * or soft hyphen pasted inside "depres\u200Bsion") and every character in its compatibility form
 * (fullwidth "ｄｅｐｒｅｓｓｉｏｎ", ligatures), so a disguised or pasted word is still the word.
 * `from[i]` and `width[i]` say where folded character i stands in the given text, so each finding
 * is reported at its place in what the doctor wrote.
 */
function fold(text: string) {
  let folded = "";
  const from: number[] = [];
  const width: number[] = [];
  for (let i = 0; i < text.length; ) {
    const original = String.fromCodePoint(text.codePointAt(i)!);
    if (!/\p{Cf}/u.test(original))
      for (const unit of original.normalize("NFKC").split("")) {
        folded += unit;
        from.push(i);
        width.push(original.length);
      }
    i += original.length;
  }
  return { folded, from, width };
}

export function findClinicalStatements(text: string, context: DetectionContext): ClinicalFinding[] {
  const { folded, from, width } = fold(text);
  const foldAll = (texts: readonly string[]) => texts.map((t) => fold(t).folded);
  const found = findInFoldedText(folded, {
    answers: foldAll(context.answers),
    diagnoses: foldAll(context.diagnoses),
    subjectNames: context.subjectNames ? foldAll(context.subjectNames) : undefined,
  });
  if (folded === text) return found;
  return found.map((f) => {
    const start = from[f.start]!;
    const end = from[f.end - 1]! + width[f.end - 1]!;
    return { ...f, start, end, text: text.slice(start, end) };
  });
}

function findInFoldedText(text: string, context: DetectionContext): ClinicalFinding[] {
  model ??= buildModel();
  const m = model;
  const tokens = tokenize(text);

  // The diagnoses, in every form: the lexicon concepts and vocabulary terms they name, and the
  // stems of their other uncommon words (a rare diagnosis neither list holds).
  const diagnosisKeys = new Set<string>();
  const diagnosisStems = new Set<string>();
  for (const diagnosis of context.diagnoses) {
    const dTokens = tokenize(diagnosis);
    const covered = new Set<number>();
    for (const term of findTerms(m, dTokens)) {
      diagnosisKeys.add(term.key);
      for (const t of dTokens) if (t.start >= term.start && t.end <= term.end) covered.add(t.start);
    }
    for (const t of dTokens)
      if (
        !covered.has(t.start) &&
        t.lower.length >= 4 &&
        !STOP_WORDS.has(t.lower) &&
        !m.functionalWords.has(t.lower) &&
        !m.commonStems.has(t.stem)
      )
        diagnosisStems.add(t.stem);
  }

  const functionalSpans = spansOf(m.functional, tokens);
  const insideFunctional = (c: Candidate) =>
    functionalSpans.some(([a, b]) => c.start >= a && c.end <= b);

  const clinical: Candidate[] = [];
  for (const term of findTerms(m, tokens)) {
    if (insideFunctional(term)) continue;
    clinical.push(diagnosisKeys.has(term.key) ? { ...term, kind: "diagnosis" } : term);
  }
  if (diagnosisStems.size > 0)
    for (const t of tokens)
      if (diagnosisStems.has(t.stem))
        clinical.push({ start: t.start, end: t.end, kind: "diagnosis", key: t.lower });
  for (const s of findScores(text)) clinical.push({ ...s, kind: "score" });

  const subjectNames = new Set(
    (context.subjectNames ?? []).flatMap((n) => tokenize(n).map((t) => t.lower)),
  );
  const candidates = [
    ...findThirdParty(m, text, tokens, clinical, subjectNames),
    ...findCopied(m, text, tokens, context.answers),
    ...clinical,
  ];
  candidates.sort(
    (a, b) =>
      PRIORITY[b.kind] - PRIORITY[a.kind] ||
      b.end - b.start - (a.end - a.start) ||
      a.start - b.start,
  );

  const taken: [number, number][] = [];
  const findings: ClinicalFinding[] = [];
  const accept = (c: Candidate, start: number, end: number) => {
    taken.push([start, end]);
    findings.push({
      start,
      end,
      text: text.slice(start, end),
      kind: c.kind,
      key: c.key,
      markable: c.kind !== "third-party" && c.kind !== "copied",
      reason: reasonFor(c),
    });
  };
  for (const c of candidates) {
    const pieces = remainder(c, taken);
    if (pieces.length === 1 && pieces[0]![0] === c.start && pieces[0]![1] === c.end) {
      accept(c, c.start, c.end);
      continue;
    }
    // A term partly inside a stronger finding is that finding's; a longer statement (a score, a
    // copied run) keeps what is left of it outside, where that still says something.
    if (c.kind !== "score" && c.kind !== "copied") continue;
    for (const [s, e] of pieces) {
      const words = tokens.filter((t) => t.start >= s && t.end <= e);
      if (!words.some((t) => !STOP_WORDS.has(t.lower))) continue;
      accept(c, words[0]!.start, words.at(-1)!.end);
    }
  }
  return findings.sort((a, b) => a.start - b.start);
}
