import { cachedStemmer } from "~/lib/cached-stemmer.ts";

/*
 * The free-text screen for thoughts of suicide or self-harm: the one list of phrases, kept here so
 * it is reviewed and tested in one place. It is measured on a corpus kept beside its tests
 * (`__fixtures__/safety-corpus.ts`; docs/architecture.md §5a: ≥ 95 % recall, ≤ 5 % false flags).
 * A doctor reads every flagged answer, and a needless flag costs a phone call while a missed one
 * can cost a life, so where the wording is unclear the screen flags.
 *
 * The phrases follow the Columbia Suicide Severity Rating Scale screener's items (wish to be dead
 * or to sleep and not wake up; thoughts of killing oneself; a method; intent; a plan; behaviour,
 * recent or not), PHQ-9 item 9 (better off dead) and the lay signs the NHS and Samaritans list
 * (a burden, trapped, no way out), with the euphemisms of social media ("unalive", "kms").
 *
 * Two tiers, as the app uses them (assess-safety.ts):
 * - `urgent`: the person may be at risk now: any current wish to be dead, thought of killing
 *   themselves, method, plan, intent or recent behaviour. The case is raised at once.
 * - `review`: names the subject without saying the risk is current (an attempt years ago,
 *   self-harm as a topic, someone else's suicide), or hopelessness, entrapment or being a burden
 *   without a word of death ("I can't see a way out"). A doctor reads it.
 *
 * How a text is read:
 * 1. Normalised: lower case, one kind of apostrophe, contractions written out ("can't" and
 *    "cant" → "can not", "I'd" → "i would"), common misspellings and text-speak mapped to the word
 *    ("sucidal", "myslef", "wanna", "su1c1de"), stretched letters squeezed ("caaan't").
 * 2. Split into clauses at sentence ends and at "but", "although", "though", "however", so a
 *    negation does not reach across them ("I would never hurt myself, but some days I want to
 *    die" is urgent).
 * 3. Each word stemmed with the Porter stemmer (the `stemmer` package, as the disclosure gate's
 *    detector does, ADR 0015), and the phrases below stemmed the same way, so one phrase matches
 *    "end", "ends", "ended", "ending".
 * 4. A match is dropped when a negation stands in front of it in its clause ("I would never end
 *    it all", "no suicidal thoughts"); uncertainty is not a negation ("I'm not sure I can stay
 *    safe"), nor is "can't stop" ("I can't stop thinking about killing myself").
 * 5. An urgent match becomes `review` when its clause places it in the past with no sign that it
 *    is current ("when I was 19", "years ago", "used to"), when it is another person's suicide,
 *    or when it is an accident ("accidental overdose").
 */

type PhraseLevel = "urgent" | "review";

interface PhraseMatch {
  level: PhraseLevel;
  /** Which entry of the list matched, for tests and for the doctor's reason line. */
  label: string;
}

// --- 1. Normalising ------------------------------------------------------------------------

/** Whole words written another way: misspellings seen in typed answers, contractions typed
 * without their apostrophe, text-speak. Values may be several words. */
const WORD_VARIANTS: Readonly<Record<string, string>> = {
  // Contractions typed without an apostrophe (the apostrophe forms are expanded before this).
  cant: "can not",
  cannot: "can not",
  cnt: "can not",
  wont: "will not",
  dont: "do not",
  dnt: "do not",
  doesnt: "does not",
  didnt: "did not",
  isnt: "is not",
  arent: "are not",
  wasnt: "was not",
  werent: "were not",
  havent: "have not",
  hasnt: "has not",
  hadnt: "had not",
  wouldnt: "would not",
  couldnt: "could not",
  shouldnt: "should not",
  aint: "am not",
  im: "i am",
  ive: "i have",
  id: "i would",
  whats: "what is",
  thats: "that is",
  theres: "there is",
  lifes: "life is",
  // Text-speak.
  wanna: "want to",
  gonna: "going to",
  gotta: "got to",
  u: "you",
  ur: "your",
  coz: "because",
  cos: "because",
  cuz: "because",
  tho: "though",
  anymore: "any more",
  noone: "no one",
  no1: "no one",
  every1: "everyone",
  any1: "anyone",
  kms: "kill myself",
  havin: "having",
  goin: "going",
  livin: "living",
  nothin: "nothing",
  // Misspellings of the words the phrases hang on.
  meself: "myself",
  myslef: "myself",
  mysefl: "myself",
  myselfe: "myself",
  mysel: "myself",
  myselve: "myself",
  kil: "kill",
  beter: "better",
  betetr: "better",
  bettr: "better",
  betta: "better",
  wihtout: "without",
  witout: "without",
  withuot: "without",
  pont: "point",
  piont: "point",
  sewerslide: "suicide",
  unalived: "unalive",
  unaliving: "unalive",
  // The verb is a recent act, the noun may be an old or accidental one: "I overdosed" reads as
  // "I took an overdose", which the method phrases weigh; "an overdose in 2019" stays a noun.
  overdosed: "took an overdose",
  overdosing: "taking an overdose",
};

/** Two words typed apart that are one word to the phrases. */
const JOINED: ReadonlyArray<[RegExp, string]> = [
  [/\bmy self\b/g, "myself"],
  [/\bself (harm|harms|harmed|harming|injure|injures|injured|injuring|injury)\b/g, "self$1"],
  [/\bover dose/g, "overdose"],
  [/\bun alive/g, "unalive"],
  [/\bwith out\b/g, "without"],
  [/\bw o\b/g, "without"],
];

/** "suicide", "suicidal" and their common misspellings ("sucide", "suisidal", "suicidle"). */
const SUICIDE_SPELLING = /^su[ia]?(?:c|s|sc)i?(?:d|de|des|dal|dle|dality|dally)$/;

/** Leetspeak inside a word ("su1c1de", "d1e"), leaving numbers and units ("2019", "10kg"). */
function unLeet(word: string): string {
  if (!/[a-z]/.test(word) || !/[013457]/.test(word) || /^\d+(?:[a-z]{1,3})$/.test(word))
    return word;
  return word.replace(
    /[013457]/g,
    (d) => ({ 0: "o", 1: "i", 3: "e", 4: "a", 5: "s", 7: "t" })[d] ?? d,
  );
}

function canonicalWord(word: string, previous: string | undefined): string {
  let w = unLeet(word);
  // "want 2 die": a lone 2 between words reads as "to".
  if (w === "2" && previous && /^[a-z]+$/.test(previous)) return "to";
  // "kms" after a number is kilometres.
  if (w === "kms" && previous && /^\d/.test(previous)) return w;
  if (SUICIDE_SPELLING.test(w)) w = /(?:dal|dle|dality|dally)$/.test(w) ? "suicidal" : "suicide";
  return WORD_VARIANTS[w] ?? w;
}

/** Contractions with their apostrophe, written out before the apostrophes are dropped. */
function expandContractions(text: string): string {
  return text
    .replace(/\bcan'?t\b/g, "can not")
    .replace(/\bwon't\b/g, "will not")
    .replace(/n't\b/g, " not")
    .replace(/'m\b/g, " am")
    .replace(/'re\b/g, " are")
    .replace(/'ve\b/g, " have")
    .replace(/'ll\b/g, " will")
    .replace(/'d\b/g, " would")
    .replace(/\b(it|that|there|what|life|he|she|who|here|everything|nothing)'s\b/g, "$1 is");
}

interface Clause {
  /** The clause's words after normalising, before stemming. */
  words: string[];
  /** The same words stemmed, joined by single spaces: what the phrases match. */
  stems: string;
}

const stem = cachedStemmer(50_000);

/** Three or more single letters, each gap between them the same (spaces, dots, hyphens, slashes). */
const SPELLED_OUT = /(?<![a-z0-9])[a-z]([ .\-_*·/+]{1,3})[a-z](?:\1[a-z])+(?![a-z0-9])(\.?)/g;

/** Where one clause ends and the next begins: sentence ends and the contrasting conjunctions. */
const CLAUSE_BREAK = /[.!?;:()\n]+|\s(?:but|although|though|however|except|whereas)\s/;

function clausesOf(text: string): Clause[] {
  const prepared = expandContractions(
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc`´]/g, "'")
      // "k i l l", "d-i-e", "s.u.i.c.i.d.e": a word spelled out letter by letter, each letter
      // parted from the next by the same short gap, is the word. Before the clause breaks,
      // which would otherwise split it at its dots.
      .replace(
        SPELLED_OUT,
        (run, gap: string, dot: string) =>
          // "k. i. l. l. myself": the last letter's dot belongs to the spelling, not a sentence end.
          `${run.slice(0, run.length - dot.length).replace(/[^a-z]/g, "")}${gap.includes(".") ? "" : dot}`,
      )
      // "caaan't", "soooo": three or more of one letter read as one.
      .replace(/([a-z])\1{2,}/g, "$1"),
  )
    // A bare "No," answering the question is a clause of its own, not a negation of what follows.
    .replace(/^\s*no\s*,/, "no.")
    // C-SSRS's interrupted attempt ("went to the roof but didn't jump") is one event, not two.
    .replace(/\bbut (?=(?:did|could) not (?:jump|take|swallow|go through)\b)/g, "and ");
  const clauses: Clause[] = [];
  for (const part of prepared.split(CLAUSE_BREAK)) {
    let flat = part
      .replace(/'/g, "")
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
    for (const [pattern, joined] of JOINED) flat = flat.replace(pattern, joined);
    if (!flat) continue;
    const words: string[] = [];
    for (const raw of flat.split(" "))
      for (const w of canonicalWord(raw, words.at(-1)).split(" ")) words.push(w);
    clauses.push({ words, stems: words.map(stem).join(" ") });
  }
  return clauses;
}

// --- 2. The phrases ----------------------------------------------------------------------
// Written in plain words; every lower-case word is stemmed when the list is built, so "ending"
// in a phrase and "ended" in the text both read "end". `(a|b)` is a choice, `x?` after a group
// makes it optional, `_` stands for up to three words of any kind, `$` is the clause's end.
// {NAME} is one of the word groups below.

const GROUPS: Readonly<Record<string, string>> = {
  ME: "(myself|meself)",
  WANT: "(want|wants|wanted|wanting|wish|wishes|wished|wishing|hope|hoped|hoping|pray|praying|would like|would rather|rather)",
  THINK:
    "(think|thinks|thinking|thought|thoughts|considered|considering|considering|planning|planned|plan|tempted|urge|urges|urged|feel like|felt like|looked up|googled|researching|researched)",
  DIE: "(die|dies|died|dying|be dead|were dead|was dead|be gone|was gone|were gone|not be alive|not be here|not exist|not be around|disappear forever|disappear for good|stop existing|cease to exist|not wake up|never wake up|go to sleep forever)",
  END: "(end|ends|ended|ending|finish|finishing)",
  TAKE: "(take|taking|took|taken|takes)",
  NEG_LIFE: "(is not|not|no longer|never)",
  POINT: "(point|reason|use)",
  GOING_ON:
    "(going on|go on|carrying on|carry on|carry on living|living|to live|being alive|being here|staying alive|life)",
  CANT: "(can not|could not|am not able to|unable to|do not think i can|can no longer|not sure i can|am not sure i can)",
  SELF_HARM_VERB:
    "(hurting|harming|cutting|burning|hurt|harm|cut|burn|injure|injuring|punish|punishing|scratch|scratching|hit|hitting|punch|punching|bite|biting|starve|starving)",
  PILLS: "(tablets|pills|medication|meds|paracetamol|medicine|insulin|painkillers)",
  THIRD: "(himself|herself|themselves|themself)",
  // A wish, a thought, a readiness or an intent, before {DEATH} in the same clause.
  CUE: "(want|wants|wanted|wanting|wish|wishes|wished|wishing|hope|hoping|pray|praying|ready to|welcome|close to|tempted|tempting|urge|urges|think|thinking|thought|thoughts|considering|considered|planning|plan to|going to|should just|might just|would rather|long to|longing|dream|dreaming|dreams|fantasise|fantasize|fantasising|fantasizing|relief to|better to|easier to)",
  // Dying, or ending one's life, as the object of a {CUE}. "end it" counts only at the end of its
  // clause or with a word of time, so "end it with my partner" does not.
  DEATH:
    "(die|dying|be dead|being dead|not be alive|not being alive|not be here|not being here|not exist|not existing|stop existing|end it$|ending it$|end it (all|now|tonight|soon|again|for good|several)|ending it (all|now|tonight|soon|again|for good|several)|end things|ending things|end my life|ending my life|kill myself|killing myself|take my life|taking my life|unalive|not wake up|never wake up|jump$|jumping$|jump off|jumping off|jumping in front|taking an overdose|take an overdose|suicide)",
};

interface Phrase {
  label: string;
  level: PhraseLevel;
  pattern: string;
  /** The words (not stems) that, right after the match, make it something else: an accident. */
  notFollowedBy?: RegExp;
  /** The words right after an urgent match that make it a figure of speech a doctor should
   * still read ("I'd rather die than go back to that job"): `review`. */
  reviewIfFollowedBy?: RegExp;
  /** A `review` phrase that is `urgent` when its clause says it is happening now ("I've
   * self-harmed again this week"): C-SSRS counts behaviour in the past three months as current. */
  urgentIfCurrent?: boolean;
}

/** Phrases of one label and level, in order: each a pattern, or a pattern with its exceptions. */
function phrasesOf(
  label: string,
  level: PhraseLevel,
  patterns: ReadonlyArray<string | Omit<Phrase, "label" | "level">>,
): Phrase[] {
  return patterns.map((p) =>
    typeof p === "string" ? { label, level, pattern: p } : { label, level, ...p },
  );
}

const ACCIDENT =
  /^(?:on (?:a|an|the|my|some)|lifting|at work|at the gym|playing|shaving|by accident|accidentally|while|in a fall|doing|moving|carrying|cooking|slipped|falling|in the kitchen)\b/;

const PHRASES: readonly Phrase[] = [
  ...phrasesOf("wish to be dead", "urgent", [
    "{WANT} _ (take|takes|took) me (in my sleep|away)",
    "(do|did) not have to wake up (again|ever|any more)?$",
  ]),
  { label: "plan", level: "urgent", pattern: "enough {PILLS} to (do it|kill|end)" },
  {
    label: "end my life / end it all",
    level: "urgent",
    pattern: "my (own )?life (should|to|would|could|will|must) end",
  },
  ...phrasesOf("tired of living", "urgent", [
    "(had enough|fed up) (of|with) (life|living|being alive|existing)",
    "((can|could) not be )?bothered to (live|be alive|go on living|keep living)",
  ]),
  {
    label: "wish to be dead",
    level: "urgent",
    pattern:
      "(disappointed|sad|upset|angry|annoyed|gutted|sorry) (that )?i (woke|wake|still wake) up",
  },
  { label: "take my own life", level: "urgent", pattern: "attempt on my (own )?life" },
  {
    label: "hopeless / no way out",
    level: "review",
    pattern: "{WANT} (i could )?(just )?(disappear|vanish)",
  },
  ...phrasesOf("self-harm", "urgent", [
    "(started|start|been|am) (cutting|burning|harming) (myself )?(again|still)",
    "(cutting|burning|harming) (myself )?again",
  ]),
  ...phrasesOf("better off without me", "urgent", [
    "(better|easier|happier) (off )?without me",
    "better off not (existing|being here|being alive|alive|around)",
  ]),
  // C-SSRS 1: a wish to be dead, or to sleep and not wake up.
  ...phrasesOf("wish to be dead", "urgent", [
    {
      pattern: "{WANT} (i|to)? (could|would|was|were|had)? _ {DIE}",
      reviewIfFollowedBy: /^than (?!(?:feel|live|be|go on|carry on|keep)\b)/,
    },
    "(go|going|fall|falling) to sleep (and|then)? (not|never) wake up",
    "(go|going) to sleep forever",
    "(fall|falling) asleep and stay asleep",
    "(do not|will not|not) wake up (tomorrow|in the morning|again)?$",
    "(would|do|did) not wake up (tomorrow|in the morning|again)?$",
    "{WANT} _ never been born",
    "{WANT} i (was|were) not (alive|here)",
  ]),
  ...phrasesOf("don't want to be here / alive", "urgent", [
    "(not|no longer|never|not sure i|not sure if i|do not know if i) (really )?(want|wants|wanting) to (be alive|live|be here|exist|wake up|carry on|go on|keep going|be around)( any more| at all| like this| now| tomorrow)?$",
    "(not|no longer|never|not sure i|not sure if i|do not know if i) (really )?(want|wants|wanting) to (be alive|exist|stay alive|keep living|carry on living|go on living)",
    "not (deserve|deserving) to (live|be alive|be here|exist)",
  ]),
  ...phrasesOf("wish to be dead", "urgent", [
    "deserve to die",
    "(not|never) (care|mind) (if|whether) i (die|died|live|lived|was dead|were dead|wake up|woke up|did not wake up|do not wake up|never woke up|was gone)",
    "(if|hoping|hope|that) i (did not|do not|never|would not|will not) wake up",
    "(hope|hoping|wish|wishing|pray|praying|care|mind) (that )?_ (get|got|be|was|were)? (hit|run over|killed) (by|in)",
    "(done|finished) with (life|living|being alive)",
    "((do|can|could) not see )?why (i should|should i|would i|bother|i would|to) (keep|carry on|go on|stay) (living|alive)",
  ]),
  {
    label: "tired of living",
    level: "urgent",
    pattern: "(tired|sick|weary) of (living|being alive|life|existing)",
  },
  ...phrasesOf("life not worth living", "urgent", [
    "life {NEG_LIFE} (really )?worth (living|it)",
    "(not|no longer|never|hardly|barely) _ worth (living|being alive|going on|carrying on|staying alive)",
    "life is not worth",
  ]),
  ...phrasesOf("nothing to live for", "urgent", [
    "(nothing|no one|nobody) (left )?to live for",
    "no reason (for me )?to (live|be alive|carry on|go on|be here)",
  ]),
  ...phrasesOf("no point going on", "urgent", [
    "(no|not any|not much|is not any|is not a|there is no|what is the|(do|did|can|could) not see (the|any|a)|see no) {POINT} (in|to|of|for)? (me )?{GOING_ON}( any more)?$",
    "(no|not any|there is no|what is the|(do|did|can|could) not see (the|any|a)|see no) {POINT} (in|to|of|for)? (me )?(going on|carrying on|carry on|living|being alive|being here|staying alive)",
  ]),
  // PHQ-9 item 9 and its lay forms.
  ...phrasesOf("better off without me", "urgent", [
    "better (off )?(of )?(without me|if i (was|were|am) (gone|dead|not here|not around)|dead|not being here)",
    "(happier|better|easier) (off )?(for (everyone|them|all|my family) )?if i (was|were|am) (gone|dead|not here|not around)",
    "if i (was|were) (dead|gone|not here|not around|not alive)",
    "(better|easier|happier) (off )?(gone|dead|not here|not around|not alive)$",
    "better without me",
    "(no one|nobody|anyone) would (care|notice|mind) if i (died|was dead|were dead|killed myself|was gone)",
    "(no one|nobody) would _ notice if i (was|were) dead",
  ]),
  // C-SSRS 2: thoughts of killing oneself.
  { label: "suicidal thoughts", level: "urgent", pattern: "suicide" },
  // "I nearly killed myself laughing / trying to get there on time" is a figure of speech.
  ...phrasesOf("kill myself", "urgent", [
    {
      pattern: "kill {ME}",
      notFollowedBy:
        /^(?:laughing|with laughter|trying to|to get|getting|running|rushing|working)\b/,
    },
    "(unalive|top|topping|topped|off|offing) {ME}",
    "unalive",
    "(something|anything) (stupid|silly|drastic|bad|dangerous) to {ME}",
    "(do|doing|did) {ME} in",
  ]),
  { label: "take my own life", level: "urgent", pattern: "{TAKE} my (own )?life" },
  ...phrasesOf("end my life / end it all", "urgent", [
    "{END} (it all|it al|my life|my own life|things|my existence)",
    "(to|just|i will|i could|i might|i would) {END} everything",
    "(want|wants|wanted) it (all )?to end",
    "{THINK} (about|of)? {END} it$",
    { pattern: "{THINK} (about|of) {END} it", notFollowedBy: /^with\b/ },
    "(if|when) i {END} it$",
    "{END} it (tonight|today|soon|now|this week)",
    "a date to {END} it",
    "(think|thinking|thought|thoughts) (a lot )?(about|of) (dying|death|not being here)",
  ]),
  // C-SSRS 3: a method.
  ...phrasesOf("method", "urgent", [
    "{THINK} _ (jump|jumping|jumped) (off|from|in front of|under)",
    "(jump|jumping) (off|from) (a|the) (bridge|building|roof|cliff|car park|multi storey)",
    "stopped from jumping",
    "{THINK} _ (walking|walk|wading|wade|swimming|swim) (into|out into|out to) (the )?(sea|river|water|lake|traffic)",
    "{THINK} _ (drowning|drown|hanging|hang|jumping|jump|gassing|poisoning) ({ME})?$",
    "(to|the) roof (and|but) (did not|didnt|could not) jump",
    "{THINK} _ (stepping|step|walking|walk|throwing myself|throw myself) (in front of|under|into) (a|the)? (train|bus|lorry|traffic|car)",
    "(throw|throwing) {ME} (off|under|in front of)",
    "{THINK} _ (crashing|crash|driving|drive|steering|steer) (the|my)? (car )?(into|off|on purpose)",
    "(hang|hanging|drown|drowning|gas|gassing|poison|poisoning|stab|stabbing|shoot|shooting) {ME}",
    "(slit|slitting|cut|cutting) my (wrists|throat)",
    "{TAKE} (all|all of) my (\\S+ )?{PILLS}",
    "{THINK} _ {TAKE} (an|a) overdose",
    "{TAKE} (an|a) overdose",
    "how (many|much) {PILLS} (it )?would (take|kill)",
    // Looking a method up is C-SSRS 3 as surely as naming it ("I looked up how many paracetamol it
    // takes"), found by the same probe.
    "how (many|much) {PILLS} (it )?(takes|would take|to take|it would take|to kill)",
    "(looked|searched|googled|researched|reading|read) (up |about |online )?(how to|ways to) (overdose|die|kill myself|end it|end my life)",
    "ways to (die|kill myself|end it|end my life)",
    "rope to hang",
  ]),
  // C-SSRS 4 and 5: intent and a plan.
  {
    label: "can't keep myself safe",
    level: "urgent",
    pattern: "{CANT} (keep|stay|be) ({ME} )?safe",
  },
  {
    label: "intent",
    level: "urgent",
    pattern: "(might|may|going to|will|could) act on (them|these thoughts|the thoughts|it)",
  },
  ...phrasesOf("plan", "urgent", [
    "(saving|saved|save|stockpiling|stockpiled|hoarding|hoarded|collecting|collected|storing|stored) (up )?(my |some |all my |enough )?(sleeping |old )?{PILLS}",
    "{PILLS} (saved|stockpiled|hoarded|stored|put aside|hidden) (up|away)? (in case|for)",
    "(suicide|goodbye) (note|notes|letter|letters)",
    "(giving|gave) away my (things|stuff|belongings|possessions)",
    // The same preparation in the other word order ("giving my things away"), found by a probe of
    // wordings the list was not written from.
    "(giving|gave|give|given) (all )?my (things|stuff|belongings|possessions) away",
    "saying goodbye",
    "held the {PILLS} in my hand",
  ]),
  // C-SSRS 6 and PHQ-9: harming oneself.
  ...phrasesOf("self-harm", "urgent", [
    { pattern: "{SELF_HARM_VERB} {ME}", notFollowedBy: ACCIDENT },
    "(still|again|been) selfharm",
  ]),
  // The general form, after the specific phrases so that the doctor reads the most specific
  // label: a wish, thought or intent, then dying or ending one's life. "Feel like"
  // counts only right before it: "I feel like dying", not "I feel like I'm dying" (panic).
  ...phrasesOf("wish to be dead", "urgent", [
    "(feel|felt|feeling) like {DEATH}",
    {
      pattern: "{CUE} (to|of|about|that|i|i could|i would|i might|i should)? _ {DEATH}",
      reviewIfFollowedBy: /^than (?!(?:feel|live|be|go on|carry on|keep)\b)/,
    },
    "(welcome|welcoming|wish for|long for|longing for|pray for|praying for|ready for|think about|thinking about|thoughts of|thoughts about) death",
  ]),
  // Review: someone else's suicide.
  ...phrasesOf("another person's suicide", "review", [
    "(kill|killed|killing) {THIRD}",
    "{TAKE} (his|her|their) (own )?life",
  ]),
  // Review: self-harm named without saying it is current.
  {
    label: "self-harm",
    level: "review",
    pattern:
      "(selfharm|selfharms|selfharmed|selfharming|selfinjure|selfinjury|selfinjured|selfinjuring)",
    urgentIfCurrent: true,
  },
  { label: "overdose", level: "review", pattern: "overdose", urgentIfCurrent: true },
  // Review: hopelessness, entrapment, being a burden.
  ...phrasesOf("hopeless / no way out", "review", [
    "hopeless",
    "nothing matters (any more|anymore)",
    "((can|could|do) not (see|find)|see no|there is no|is no) (a |any )?way out",
    "no way out$",
    "trapped (with no|and there is no) way out",
    "{CANT} (go on|carry on|keep going|take it)( like this| any more)?$",
    "(give|given|giving|gave) up on (life|everything|living)",
    "(want|wants) it (all )?to (stop|be over)",
    "point of (anything|it all|everything)",
    "life (feels|is|seems) (pointless|meaningless)",
    "(no one|nobody) would (miss|notice) (me|if i disappeared)",
    "{WANT} (to|i could)? (just )?disappear$",
    "rather die than",
    "(want|wants) it (all )?over",
    "(no|(no longer|not|can not|do not) see (a|any)) future (for me|for myself|any more|ahead)?$",
    "only way out",
  ]),
  {
    label: "end my life / end it all",
    level: "urgent",
    pattern:
      "(way out|answer|solution|option) (is|would be|seems) (to )?(die|dying|death|end it|ending it|kill myself|suicide)",
  },
  {
    label: "a burden",
    level: "review",
    pattern:
      "(i am|i feel|feel like|i have become|become|i am just|just) (like )?(a|such a|nothing but a|only a) burden",
  },
];

const NEGATORS = new Set(
  ["not", "never", "no", "nor", "deny", "denies", "denied", "without", "nothing"].map(stem),
);
/** Words after a negation that undo it: uncertainty, and not being able to stop. */
const NOT_A_NEGATION = /^(?:sure|certain|know|stop|help|shake|get rid|one\b)/;

const PAST =
  /\b(?:years? ago|when i was|as a (?:teenager|teen|child|kid|student)|in my (?:teens|twenties|thirties|youth)|at school|at university|at uni|in (?:19|20)\d\d|used to|in the past|history of|long time ago|back in|historic|previous|previously|childhood)\b/;
const CURRENT =
  /\b(?:now(?! (?:well|fine|better|recovered|ok|okay|stable|resolved))|again|still|lately|recently|currently|these days|at the moment|this (?:week|month|year)|today|tonight|last (?:night|week|weekend|month)|weeks? ago|days? ago|every day|most days)\b/;
const SOMEONE_ELSE =
  /\b(?:he|she|his|her|him|they|their|them|mum|mom|mother|dad|father|brother|sister|son|daughter|friend|colleagues?|partner|husband|wife|uncle|aunt|cousin|grandad|grandfather|grandma|grandmother|nan|someone|people)\b/;
const ACCIDENTAL = /\baccident(?:al|ally)?\b/;

interface CompiledPhrase extends Phrase {
  regex: RegExp;
}

function compile(phrase: Phrase): CompiledPhrase {
  let body = phrase.pattern;
  body = body.replace(/\{([A-Z_]+)\}/g, (_, name: string) => {
    const group = GROUPS[name];
    if (!group) throw new Error(`Unknown word group {${name}} in the safety phrases`);
    return group;
  });
  // "(a|b)? c": the optional group takes its space with it, so "c" alone matches too.
  body = body.replace(/\(([^()]*)\)\? /g, "(($1) )?").replace(/ \(([^()]*)\)\?\$/g, "( ($1))?$");
  // Stem every word: the text is stemmed word by word, so the phrase must be too.
  body = body.replace(/[a-z]+/g, (word) => stem(word));
  // Optional groups swallow the space after them: "(a )?b" and "(a)? b" both match "b".
  body = body.replace(/\(/g, "(?:").replace(/_ /g, "(?:\\S+ ){0,3}").replace(/\$/g, "(?= *$)");
  return { ...phrase, regex: new RegExp(`(?<![a-z0-9])${body}(?![a-z0-9])`, "g") };
}

const COMPILED: readonly CompiledPhrase[] = PHRASES.map(compile);

/** The word index at which a character offset of the stems string starts. */
function wordIndexAt(stems: string, offset: number): number {
  let n = 0;
  for (let i = 0; i < offset; i++) if (stems[i] === " ") n++;
  return n;
}

function negated(clause: Clause, start: number): boolean {
  // A negation within the five words before the match, with no new "i" between it and the
  // match ("I've never felt so low I want to die" is not negated).
  for (let i = start - 1; i >= Math.max(0, start - 8); i--) {
    const word = clause.words[i] ?? "";
    // Beyond five words a negation reaches only through "or", "nor", "and": "never had
    // thoughts of suicide or self-harm" negates both.
    if (
      start - i > 5 &&
      !clause.words.slice(i + 1, start).some((w) => w === "or" || w === "nor" || w === "and")
    )
      continue;
    if (NEGATORS.has(stem(word))) {
      const after = clause.words.slice(i + 1, i + 3).join(" ");
      if (NOT_A_NEGATION.test(after)) return false;
      const between = clause.words.slice(i + 1, start);
      return !between.includes("i") || between.join(" ").startsWith("think i");
    }
  }
  return false;
}

function levelInClause(
  phrase: CompiledPhrase,
  clause: Clause,
  start: number,
  following: string,
): PhraseLevel {
  const text = clause.words.join(" ");
  if (phrase.level === "review")
    return phrase.urgentIfCurrent && CURRENT.test(text) && !ACCIDENTAL.test(text)
      ? "urgent"
      : "review";
  if (phrase.reviewIfFollowedBy?.test(following)) return "review";
  if (PAST.test(text) && !CURRENT.test(text)) return "review";
  if (phrase.label === "overdose" || (phrase.label === "method" && ACCIDENTAL.test(text)))
    return "review";
  // "suicide" as a noun in a clause about someone else: their death, not the writer's thoughts.
  if (
    phrase.pattern === "suicide" &&
    clause.words[start] === "suicide" &&
    SOMEONE_ELSE.test(text) &&
    !/\b(?:i|myself)\b/.test(text)
  )
    return "review";
  return "urgent";
}

/**
 * The highest-tier entry the text matches, or null. `urgent` wins over `review`, so "past
 * self-harm but now I want to end it all" raises the case.
 */
export function screenFreeText(text: string): PhraseMatch | null {
  let best: PhraseMatch | null = null;
  for (const clause of clausesOf(text)) {
    for (const phrase of COMPILED) {
      phrase.regex.lastIndex = 0;
      for (let m = phrase.regex.exec(clause.stems); m; m = phrase.regex.exec(clause.stems)) {
        const start = wordIndexAt(clause.stems, m.index);
        const end = wordIndexAt(clause.stems, m.index + m[0].length);
        if (m[0].length === 0) phrase.regex.lastIndex++;
        if (negated(clause, start)) continue;
        const following = clause.words.slice(end + 1).join(" ");
        if (phrase.notFollowedBy?.test(following)) continue;
        const level = levelInClause(phrase, clause, start, following);
        if (level === "urgent") return { level, label: phrase.label };
        best ??= { level, label: phrase.label };
      }
    }
  }
  return best;
}
