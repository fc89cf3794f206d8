import type {
  DetectionContext,
  FindingKind,
} from "~/domain/reports/disclosure/find-clinical-statements.server.ts";

/*
 * Hand-written hostile cases: text a hurried doctor might put in an employer-visible field, with
 * every finding the detector must give (kind and matched text, in order). The context is the
 * management case of the disclosure gate's design: the person kept back "Depression and anxiety".
 */

interface HostileCase {
  name: string;
  text: string;
  context?: DetectionContext;
  expected: readonly { kind: FindingKind; text: string }[];
}

export const KEPT_BACK: DetectionContext = {
  answers: [
    "Low mood, poor sleep, panicky before work, hard to concentrate.",
    "It is not only the deadlines; I have not been sleeping since my father died.",
    "I call it my HERON-SPINE-5521 feeling, when everything goes grey.",
    "Workload after a colleague left.",
  ],
  diagnoses: ["Depression and anxiety"],
  subjectNames: ["Amelia Hart"],
};

/** The same person without a stated diagnosis: terms are found as what they are. */
const NONE: DetectionContext = { answers: [], diagnoses: [] };

const t = (kind: FindingKind, text: string) => ({ kind, text });

export const HOSTILE_CASES: readonly HostileCase[] = [
  // The summary the doctor wrote, sentence by sentence.
  {
    name: "inflected diagnosis: depressive",
    text: "She has a depressive illness.",
    expected: [t("diagnosis", "depressive illness")],
  },
  {
    name: "inflected diagnosis: anxious",
    text: "She is anxious most mornings.",
    expected: [t("diagnosis", "anxious")],
  },
  {
    name: "diagnosis spelled out letter by letter",
    text: "She has D E P R E S S I O N, and a-n-x-i-e-t-y.",
    expected: [t("diagnosis", "D E P R E S S I O N"), t("diagnosis", "a-n-x-i-e-t-y")],
  },
  {
    name: "a condition spelled out with dots",
    text: "Known d.i.a.b.e.t.e.s, well controlled.",
    context: NONE,
    expected: [t("condition", "d.i.a.b.e.t.e.s")],
  },
  {
    name: "diagnosis spelled out with slashes, and inflected",
    text: "She has d/e/p/r/e/s/s/i/o/n and is A N X I O U S.",
    expected: [t("diagnosis", "d/e/p/r/e/s/s/i/o/n"), t("diagnosis", "A N X I O U S")],
  },
  {
    name: "initials are not a spelled-out word",
    text: "Seen by Dr A B Khan at the GP practice.",
    context: NONE,
    expected: [],
  },
  {
    name: "relative's cancer",
    text: "Her mother has bowel cancer.",
    expected: [t("third-party", "Her mother has bowel cancer.")],
  },
  {
    name: "copied token alone",
    text: "She calls it the HERON-SPINE-5521 thing.",
    expected: [t("copied", "HERON-SPINE-5521")],
  },
  {
    name: "copied token, lower case",
    text: "The heron-spine-5521 episodes are less frequent.",
    expected: [t("copied", "heron-spine-5521")],
  },
  {
    name: "score in words with severity",
    text: "Fourteen of a possible twenty-seven on the mood questionnaire, in the moderately severe range.",
    expected: [
      t(
        "score",
        "Fourteen of a possible twenty-seven on the mood questionnaire, in the moderately severe range",
      ),
    ],
  },
  {
    name: "Equality Act field",
    text: "Her depressive disorder is likely to be a disability.",
    expected: [t("diagnosis", "depressive disorder")],
  },
  {
    name: "the issue's whole summary",
    text: "She has a depressive illness and is anxious most mornings; her mother has bowel cancer. She calls it the HERON-SPINE-5521 feeling. Fourteen of a possible twenty-seven on the mood questionnaire, in the moderately severe range.",
    expected: [
      t("diagnosis", "depressive illness"),
      t("diagnosis", "anxious"),
      t("third-party", "her mother has bowel cancer."),
      t("copied", "HERON-SPINE-5521 feeling"),
      t(
        "score",
        "Fourteen of a possible twenty-seven on the mood questionnaire, in the moderately severe range",
      ),
    ],
  },
  {
    name: "pre-employment certificate",
    text: "Fit for the role; insulin-treated diabetes is well controlled.",
    context: NONE,
    expected: [t("medicine", "insulin-treated"), t("condition", "diabetes")],
  },
  {
    name: "short distinctive phrase",
    text: "She stops work when everything goes grey.",
    expected: [t("copied", "when everything goes grey")],
  },
  // The release check's misses.
  {
    name: "scored fourteen on the depression questionnaire",
    text: "She scored fourteen on the depression questionnaire.",
    expected: [
      t("score", "scored fourteen on the"),
      t("diagnosis", "depression"),
      t("score", "questionnaire"),
    ],
  },
  {
    name: "PHQ nine of 14",
    text: "PHQ nine of 14 at assessment.",
    expected: [t("score", "PHQ nine of 14")],
  },
  {
    name: "lower-case diagnosis",
    text: "She has depression and anxiety.",
    expected: [t("diagnosis", "depression"), t("diagnosis", "anxiety")],
  },
  {
    name: "upper-case diagnosis",
    text: "DEPRESSION AND ANXIETY are the cause.",
    expected: [t("diagnosis", "DEPRESSION"), t("diagnosis", "ANXIETY")],
  },
  {
    name: "depressed",
    text: "He has been depressed since the spring.",
    expected: [t("diagnosis", "depressed")],
  },
  {
    name: "anxiety disorder",
    text: "Generalised anxiety disorder affects her work.",
    expected: [t("diagnosis", "Generalised anxiety disorder")],
  },
  {
    name: "long quotation inside a sentence",
    text: "She describes low mood, poor sleep, panicky before work most days.",
    expected: [t("copied", "low mood, poor sleep, panicky before work")],
  },
  { name: "copied run of four", text: "Her words were: hard to concentrate.", expected: [] },
  {
    name: "copied run with content",
    text: "Since my father died she has struggled.",
    expected: [t("copied", "Since my father died")],
  },
  // Inflections and derived forms without a stated diagnosis.
  {
    name: "diabetic",
    text: "He is diabetic.",
    context: NONE,
    expected: [t("condition", "diabetic")],
  },
  {
    name: "asthmatic",
    text: "She is asthmatic and avoids dust.",
    context: NONE,
    expected: [t("condition", "asthmatic")],
  },
  {
    name: "depressive without diagnosis",
    text: "A depressive episode last year.",
    context: NONE,
    expected: [t("condition", "depressive episode")],
  },
  {
    name: "anxious without diagnosis",
    text: "Anxious about returning.",
    context: NONE,
    expected: [t("condition", "Anxious")],
  },
  {
    name: "epileptic",
    text: "He is epileptic.",
    context: NONE,
    expected: [t("condition", "epileptic")],
  },
  {
    name: "arthritic",
    text: "Arthritic knees limit kneeling.",
    context: NONE,
    expected: [t("condition", "Arthritic")],
  },
  {
    name: "cancers plural",
    text: "Two cancers in five years.",
    context: NONE,
    expected: [t("condition", "cancers")],
  },
  {
    name: "migraines",
    text: "Migraines two days a month.",
    context: NONE,
    expected: [t("condition", "Migraines")],
  },
  // Lay words.
  {
    name: "low mood",
    text: "Low mood in the mornings.",
    context: NONE,
    expected: [t("symptom", "Low mood")],
  },
  {
    name: "nerves",
    text: "Her nerves are bad at the moment.",
    context: NONE,
    expected: [t("condition", "nerves")],
  },
  {
    name: "sugar",
    text: "His sugar has been high.",
    context: NONE,
    expected: [t("condition", "sugar")],
  },
  {
    name: "breakdown",
    text: "She had a breakdown last year.",
    context: NONE,
    expected: [t("condition", "breakdown")],
  },
  {
    name: "the change",
    text: "She is going through the change.",
    context: NONE,
    expected: [t("condition", "through the change")],
  },
  {
    name: "fits",
    text: "He has fits now and then.",
    context: NONE,
    expected: [t("condition", "fits")],
  },
  {
    name: "bad chest",
    text: "A bad chest every winter.",
    context: NONE,
    expected: [t("condition", "bad chest")],
  },
  {
    name: "on tablets",
    text: "He is on tablets from his GP.",
    context: NONE,
    expected: [t("medicine", "on tablets")],
  },
  {
    name: "panic attacks",
    text: "Panic attacks on the train.",
    context: NONE,
    expected: [t("condition", "Panic attacks")],
  },
  {
    name: "insomnia",
    text: "Insomnia most nights.",
    context: NONE,
    expected: [t("symptom", "Insomnia")],
  },
  {
    name: "palpitations",
    text: "Palpitations when climbing stairs.",
    context: NONE,
    expected: [t("symptom", "Palpitations")],
  },
  {
    name: "lay words for tremor and nerves (a probe after the lists were built)",
    text: "Robin has a nervous disposition and gets the shakes.",
    context: NONE,
    expected: [t("symptom", "nervous disposition"), t("symptom", "the shakes")],
  },
  {
    name: "lay words for drinking, and a care team by its name (a probe at this change's review)",
    text: "He drinks quite heavily at weekends and is under the community mental health team.",
    context: NONE,
    expected: [
      t("condition", "drinks quite heavily"),
      t("procedure", "community mental health team"),
    ],
  },
  {
    name: "bad back",
    text: "He has a bad back.",
    context: NONE,
    expected: [t("condition", "bad back")],
  },
  // Medicines.
  {
    name: "sertraline",
    text: "Sertraline 100 mg daily.",
    context: NONE,
    expected: [t("medicine", "Sertraline")],
  },
  {
    name: "insulin-treated",
    text: "Insulin-treated diabetes.",
    context: NONE,
    expected: [t("medicine", "Insulin-treated"), t("condition", "diabetes")],
  },
  {
    name: "antidepressants",
    text: "She started antidepressants.",
    context: NONE,
    expected: [t("medicine", "antidepressants")],
  },
  {
    name: "painkillers",
    text: "Painkillers make him drowsy.",
    context: NONE,
    expected: [t("medicine", "Painkillers"), t("symptom", "drowsy")],
  },
  {
    name: "two medicines",
    text: "Propranolol and diazepam as needed.",
    context: NONE,
    expected: [t("medicine", "Propranolol"), t("medicine", "diazepam")],
  },
  { name: "HRT", text: "HRT has helped.", context: NONE, expected: [t("medicine", "HRT")] },
  {
    name: "vocabulary medicine",
    text: "He takes omeprazole.",
    context: NONE,
    expected: [t("medicine", "omeprazole")],
  },
  {
    name: "medicine only in the vocabulary",
    text: "She takes hydroxychloroquine.",
    context: NONE,
    expected: [t("clinical-term", "hydroxychloroquine")],
  },
  // Procedures.
  {
    name: "chemotherapy",
    text: "Chemotherapy every three weeks.",
    context: NONE,
    expected: [t("procedure", "Chemotherapy")],
  },
  {
    name: "hysterectomy",
    text: "Recovering from a hysterectomy.",
    context: NONE,
    expected: [t("procedure", "hysterectomy")],
  },
  {
    name: "CBT",
    text: "She is waiting for CBT.",
    context: NONE,
    expected: [t("procedure", "CBT")],
  },
  { name: "MRI", text: "An MRI is booked.", context: NONE, expected: [t("procedure", "MRI")] },
  {
    name: "operation, exact form",
    text: "He had an operation on his knee.",
    context: NONE,
    expected: [t("procedure", "operation")],
  },
  // Scores in every wording.
  {
    name: "score out of",
    text: "Her score was 14 out of 27.",
    expected: [t("score", "score was 14 out of 27")],
  },
  { name: "slash maximum", text: "GAD-7 15/21.", expected: [t("score", "GAD-7 15/21")] },
  {
    name: "words out of words",
    text: "She got nineteen out of twenty-seven.",
    expected: [t("score", "nineteen out of twenty-seven")],
  },
  {
    name: "instrument with number",
    text: "PHQ-9 was 18 last week.",
    expected: [t("score", "PHQ-9 was 18")],
  },
  {
    name: "severe range",
    text: "Her result was in the severe range.",
    expected: [t("score", "in the severe range")],
  },
  {
    name: "moderately severe alone",
    text: "Symptoms are moderately severe.",
    expected: [t("score", "moderately severe")],
  },
  {
    name: "patient health questionnaire",
    text: "The Patient Health Questionnaire showed a change.",
    expected: [t("score", "Patient Health Questionnaire")],
  },
  // Third parties.
  {
    name: "father heart attack",
    text: "Her father died of a heart attack.",
    expected: [t("third-party", "Her father died of a heart attack.")],
  },
  {
    name: "husband's medicine",
    text: "Her husband takes insulin.",
    expected: [t("third-party", "Her husband takes insulin.")],
  },
  {
    name: "colleague",
    text: "A colleague also has depression.",
    expected: [t("third-party", "A colleague also has depression.")],
  },
  {
    name: "named person mid-sentence",
    text: "She cares for Margaret, who has dementia.",
    expected: [t("third-party", "She cares for Margaret, who has dementia.")],
  },
  {
    name: "titled person",
    text: "She visits Mrs Okafor after her stroke.",
    expected: [t("third-party", "She visits Mrs Okafor after her stroke.")],
  },
  {
    name: "subject's own name is no third party",
    text: "Ms Hart takes sertraline.",
    context: { ...NONE, subjectNames: ["Amelia Hart"] },
    expected: [t("medicine", "sertraline")],
  },
  {
    name: "third party in its own clause",
    text: "She is anxious; her son has asthma.",
    expected: [t("diagnosis", "anxious"), t("third-party", "her son has asthma.")],
  },
  // The doctor's diagnosis field in other wordings.
  {
    name: "doctor's diagnosis in another form",
    text: "A diabetic employee on insulin.",
    context: { answers: [], diagnoses: ["Type 1 diabetes"] },
    expected: [t("diagnosis", "diabetic"), t("medicine", "insulin")],
  },
  {
    name: "rare diagnosis outside both lists",
    text: "Ongoing Frobisher syndrome.",
    context: { answers: [], diagnoses: ["Frobisher syndrome"] },
    expected: [t("diagnosis", "Frobisher")],
  },
  // Misspellings one letter out.
  {
    name: "misspelt depression",
    text: "Her depresion is better.",
    expected: [t("diagnosis", "depresion")],
  },
  {
    name: "misspelt sertraline",
    text: "Takes sertaline.",
    context: NONE,
    expected: [t("medicine", "sertaline")],
  },
  {
    name: "misspelt chemotherapy",
    text: "After chemotheraphy.",
    context: NONE,
    expected: [t("procedure", "chemotheraphy")],
  },
  // Not clinical.
  { name: "a death alone", text: "Her father died last year.", expected: [] },
  { name: "relation without health", text: "Her daughter started school.", expected: [] },
];
