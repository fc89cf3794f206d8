/*
 * The free-text screen for thoughts of suicide or self-harm: the one list of phrases, kept here so
 * it is reviewed and tested in one place. A keyword screen cannot read negation or context, so it
 * errs towards a flag: a doctor reads every flagged answer, and a needless flag costs a phone call
 * while a missed one can cost a life.
 *
 * Two tiers:
 * - `urgent`: wording that says the person may be at risk now, directly ("kill myself", "want to
 *   die") or indirectly ("better off without me", "no point going on", "end it all", "can't keep
 *   myself safe"). The case is raised at once.
 * - `review`: wording that names the subject without saying the risk is current ("self-harm",
 *   "overdose", "suicide" as in a relative's death, "past self-harm, now well").
 *
 * Text is normalised before matching (lower case, curly quotes, apostrophes dropped, punctuation
 * to spaces, repeated letters squeezed), so "can’t", "cant", "CAN'T" and "caaan't" read alike; the
 * patterns then allow the common misspellings and spacing variants seen in typed answers.
 */

type PhraseLevel = "urgent" | "review";

interface PhraseMatch {
  level: PhraseLevel;
  /** Which entry of the list matched, for tests and for the doctor's reason line. */
  label: string;
}

// Building blocks, written against the normalised text (no apostrophes, single spaces).
const ME = `(?:my ?self|my ?sef|meself|myslef|mysefl|myselfe)`;
const CANT = `(?:cant|cannot|can not|cnt|couldnt|could not|am not able to|unable to|dont think i can)`;
const OFF = `(?:off|of)`;
const BETTER = `(?:better|beter|betetr|bettr)`;
const WITHOUT = `(?:without|with out|wihtout|witout|withuot|w o)`;
const SUICID = `(?:suicid|sucid|suicd|suisid|sucid|suiscid|suacid)`;
const KILL = `(?:kill|kil)`;
const POINT = `(?:point|pont|piont|reason|use)`;
const GOING_ON = `(?:going on|goin on|carrying on|carry on|go on|living|to live|in living|being alive|being here)`;
const END = `(?:end|ending|finish|finishing)`;

const URGENT: ReadonlyArray<[string, RegExp]> = [
  ["suicidal thoughts or plans", new RegExp(String.raw`\b${SUICID}[a-z]*`)],
  ["kill myself", new RegExp(String.raw`\b${KILL}(?:ing|ed)? ${ME}\b`)],
  [
    "end my life / end it all",
    new RegExp(
      String.raw`\b(?:${END}(?:ed)? (?:it all|it al|my life|my own life)|to ${END} (?:everything|it now|things now))\b`,
    ),
  ],
  ["take my own life", /\btak(?:e|ing) my (?:own )?life\b/],
  [
    "better off without me",
    new RegExp(
      String.raw`\b(?:${BETTER} ${OFF} ${WITHOUT} me|${BETTER} ${OFF} if i (?:was|were) (?:gone|dead|not here|not around)|${BETTER} ${OFF} dead)\b`,
    ),
  ],
  [
    "no point going on",
    new RegExp(
      String.raw`\b(?:no|not any|not much|isnt any|isnt a|theres no|what is the|whats the) ${POINT}(?: in| to)? ${GOING_ON}\b`,
    ),
  ],
  ["can't keep myself safe", new RegExp(String.raw`\b${CANT} (?:keep|stay|be) (?:${ME} )?safe\b`)],
  [
    "want to die",
    /\b(?:want|wanted|wanting|wish|wished|wishing) (?:to (?:die|be dead|not be here|not wake up|disappear for good)|i (?:was|were) dead|i (?:could|would) (?:die|not wake up))\b/,
  ],
  ["don't want to be here / alive", /\bdont want to (?:be here|be alive|live|wake up|go on)\b/],
  [
    "plans to hurt myself",
    new RegExp(String.raw`\b(?:hurting|harming|cutting|hurt|harm|cut) ${ME}\b`),
  ],
];

const REVIEW: ReadonlyArray<[string, RegExp]> = [
  ["self-harm", /\bself ?harm/],
  ["overdose", /\bover ?dose/],
  ["hopeless", /\b(?:hopeless|no way out|cant go on|give up on life|gave up on life)\b/],
];

/** Lower case, one kind of quote, apostrophes dropped, punctuation to spaces, letters squeezed. */
export function normaliseForScreen(text: string): string {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc`´']/g, "")
      .replace(/[^a-z0-9]+/g, " ")
      // "soooo", "caaant": three or more of one letter read as one.
      .replace(/([a-z])\1{2,}/g, "$1")
      .trim()
  );
}

/**
 * The highest-tier entry the text matches, or null. `urgent` wins over `review`, so "past
 * self-harm but now I want to end it all" raises the case.
 */
export function screenFreeText(text: string): PhraseMatch | null {
  const normal = normaliseForScreen(text);
  if (!normal) return null;
  for (const [label, pattern] of URGENT)
    if (pattern.test(normal)) return { level: "urgent", label };
  for (const [label, pattern] of REVIEW)
    if (pattern.test(normal)) return { level: "review", label };
  return null;
}
