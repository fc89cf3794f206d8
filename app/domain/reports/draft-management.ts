import type { SafetyAssessment } from "~/domain/assessments/assess-safety.ts";
import {
  BAND_LABELS,
  type Gad7Band,
  type InstrumentScore,
  type Phq9Band,
} from "~/domain/assessments/score-instruments.ts";
import type { QuestionKey } from "~/domain/referrals/management-questions.ts";
import {
  type Claim,
  evaluate,
  first,
  type Rule,
  type RuleTrace,
  say,
  statementOf,
  statementsOf,
  tell,
} from "./draft-rules.ts";
import type {
  DraftReport,
  DraftSectionOf,
  DraftStatement,
  ManagementDraftInput,
  ManagementOutcome,
} from "./drafter.ts";
import { DRAFT_SECTION_OF, OUTCOME_LABELS } from "./drafter.ts";
import { joinList, lowerFirst, type ResponseView } from "./response-view.ts";

/*
 * Management referral rules. Deliberately cautious: every statement is worded as what the
 * employee reports, never as a diagnosis or a prognosis, and the rules never suggest "unfit for
 * current role": that needs clinical judgement, so at most they point the doctor to consider it.
 */

type Scores = {
  phq9: (InstrumentScore<Phq9Band> & { item9: number | null }) | null;
  gad7: InstrumentScore<Gad7Band> | null;
};

const RETURN_ESTIMATES: Record<string, string> = {
  now: "Already doing their normal job",
  "lt-2w": "Within about 2 weeks",
  "2-4w": "About 2 to 4 weeks",
  "1-3m": "About 1 to 3 months",
  "gt-3m": "More than 3 months",
  // The employee's own doubt is evidence for the doctor; the employer reads a neutral estimate.
  "not-expected": "Uncertain at present",
  unsure: "Uncertain",
};

const WORK_STATUS: Record<string, string> = {
  normal: "at work on normal duties and hours",
  modified: "at work with changed duties or hours",
  "off-sick": "off sick",
  "other-leave": "on other leave",
};

const ADJUSTMENTS: Record<string, string> = {
  "phased-return":
    "A phased return, building up hours and duties over about four weeks, on a plan agreed with the employee.",
  "reduced-hours": "Temporarily reduced hours, reviewed at regular intervals.",
  "flexible-hours": "Flexible start and finish times.",
  "home-working": "Some home working, where the role allows it.",
  "modified-duties":
    "Temporary changes to duties, avoiding the tasks the employee reports difficulty with.",
  "less-physical":
    "Less heavy or repetitive lifting and physical work for now, guided by a task-specific manual handling risk assessment.",
  breaks: "More frequent short breaks.",
  workstation:
    "A workstation (display screen equipment) assessment and any equipment it identifies.",
  appointments: "Time off for treatment and medical appointments.",
  quieter: "Access to a quieter place to work.",
  workload: "A review of workload and priorities with their line manager.",
  meetings: "Regular supportive one-to-one meetings with their line manager.",
  travel: "Changes to travel or parking arrangements.",
};

/*
 * The employer's words: function, fitness, adjustments and timescales, never the condition, the
 * employee's own words or scores (docs/decisions/0011-report-audiences.md).
 */
const EMPLOYER_WORK_STATUS: Record<string, string> = {
  normal: "They are at work on their normal duties and hours.",
  modified: "They are at work with changed duties or hours.",
  "off-sick": "They are currently absent from work because of their health.",
  "other-leave": "They are currently on leave.",
};

const EMPLOYER_DAILY_EFFECT: Record<string, string> = {
  none: "Their health does not limit everyday activities.",
  minor: "Their health has a minor effect on everyday activities.",
  substantial: "Their health makes everyday activities noticeably harder at present.",
  severe: "Their health currently prevents some everyday activities.",
};

const EMPLOYER_FITNESS: Record<ManagementOutcome, string> = {
  fit: "In my opinion they are fit for their current role.",
  "fit-with-adjustments":
    "In my opinion they are fit for their current role with the adjustments recommended below.",
  "temporarily-unfit": "In my opinion they are temporarily unfit for work at present.",
  "unfit-for-current-role": "In my opinion they are unfit for their current role.",
};

/**
 * The reason beside the doctor's view on the Act (the view itself is a choice of its own, and the
 * advisory caveat is printed once with the section): duration and impact, in the Act's terms.
 */
const EMPLOYER_EQUALITY_ACT = {
  likely:
    "The effects on normal day-to-day activities are substantial and have lasted, or are expected to last, 12 months or more, or to recur.",
  possible:
    "The effects on normal day-to-day activities are substantial; it is not yet known whether they will last 12 months or recur.",
  unlikely:
    "The effects on normal day-to-day activities are minor, or are not expected to last 12 months or to recur.",
  unclear:
    "There is not yet enough information about how long the effects will last, or how much they affect day-to-day activities.",
} as const;

const moderateOrWorse = (band: string | null | undefined) =>
  band === "moderate" || band === "moderately-severe" || band === "severe";

interface ManagementCase {
  input: ManagementDraftInput;
  v: ResponseView;
  scores: Scores;
  safety: SafetyAssessment;
  /** The conditions the employee reports ("none" left out). */
  categories: string[];
  /** The employee ticked "no health problem" and nothing else. */
  noProblem: boolean;
  mentalHealth: boolean;
  /** PHQ-9 or GAD-7 in the moderate band or above. */
  mhModerate: boolean;
  scoreBasis: string[];
  treatments: string[];
  /** Waiting for tests or treatment. */
  waiting: boolean;
  status: string | undefined;
  wantsAdjustments: string[];
  safetyBasis: string[];
}

type StatementRule = Rule<ManagementCase, Claim | Claim[] | null>;

export function managementCase(
  input: ManagementDraftInput,
  v: ResponseView,
  scores: Scores,
  safety: SafetyAssessment,
): ManagementCase {
  const categories = v.codes("condition.categories").filter((c) => c !== "none");
  const treatments = v.codes("treatment.current");
  return {
    input,
    v,
    scores,
    safety,
    categories,
    noProblem: v.codes("condition.categories").includes("none") && categories.length === 0,
    mentalHealth:
      categories.includes("mental-health") || v.code("mental-health.affected") === "yes",
    mhModerate: moderateOrWorse(scores.phq9?.band) || moderateOrWorse(scores.gad7?.band),
    scoreBasis: [...(scores.phq9?.linkIds ?? []), ...(scores.gad7?.linkIds ?? [])],
    treatments,
    waiting:
      treatments.includes("waiting-list") || v.code("condition.diagnosis-status") === "awaiting",
    status: v.code("work.status"),
    wantsAdjustments: v.codes("support.adjustments").filter((c) => c !== "none"),
    safetyBasis: safety.reasons.map((r) => r.linkId),
  };
}

const has =
  (linkId: string) =>
  ({ v }: ManagementCase) =>
    v.has(linkId);
const urgent = ({ safety }: ManagementCase) => safety.urgent;
const substantialDaily = (v: ResponseView) =>
  ["substantial", "severe"].includes(v.code("function.daily") ?? "");

/** The summary's account of function at work, for the employer. */
const EMPLOYER_SUMMARY: readonly StatementRule[] = [
  {
    id: "work.status",
    when: ({ status }) => Boolean(status && EMPLOYER_WORK_STATUS[status]),
    add: ({ status }) => tell(EMPLOYER_WORK_STATUS[status!]!, "work.status"),
  },
  {
    id: "condition.categories",
    when: ({ noProblem }) => noProblem,
    add: () => tell("They report no health problem affecting their work.", "condition.categories"),
  },
  {
    id: "function.daily",
    when: ({ v }) => Boolean(EMPLOYER_DAILY_EFFECT[v.code("function.daily") ?? ""]),
    add: ({ v }) => tell(EMPLOYER_DAILY_EFFECT[v.code("function.daily")!]!, "function.daily"),
  },
  {
    id: "work.difficult-tasks",
    when: has("work.difficult-tasks"),
    add: () =>
      tell(
        "They find some of their usual tasks difficult at present; the recommendations below are meant to help with these.",
        "work.difficult-tasks",
      ),
  },
  {
    id: "condition.trend",
    when: ({ v }) => ["improving", "worse"].includes(v.code("condition.trend") ?? ""),
    add: ({ v }) =>
      tell(
        v.code("condition.trend") === "improving"
          ? "Their health is reported to be improving."
          : "Their health is reported to be getting worse at present.",
        "condition.trend",
      ),
  },
];

/** The summary's evidence for the doctor: the reason, the person's own words, the scores. */
const DOCTOR_SUMMARY: readonly StatementRule[] = [
  {
    id: "referral.reason",
    when: () => true,
    add: ({ input }) => ({
      text: `Referred by the employer for: “${input.referralReason.trim().replace(/[.\s]+$/, "") || "no reason given"}”.`,
      source: "referral",
    }),
  },
  {
    id: "reason.agree",
    when: ({ v }) => ["partly", "no"].includes(v.code("reason.agree") ?? ""),
    add: ({ v }) =>
      say(
        `The employee ${v.code("reason.agree") === "no" ? "does not agree" : "only partly agrees"} with the employer's account${v.has("reason.own-words") ? `: ${v.quote("reason.own-words")}` : "."}`,
        "reason.agree",
        "reason.own-words",
      ),
  },
  {
    id: "condition.categories.none",
    when: ({ noProblem }) => noProblem,
    add: () => say("The employee reports no health problem.", "condition.categories"),
  },
  {
    id: "condition.categories",
    when: ({ noProblem, categories }) => !noProblem && categories.length > 0,
    add: ({ v, categories }) =>
      say(
        `The employee reports ${joinList(v.optionDisplays("condition.categories", categories))}${v.has("condition.duration") ? `, with symptoms for ${lowerFirst(v.display("condition.duration")!)}` : ""}${v.has("condition.trend") ? `; over the last month ${trendWords(v.code("condition.trend"))}` : ""}.`,
        "condition.categories",
        "condition.duration",
        "condition.trend",
      ),
  },
  {
    id: "condition.description",
    when: has("condition.description"),
    add: ({ v }) =>
      say(`In their words: ${v.quote("condition.description")}`, "condition.description"),
  },
  {
    id: "treatment.current",
    when: has("treatment.current"),
    add: ({ v, treatments }) =>
      say(
        `Current treatment: ${joinList(v.optionDisplays("treatment.current", treatments))}${v.has("treatment.helping") ? `; helping: ${lowerFirst(v.display("treatment.helping")!)}` : ""}.`,
        "treatment.current",
        "treatment.helping",
      ),
  },
  {
    id: "function.daily",
    when: has("function.daily"),
    add: ({ v }) =>
      say(
        `Effect on day-to-day activities: ${lowerFirst(v.display("function.daily")!)}.`,
        "function.daily",
      ),
  },
  {
    id: "work.status",
    when: ({ status }) => Boolean(status),
    add: ({ v, status }) => {
      const absence = v.number("work.absence-days");
      return say(
        `Work: ${WORK_STATUS[status!] ?? lowerFirst(v.display("work.status")!)}${v.has("work.absence-start") ? ` since ${v.display("work.absence-start")}` : ""}${v.has("work.fit-note") ? ` (fit note: ${lowerFirst(v.display("work.fit-note")!)})` : ""}${absence !== undefined ? `; about ${absence} day${absence === 1 ? "" : "s"} off for this problem in the last 12 months` : ""}.`,
        "work.status",
        "work.absence-start",
        "work.fit-note",
        "work.absence-days",
      );
    },
  },
  {
    id: "work.difficult-tasks",
    when: has("work.difficult-tasks"),
    add: ({ v }) =>
      say(`Tasks they find difficult: ${v.quote("work.difficult-tasks")}`, "work.difficult-tasks"),
  },
  {
    id: "work.contributing",
    when: ({ v }) => ["yes", "unsure"].includes(v.code("work.contributing") ?? ""),
    add: ({ v }) =>
      say(
        `${v.code("work.contributing") === "yes" ? "Reports" : "Is unsure whether there are"} work factors contributing${v.has("work.contributing.details") ? `: ${v.quote("work.contributing.details")}` : "."}`,
        "work.contributing",
        "work.contributing.details",
      ),
  },
  {
    id: "scores",
    when: ({ scores }) => scores.phq9?.total != null || scores.gad7?.total != null,
    add: ({ scores, scoreBasis }) => {
      const parts: string[] = [];
      if (scores.phq9?.total != null)
        parts.push(`PHQ-9 ${scores.phq9.total}/27 (${BAND_LABELS[scores.phq9.band!]})`);
      if (scores.gad7?.total != null)
        parts.push(`GAD-7 ${scores.gad7.total}/21 (${BAND_LABELS[scores.gad7.band!]})`);
      return say(
        `${parts.join("; ")}. Screening scores, not diagnoses; interpret with the history.`,
        ...scoreBasis,
      );
    },
  },
  {
    id: "closing.consultation",
    when: ({ v }) => v.isYes("closing.consultation"),
    add: () =>
      say("The employee asked to speak to the doctor by phone or video.", "closing.consultation"),
  },
  {
    id: "closing.other",
    when: has("closing.other"),
    add: ({ v }) => say(`Anything else: ${v.quote("closing.other")}`, "closing.other"),
  },
];

/** The suggested fitness: the first rule that holds decides. */
const OUTCOME: readonly Rule<ManagementCase, [ManagementOutcome, Claim]>[] = [
  {
    id: "safety.urgent",
    when: urgent,
    add: ({ safetyBasis }) => [
      "temporarily-unfit",
      say(
        "Suggest temporarily unfit until the doctor has reviewed the safety answers with the employee; fitness cannot be judged before then.",
        ...safetyBasis,
      ),
    ],
  },
  {
    id: "work.status.off-sick.near-return",
    when: ({ v, status }) =>
      status === "off-sick" &&
      (v.code("work.fit-note") === "may-be-fit" ||
        ["now", "lt-2w"].includes(v.code("return.expectation") ?? "")),
    add: () => [
      "fit-with-adjustments",
      say(
        "Currently off sick, but the fit note and/or the employee's own estimate suggest a return is possible now with adjustments, such as a phased return.",
        "work.status",
        "work.fit-note",
        "return.expectation",
      ),
    ],
  },
  {
    id: "work.status.off-sick",
    when: ({ status }) => status === "off-sick",
    add: () => [
      "temporarily-unfit",
      say(
        "Currently off sick and not expecting to return within two weeks: suggest temporarily unfit, with the timescale below.",
        "work.status",
        "work.fit-note",
        "return.expectation",
      ),
    ],
  },
  {
    id: "work.difficulties",
    when: ({ v, status, wantsAdjustments, mhModerate }) =>
      status === "modified" || wantsAdjustments.length > 0 || substantialDaily(v) || mhModerate,
    add: ({ mhModerate, scoreBasis }) => [
      "fit-with-adjustments",
      say(
        "At work, with reported difficulties or requested changes: suggest fit with the adjustments below.",
        "work.status",
        "support.adjustments",
        "function.daily",
        ...(mhModerate ? scoreBasis : []),
      ),
    ],
  },
  {
    id: "work.fit",
    when: () => true,
    add: () => [
      "fit",
      say(
        "At work with no requested changes and limited effect on daily life: suggest fit.",
        "work.status",
        "support.adjustments",
        "function.daily",
      ),
    ],
  },
];

const NOT_EXPECTED_BACK: StatementRule = {
  id: "return.expectation.not-expected",
  when: ({ v }) => v.code("return.expectation") === "not-expected",
  add: () =>
    say(
      "The employee does not expect to be able to do their normal job again. The doctor should consider whether they are likely to be unfit for the current role, and whether redeployment or ill-health retirement should be discussed; the rules drafter does not suggest this outcome itself.",
      "return.expectation",
    ),
};

type Present = "yes" | "no" | "unclear";
/** Whether there is an underlying condition: the first rule that holds decides. */
const UNDERLYING: readonly Rule<ManagementCase, [Present, Claim[]]>[] = [
  {
    id: "condition.categories.none",
    when: ({ noProblem }) => noProblem,
    add: () => [
      "no",
      [tell("No underlying health condition was reported.", "condition.categories")],
    ],
  },
  {
    id: "condition.categories",
    when: ({ categories }) => categories.length > 0,
    add: ({ v, categories }) => {
      const ds = v.code("condition.diagnosis-status");
      const diagnosis =
        ds === "yes"
          ? [
              say(
                `A health professional has given a diagnosis${v.has("condition.diagnosis") ? `, reported as ${v.quote("condition.diagnosis")}` : ""}; the doctor should confirm it before naming it in the report, and only with the employee's consent.`,
                "condition.diagnosis-status",
                "condition.diagnosis",
              ),
            ]
          : ds === "awaiting"
            ? [say("Tests or a diagnosis are awaited.", "condition.diagnosis-status")]
            : ds === "no"
              ? [say("No diagnosis has been given yet.", "condition.diagnosis-status")]
              : [];
      return [
        "yes",
        [
          // Naming the condition is the employee's choice on review: the pre-fill never names it.
          tell(
            "There is an underlying health condition, which is affecting them at work.",
            "condition.categories",
          ),
          say(
            `The employee reports ${joinList(v.optionDisplays("condition.categories", categories))}.`,
            "condition.categories",
            "condition.description",
          ),
          ...diagnosis,
        ],
      ];
    },
  },
  {
    id: "condition.unclear",
    when: () => true,
    add: () => [
      "unclear",
      [tell("It is not clear at present whether there is an underlying health condition.")],
    ],
  },
];

const TIMESCALE: readonly StatementRule[] = [
  {
    id: "safety.urgent",
    when: urgent,
    add: ({ safetyBasis }) =>
      say(
        "No timescale until the safety answers have been reviewed with the employee.",
        ...safetyBasis,
      ),
  },
  {
    id: "return.expectation",
    when: has("return.expectation"),
    add: ({ v }) =>
      say(
        `The employee's own estimate: ${lowerFirst(v.display("return.expectation")!)}. This is not a clinical prognosis.`,
        "return.expectation",
      ),
  },
  {
    id: "waiting",
    when: ({ waiting }) => waiting,
    add: () =>
      say(
        "Recovery may depend on tests or treatment the employee is waiting for, so the timescale is uncertain until they have taken place.",
        "treatment.current",
        "condition.diagnosis-status",
      ),
  },
  {
    id: "condition.trend.worse",
    when: ({ v }) => v.code("condition.trend") === "worse",
    add: () =>
      say(
        "Symptoms are reported as getting worse, which makes any estimate less certain.",
        "condition.trend",
      ),
  },
];

const ADJUSTMENT_RULES: readonly StatementRule[] = [
  {
    id: "support.adjustments",
    when: ({ wantsAdjustments }) => wantsAdjustments.length > 0,
    add: ({ v, wantsAdjustments }) =>
      wantsAdjustments.flatMap((code) =>
        ADJUSTMENTS[code]
          ? [tell(ADJUSTMENTS[code], "support.adjustments")]
          : code === "other"
            ? [
                say(
                  `Other changes the employee asks for${v.has("support.adjustments.details") ? `: ${v.quote("support.adjustments.details")}` : " (not described)."}`,
                  "support.adjustments",
                  "support.adjustments.details",
                ),
              ]
            : [],
      ),
  },
  {
    id: "support.adjustments.details",
    when: ({ v, wantsAdjustments }) =>
      wantsAdjustments.length > 0 &&
      v.has("support.adjustments.details") &&
      !wantsAdjustments.includes("other"),
    add: ({ v }) =>
      say(
        `The employee adds: ${v.quote("support.adjustments.details")}`,
        "support.adjustments.details",
      ),
  },
  {
    id: "stress-risk-assessment",
    when: ({ v, mentalHealth, mhModerate }) =>
      mentalHealth && (mhModerate || v.code("work.contributing") === "yes"),
    add: ({ scoreBasis }) =>
      tell(
        "An individual stress risk assessment (HSE Management Standards) with the employee, to identify and reduce work-related pressures.",
        "work.contributing",
        "work.contributing.details",
        "condition.categories",
        "mental-health.affected",
        ...scoreBasis,
      ),
  },
  {
    id: "employee-assistance",
    when: ({ mentalHealth }) => mentalHealth,
    add: () =>
      tell(
        "Make sure they know how to reach the employee assistance programme, if there is one.",
        "condition.categories",
        "mental-health.affected",
      ),
  },
  {
    id: "access-to-work",
    when: ({ v, categories }) =>
      categories.some((c) => ["long-term", "neurological", "neurodivergence"].includes(c)) ||
      substantialDaily(v),
    add: () =>
      tell(
        "Access to Work may help fund equipment or support.",
        "condition.categories",
        "function.daily",
      ),
  },
  {
    id: "support.existing",
    when: ({ v }) => v.code("support.existing") === "not-helping",
    add: () =>
      tell(
        "Review the adjustments already in place with them, as they are not yet helping enough.",
        "support.existing",
      ),
  },
];

type Ability = NonNullable<DraftReport["formalProcesses"]>["ability"];
const ABILITY: Record<string, Ability> = {
  able: "able",
  "with-support": "able-with-support",
  "not-now": "not-currently-able",
};
const EMPLOYER_ABILITY: Record<Ability, string> = {
  able: "They are able to take part in formal meetings or processes.",
  "able-with-support":
    "They are able to take part in formal meetings or processes with some support.",
  "not-currently-able":
    "They are not able to take part in formal meetings or processes at present; occupational health will advise when this changes.",
  unclear:
    "It is not yet clear whether they can take part in formal meetings or processes; occupational health will advise.",
};
const EMPLOYEE_ABILITY: Record<Ability, string> = {
  able: "The employee says they feel able to take part in formal meetings or processes.",
  "able-with-support":
    "The employee says they could take part in formal meetings or processes with some support.",
  "not-currently-able":
    "The employee says they do not feel able to take part in formal meetings or processes at the moment; the doctor should judge whether their health actually prevents it.",
  unclear: "The employee is unsure whether they could take part in formal meetings or processes.",
};
const abilityOf = (v: ResponseView): Ability =>
  ABILITY[v.code("process.meetings") ?? ""] ?? "unclear";

const FORMAL_PROCESSES: readonly StatementRule[] = [
  {
    id: "process.meetings",
    when: has("process.meetings"),
    add: ({ v }) => [
      tell(EMPLOYER_ABILITY[abilityOf(v)], "process.meetings"),
      say(EMPLOYEE_ABILITY[abilityOf(v)], "process.meetings"),
    ],
  },
  {
    id: "process.support",
    when: has("process.support"),
    add: ({ v }) =>
      tell(
        `Helpful support would be: ${joinList(v.optionDisplays("process.support", v.codes("process.support")))}.`,
        "process.support",
      ),
  },
  {
    id: "safety.urgent",
    when: urgent,
    add: ({ safetyBasis }) =>
      tell(
        "Formal processes should be paused until occupational health advises further.",
        ...safetyBasis,
      ),
  },
];

const FOLLOW_UP: readonly Rule<ManagementCase & { suggested: ManagementOutcome }, Claim[]>[] = [
  {
    id: "safety.urgent",
    when: urgent,
    add: ({ safetyBasis }) => [
      say(
        "Urgent: the OH doctor contacts the employee today about their safety answers.",
        ...safetyBasis,
      ),
      tell("Occupational health will review them again shortly and advise you.", ...safetyBasis),
    ],
  },
  {
    id: "temporarily-unfit",
    when: ({ suggested, safety }) => suggested === "temporarily-unfit" && !safety.urgent,
    add: () => [
      tell(
        "Review in about four weeks, or before the expected return, to plan a phased return.",
        "work.status",
        "return.expectation",
      ),
    ],
  },
  {
    id: "scores.moderate",
    when: ({ mhModerate }) => mhModerate,
    add: ({ scoreBasis }) => [
      say(
        "Review in four to six weeks given the screening scores; consider a video consultation.",
        ...scoreBasis,
      ),
      tell("Review in four to six weeks.", ...scoreBasis),
    ],
  },
  {
    id: "waiting",
    when: ({ waiting }) => waiting,
    add: () => [
      tell(
        "Review once the tests or treatment they are waiting for have taken place.",
        "treatment.current",
        "condition.diagnosis-status",
      ),
    ],
  },
  {
    id: "closing.consultation",
    when: ({ v }) => v.isYes("closing.consultation"),
    add: () => [say("Offer the consultation the employee asked for.", "closing.consultation")],
  },
];

/** The tables, by section (tests check each rule's citations against the questionnaire). */
export const MANAGEMENT_RULES = {
  employerSummary: EMPLOYER_SUMMARY,
  doctorSummary: DOCTOR_SUMMARY,
  outcome: OUTCOME,
  notExpectedBack: [NOT_EXPECTED_BACK],
  underlying: UNDERLYING,
  timescale: TIMESCALE,
  adjustments: ADJUSTMENT_RULES,
  formalProcesses: FORMAL_PROCESSES,
  followUp: FOLLOW_UP,
} as const;

/** Each section's statements, or its fallback when no rule held. */
function orElse(statements: DraftStatement[], fallback: () => DraftStatement): DraftStatement[] {
  return statements.length > 0 ? statements : [fallback()];
}

export function draftManagement(
  input: ManagementDraftInput,
  v: ResponseView,
  scores: Scores,
  safety: SafetyAssessment,
  trace?: RuleTrace,
): Omit<
  DraftReport,
  "drafter" | "caveats" | "prominentNotes" | "urgent" | "referralType" | "scores"
> {
  const selected = input.selectedQuestions;
  const c = managementCase(input, v, scores, safety);
  const of = (claim: Claim) => statementOf(v, claim);

  // ---- summary: the employer-facing account of function at work first, then the doctor's ----
  // evidence (the reason, the person's own words, scores), which never pre-fills the report.
  const summary = [
    ...orElse(statementsOf(EMPLOYER_SUMMARY, c, trace), () =>
      of(tell("They completed an occupational health assessment for this referral.")),
    ),
    ...statementsOf(DOCTOR_SUMMARY, c, trace),
  ];
  const out: ReturnType<typeof draftManagement> = { summary };

  // ---- fitness outcome: suggested whether or not it was asked (the follow-up rules read it) ----
  const [suggested, reason] = first(OUTCOME, c, trace)!;
  const asked: QuestionDraftCase = { c, v, safety, trace, of, suggested, reason };
  // The draft's sections in the order of QUESTION_DRAFTS, the prognosis after the timescale
  // (the golden files pin the draft byte for byte, its key order included).
  for (const key of Object.keys(QUESTION_DRAFTS) as QuestionKey[]) {
    if (selected[key]) Object.assign(out, { [DRAFT_SECTION_OF[key]]: QUESTION_DRAFTS[key](asked) });
    if (key === "timeToFitness") out.prognosis = draftPrognosis(v, safety);
  }
  return out;
}

/** What each question's drafting reads: the case, the response and the suggested outcome. */
interface QuestionDraftCase {
  c: ManagementCase;
  v: ResponseView;
  safety: SafetyAssessment;
  trace: RuleTrace | undefined;
  of: (claim: Claim) => DraftStatement;
  suggested: ManagementOutcome;
  reason: Claim;
}

/**
 * How the drafter answers each of the employer's questions (docs/architecture.md §4): one entry
 * per question, so a question added to management-questions.ts does not compile until the
 * drafter says how it is drafted.
 */
const QUESTION_DRAFTS: { [K in QuestionKey]: (d: QuestionDraftCase) => DraftSectionOf<K> } = {
  fitForWork: ({ c, trace, of, suggested, reason }) => {
    const statements = [of(reason), ...statementsOf([NOT_EXPECTED_BACK], c, trace)];
    statements.push({
      text: EMPLOYER_FITNESS[suggested],
      basis: statements[0]!.basis,
      audience: "employer",
    });
    return { question: "fitForWork", suggested, label: OUTCOME_LABELS[suggested], statements };
  },
  underlyingCondition: ({ c, trace, of }) => {
    const [present, claims] = first(UNDERLYING, c, trace)!;
    return { question: "underlyingCondition", present, statements: claims.map(of) };
  },
  timeToFitness: ({ c, v, safety, trace }) => {
    const expectation = v.code("return.expectation");
    return {
      question: "timeToFitness",
      estimate: safety.urgent
        ? "Cannot be estimated yet; occupational health will review it shortly"
        : expectation
          ? (RETURN_ESTIMATES[expectation] ?? "Uncertain")
          : "Uncertain",
      statements: statementsOf(TIMESCALE, c, trace),
    };
  },
  recommendedAdjustments: ({ c, trace, of }) => ({
    question: "recommendedAdjustments",
    statements: orElse(statementsOf(ADJUSTMENT_RULES, c, trace), () =>
      of(tell("No workplace adjustments are needed at present.", "support.adjustments")),
    ),
  }),
  // ---- Equality Act 2010 (advisory) ----
  equalityAct: ({ c, v, trace }) => draftEqualityAct(v, c.categories, trace),
  engageInProcesses: ({ c, v, trace }) => ({
    question: "engageInProcesses",
    ability: abilityOf(v),
    statements: statementsOf(FORMAL_PROCESSES, c, trace),
  }),
  followUp: ({ c, trace, of, suggested }) => ({
    question: "followUp",
    statements: orElse(
      evaluate(FOLLOW_UP, { ...c, suggested }, trace)
        .flat()
        .map(of),
      () =>
        of(
          tell(
            "No routine occupational health follow-up is needed; please refer again if things change.",
            "work.status",
            "condition.trend",
          ),
        ),
    ),
  }),
};

function trendWords(code: string | undefined): string {
  return (
    {
      improving: "they are getting better",
      same: "they are about the same",
      worse: "they are getting worse",
      variable: "they have been up and down",
    }[code ?? ""] ?? "no change is reported"
  );
}

/*
 * Equality Act 2010 s.6 and Sch. 1: an impairment with a substantial (more than minor or trivial)
 * and long-term (12 months or more, or likely to recur) adverse effect on normal day-to-day
 * activities, judged without the effect of treatment (Sch. 1 para 5); cancer, HIV and MS are
 * disabilities from diagnosis (para 6).
 */
type Likelihood = NonNullable<DraftReport["equalityAct"]>["likelihood"];
interface EqualityActCase {
  v: ResponseView;
  cancer: boolean;
  longTerm: boolean;
  likelihood: Likelihood;
}

export function equalityActCase(v: ResponseView, categories: string[]): EqualityActCase {
  const longTermAnswer = v.code("condition.long-term");
  const duration = v.code("condition.duration");
  const longTerm = longTermAnswer === "yes" || duration === "gt-12m" || duration === "recurring";
  const daily = v.code("function.daily");
  const untreated = v.code("function.without-treatment");
  const substantial =
    ["substantial", "severe"].includes(daily ?? "") ||
    ["substantial", "severe"].includes(untreated ?? "");
  const trivial =
    ["none", "minor"].includes(daily ?? "") &&
    (untreated === undefined || ["none", "minor"].includes(untreated));
  const cancer = categories.includes("cancer");
  // Duration and impact decide the default (docs/decisions/0017-actionable-reports.md): long-term
  // (12 months or more, or likely to recur) with more than a trivial effect is "likely"; a
  // substantial effect of 3 to 12 months so far "may apply"; a trivial or short one "unlikely".
  const likelihood: Likelihood = cancer
    ? "likely"
    : longTerm && !trivial
      ? "likely"
      : trivial
        ? "unlikely"
        : duration === "3-12m" && substantial
          ? "possible"
          : longTermAnswer === "no"
            ? "unlikely"
            : substantial || longTerm || longTermAnswer === "unsure"
              ? "possible"
              : "unclear";
  return { v, cancer, longTerm, likelihood };
}

const DEFINITION_ANSWERS = [
  "condition.long-term",
  "condition.duration",
  "function.daily",
  "function.without-treatment",
];

export const EQUALITY_ACT_RULES: readonly Rule<EqualityActCase, Claim>[] = [
  {
    id: "condition.categories.cancer",
    when: ({ cancer }) => cancer,
    add: () =>
      say(
        "The employee reports cancer. Cancer is treated as a disability from diagnosis (Equality Act 2010, Schedule 1, paragraph 6).",
        "condition.categories",
      ),
  },
  {
    id: "condition.long-term",
    when: ({ cancer }) => !cancer,
    add: ({ v, longTerm }) =>
      say(
        longTerm
          ? "The problem has lasted, or is expected to last, 12 months or more, or to recur (long-term)."
          : v.code("condition.long-term") === "no"
            ? "The employee does not expect the problem to last 12 months or to recur."
            : "It is not yet clear whether the problem is long-term.",
        "condition.long-term",
        "condition.duration",
      ),
  },
  {
    id: "function.daily",
    when: ({ v, cancer }) => !cancer && v.has("function.daily"),
    add: ({ v }) =>
      say(
        `Reported effect on normal day-to-day activities: ${lowerFirst(v.display("function.daily")!)}${v.has("function.without-treatment") ? `; without treatment: ${lowerFirst(v.display("function.without-treatment")!)}` : ""}. Effects are judged as they would be without treatment.`,
        "function.daily",
        "function.without-treatment",
      ),
  },
  {
    id: "opinion",
    when: ({ cancer }) => !cancer,
    add: ({ likelihood }) =>
      say(
        {
          likely: "On the employee's answers, the Act is likely to apply.",
          possible:
            "On the employee's answers, the Act may apply; the doctor should weigh the history.",
          unlikely: "On the employee's answers, the Act is unlikely to apply at present.",
          unclear: "The answers are not enough to suggest whether the Act applies.",
        }[likelihood],
        ...DEFINITION_ANSWERS,
      ),
  },
  {
    id: "employer-opinion",
    when: () => true,
    add: ({ cancer, likelihood }) =>
      tell(
        EMPLOYER_EQUALITY_ACT[likelihood],
        ...(cancer ? ["condition.categories"] : DEFINITION_ANSWERS),
      ),
  },
];

function draftEqualityAct(
  v: ResponseView,
  categories: string[],
  trace?: RuleTrace,
): NonNullable<DraftReport["equalityAct"]> {
  const c = equalityActCase(v, categories);
  return {
    question: "equalityAct",
    likelihood: c.likelihood,
    advisory: true,
    statements: evaluate(EQUALITY_ACT_RULES, c, trace).map((claim) => statementOf(v, claim)),
  };
}

const COURSE: Record<string, string> = {
  improving: "Their health is improving",
  same: "Their health is stable at present",
  worse: "Their health has been getting worse recently",
  variable: "Their health varies from week to week",
};

/**
 * The expected course and the likelihood of recurrence or further absence, in employer words
 * (docs/decisions/0017-actionable-reports.md), from what the person reports of its trend and
 * duration: never a clinical prognosis, which is the doctor's to give.
 */
function draftPrognosis(
  v: ResponseView,
  safety: SafetyAssessment,
): NonNullable<DraftReport["prognosis"]> {
  const cites = ["condition.trend", "condition.long-term", "condition.duration"];
  if (safety.urgent)
    return {
      recurrence: "possible",
      statements: [
        statementOf(
          v,
          tell(
            "The expected course will be given once occupational health has reviewed the case with the employee.",
          ),
        ),
      ],
    };
  const longTerm =
    v.code("condition.long-term") === "yes" ||
    ["gt-12m", "recurring"].includes(v.code("condition.duration") ?? "");
  const shortTerm = v.code("condition.long-term") === "no";
  const recurrence = longTerm
    ? "likely"
    : shortTerm && v.code("condition.trend") === "improving"
      ? "unlikely"
      : "possible";
  const course =
    COURSE[v.code("condition.trend") ?? ""] ?? "How their health will change is not yet clear";
  const outlook = {
    likely:
      "the effects are expected to continue or to come back, so some further absence is likely.",
    unlikely: "a full return to their usual work is expected, and further absence is unlikely.",
    possible: "further absence is possible until it has settled.",
  }[recurrence];
  return {
    recurrence,
    statements: [statementOf(v, tell(`${course}; ${outlook}`, ...cites))],
  };
}
