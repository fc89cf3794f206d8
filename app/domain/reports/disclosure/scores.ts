/*
 * Screening scores and severities in any wording (docs/decisions/0015-clinical-statement-detector.md):
 * a number in digits or words with an instrument, a maximum ("of a possible twenty-seven", "/27"),
 * "scored", or a severity band ("in the moderately severe range"). Parts of one statement that stand
 * a few joining words apart are one finding: "Fourteen of a possible twenty-seven on the mood
 * questionnaire, in the moderately severe range" is one score, not three.
 */

const ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const TEENS = [
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

const NUM_WORD = `(?:(?:${TENS.join("|")})(?:[- ](?:${ONES.slice(1).join("|")}))?|${TEENS.join("|")}|${ONES.join("|")})`;
const NUM = `(?:\\d{1,3}(?:\\.\\d+)?|${NUM_WORD})`;
const NUM_RE = new RegExp(`\\b${NUM}\\b`, "gi");

const INSTRUMENT = [
  `(?:phq|gad)(?:[- ]?(?:9|7|2|nine|seven|two)\\b)?`,
  `patient health questionnaire(?:[- ]?(?:9|nine)\\b)?`,
  `generali[sz]ed anxiety disorder[- ](?:7|seven|scale|questionnaire|assessment)`,
  `hospital anxiety and depression scale`,
  `beck (?:depression|anxiety) inventory`,
  `(?:hads|epds|bdi|wemwbs|k10|core-10|epworth(?: sleepiness scale)?)`,
  `(?:depression|mood|anxiety|wellbeing|well-being|screening|mental health|low mood)[- ](?:questionnaire|scale|screen|screening tool|inventory|score|assessment tool)s?`,
].join("|");

const SEVERITY = "(?:minimal|mild|moderate|moderately severe|severe)";

const PATTERNS: RegExp[] = [
  // An instrument, with the number that follows it if any: "PHQ nine of 14", "GAD-7 score was 15".
  new RegExp(
    `\\b(?:${INSTRUMENT})(?:[\\s:=-]*(?:score[sd]?|result|total|of|was|is|at|were|came back at)\\b)*(?:[\\s:=-]*${NUM}\\b)?`,
    "gi",
  ),
  // A number against a maximum: "14/27", "fourteen out of twenty-seven", "of a possible 27".
  new RegExp(
    `\\b${NUM}\\s*(?:\\/|out of(?: a (?:possible|maximum)(?: of)?)?|of a (?:possible|maximum)(?: of)?|from a possible)\\s*${NUM}\\b`,
    "gi",
  ),
  // "scored fourteen", "a score of 14", "her score on the … was 14".
  new RegExp(`\\bscor(?:e|es|ed|ing)\\b[^.;!?\\n]{0,40}?\\b${NUM}\\b`, "gi"),
  // Severity bands in a screening's words.
  new RegExp(
    `\\b(?:in|within|into) the ${SEVERITY}(?: to ${SEVERITY})? (?:range|band|category|level)\\b`,
    "gi",
  ),
  new RegExp(`\\b${SEVERITY} (?:range|band)\\b`, "gi"),
  /\bmoderately severe\b/gi,
];

/** Words that may stand between two parts of one score statement. */
const JOIN =
  /^(?:[\s,:()-]|\b(?:on|in|at|of|the|a|an|was|is|and|with|which|for|her|his|their|its|this|that|put|puts|placing|places|them|him)\b)*$/i;

interface ScoreSpan {
  start: number;
  end: number;
  key: string;
}

function numberValue(word: string): number {
  const w = word.toLowerCase();
  if (/^\d/.test(w)) return Number(w);
  const [tens, ones] = w.split(/[- ]/);
  const t = TENS.indexOf(tens ?? "");
  if (t >= 0) return (t + 2) * 10 + (ones ? ONES.indexOf(ones) : 0);
  const teen = TEENS.indexOf(w);
  return teen >= 0 ? 10 + teen : ONES.indexOf(w);
}

/** "score 14" for every wording of fourteen (the first number that is not an instrument's name). */
function scoreKey(span: string): string {
  const withoutInstrument = span.replace(new RegExp(`\\b(?:${INSTRUMENT})`, "gi"), " ");
  const first = withoutInstrument.match(NUM_RE)?.[0];
  if (first !== undefined) return `score ${numberValue(first)}`;
  const words = span
    .toLowerCase()
    .replace(NUM_RE, (n) => String(numberValue(n)))
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return `score ${words.join(" ")}`;
}

export function findScores(text: string): ScoreSpan[] {
  const spans: { start: number; end: number }[] = [];
  for (const pattern of PATTERNS)
    for (const m of text.matchAll(pattern)) {
      const raw = m[0].replace(/[\s:=-]+$/, "");
      if (raw.length > 0) spans.push({ start: m.index, end: m.index + raw.length });
    }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: { start: number; end: number }[] = [];
  for (const s of spans) {
    const last = merged.at(-1);
    if (last && (s.start <= last.end || JOIN.test(text.slice(last.end, s.start))))
      last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged.map((s) => ({ ...s, key: scoreKey(text.slice(s.start, s.end)) }));
}
