import type { SafetyAssessment } from "~/domain/assessments/assess-safety.ts";
import {
  BAND_LABELS,
  type Gad7Band,
  type InstrumentScore,
  type Phq9Band,
} from "~/domain/assessments/score-instruments.ts";
import type {
  DraftReport,
  DraftStatement,
  ManagementDraftInput,
  ManagementOutcome,
} from "./drafter.ts";
import { OUTCOME_LABELS } from "./drafter.ts";
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
  "flexible-hours": "Flexible start and finish times, for example around treatment or symptoms.",
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

const EMPLOYER_EQUALITY_ACT = {
  likely: "In my opinion the Equality Act 2010 is likely to apply.",
  possible: "In my opinion the Equality Act 2010 may apply.",
  unlikely: "In my opinion the Equality Act 2010 is unlikely to apply at present.",
  unclear: "It is not yet possible to advise whether the Equality Act 2010 applies.",
} as const;

const moderateOrWorse = (band: string | null | undefined) =>
  band === "moderate" || band === "moderately-severe" || band === "severe";

export function draftManagement(
  input: ManagementDraftInput,
  v: ResponseView,
  scores: Scores,
  safety: SafetyAssessment,
): Omit<
  DraftReport,
  "drafter" | "caveats" | "prominentNotes" | "urgent" | "referralType" | "scores"
> {
  const selected = input.selectedQuestions;
  const categories = v.codes("condition.categories").filter((c) => c !== "none");
  const noProblem = v.codes("condition.categories").includes("none") && categories.length === 0;
  const mentalHealth =
    categories.includes("mental-health") || v.code("mental-health.affected") === "yes";
  const mhModerate = moderateOrWorse(scores.phq9?.band) || moderateOrWorse(scores.gad7?.band);
  const scoreBasis = [...(scores.phq9?.linkIds ?? []), ...(scores.gad7?.linkIds ?? [])];
  const treatments = v.codes("treatment.current");
  const waiting =
    treatments.includes("waiting-list") || v.code("condition.diagnosis-status") === "awaiting";
  const status = v.code("work.status");
  const wantsAdjustments = v.codes("support.adjustments").filter((c) => c !== "none");
  const safetyBasis = safety.reasons.map((r) => r.linkId);

  // ---- summary: the employer-facing account of function at work first, then the doctor's ----
  // evidence (the reason, the person's own words, scores), which never pre-fills the report.
  const summary: DraftStatement[] = [];
  if (status && EMPLOYER_WORK_STATUS[status])
    summary.push(v.employer(EMPLOYER_WORK_STATUS[status], "work.status"));
  if (noProblem)
    summary.push(
      v.employer("They report no health problem affecting their work.", "condition.categories"),
    );
  const daily = v.code("function.daily");
  if (daily && EMPLOYER_DAILY_EFFECT[daily])
    summary.push(v.employer(EMPLOYER_DAILY_EFFECT[daily], "function.daily"));
  if (v.has("work.difficult-tasks"))
    summary.push(
      v.employer(
        "They find some of their usual tasks difficult at present; the recommendations below are meant to help with these.",
        "work.difficult-tasks",
      ),
    );
  const trend = v.code("condition.trend");
  if (trend === "improving" || trend === "worse")
    summary.push(
      v.employer(
        trend === "improving"
          ? "Their health is reported to be improving."
          : "Their health is reported to be getting worse at present.",
        "condition.trend",
      ),
    );
  if (!summary.some((s) => s.audience === "employer"))
    summary.push({
      text: "They completed an occupational health assessment for this referral.",
      basis: [],
      audience: "employer",
    });
  summary.push({
    text: `Referred by the employer for: “${input.referralReason.trim().replace(/[.\s]+$/, "") || "no reason given"}”.`,
    basis: [],
    source: "referral",
  });
  const agree = v.code("reason.agree");
  if (agree === "partly" || agree === "no")
    summary.push(
      v.statement(
        `The employee ${agree === "no" ? "does not agree" : "only partly agrees"} with the employer's account${v.has("reason.own-words") ? `: ${v.quote("reason.own-words")}` : "."}`,
        "reason.agree",
        "reason.own-words",
      ),
    );
  if (noProblem) {
    summary.push(v.statement("The employee reports no health problem.", "condition.categories"));
  } else if (categories.length > 0) {
    summary.push(
      v.statement(
        `The employee reports ${joinList(v.optionDisplays("condition.categories", categories))}${v.has("condition.duration") ? `, with symptoms for ${lowerFirst(v.display("condition.duration")!)}` : ""}${v.has("condition.trend") ? `; over the last month ${trendWords(v.code("condition.trend"))}` : ""}.`,
        "condition.categories",
        "condition.duration",
        "condition.trend",
      ),
    );
  }
  if (v.has("condition.description"))
    summary.push(
      v.statement(`In their words: ${v.quote("condition.description")}`, "condition.description"),
    );
  if (v.has("treatment.current"))
    summary.push(
      v.statement(
        `Current treatment: ${joinList(v.optionDisplays("treatment.current", treatments))}${v.has("treatment.helping") ? `; helping: ${lowerFirst(v.display("treatment.helping")!)}` : ""}.`,
        "treatment.current",
        "treatment.helping",
      ),
    );
  if (v.has("function.daily"))
    summary.push(
      v.statement(
        `Effect on day-to-day activities: ${lowerFirst(v.display("function.daily")!)}.`,
        "function.daily",
      ),
    );
  if (status) {
    const absence = v.number("work.absence-days");
    summary.push(
      v.statement(
        `Work: ${WORK_STATUS[status] ?? lowerFirst(v.display("work.status")!)}${v.has("work.absence-start") ? ` since ${v.display("work.absence-start")}` : ""}${v.has("work.fit-note") ? ` (fit note: ${lowerFirst(v.display("work.fit-note")!)})` : ""}${absence !== undefined ? `; about ${absence} day${absence === 1 ? "" : "s"} off for this problem in the last 12 months` : ""}.`,
        "work.status",
        "work.absence-start",
        "work.fit-note",
        "work.absence-days",
      ),
    );
  }
  if (v.has("work.difficult-tasks"))
    summary.push(
      v.statement(
        `Tasks they find difficult: ${v.quote("work.difficult-tasks")}`,
        "work.difficult-tasks",
      ),
    );
  if (v.code("work.contributing") === "yes" || v.code("work.contributing") === "unsure")
    summary.push(
      v.statement(
        `${v.code("work.contributing") === "yes" ? "Reports" : "Is unsure whether there are"} work factors contributing${v.has("work.contributing.details") ? `: ${v.quote("work.contributing.details")}` : "."}`,
        "work.contributing",
        "work.contributing.details",
      ),
    );
  if (scores.phq9?.total != null || scores.gad7?.total != null) {
    const parts: string[] = [];
    if (scores.phq9?.total != null)
      parts.push(`PHQ-9 ${scores.phq9.total}/27 (${BAND_LABELS[scores.phq9.band!]})`);
    if (scores.gad7?.total != null)
      parts.push(`GAD-7 ${scores.gad7.total}/21 (${BAND_LABELS[scores.gad7.band!]})`);
    summary.push(
      v.statement(
        `${parts.join("; ")}. Screening scores, not diagnoses; interpret with the history.`,
        ...scoreBasis,
      ),
    );
  }
  if (v.isYes("closing.consultation"))
    summary.push(
      v.statement(
        "The employee asked to speak to the doctor by phone or video.",
        "closing.consultation",
      ),
    );
  if (v.has("closing.other"))
    summary.push(v.statement(`Anything else: ${v.quote("closing.other")}`, "closing.other"));

  const out: ReturnType<typeof draftManagement> = { summary };

  // ---- fitness outcome ----
  let suggested: ManagementOutcome = "fit";
  const outcomeStatements: DraftStatement[] = [];
  if (safety.urgent) {
    suggested = "temporarily-unfit";
    outcomeStatements.push({
      text: "Suggest temporarily unfit until the doctor has reviewed the safety answers with the employee; fitness cannot be judged before then.",
      basis: v.basis(...safetyBasis),
    });
  } else if (status === "off-sick") {
    const nearReturn = ["now", "lt-2w"].includes(v.code("return.expectation") ?? "");
    if (v.code("work.fit-note") === "may-be-fit" || nearReturn) {
      suggested = "fit-with-adjustments";
      outcomeStatements.push(
        v.statement(
          "Currently off sick, but the fit note and/or the employee's own estimate suggest a return is possible now with adjustments, such as a phased return.",
          "work.status",
          "work.fit-note",
          "return.expectation",
        ),
      );
    } else {
      suggested = "temporarily-unfit";
      outcomeStatements.push(
        v.statement(
          "Currently off sick and not expecting to return within two weeks: suggest temporarily unfit, with the timescale below.",
          "work.status",
          "work.fit-note",
          "return.expectation",
        ),
      );
    }
  } else if (
    status === "modified" ||
    wantsAdjustments.length > 0 ||
    ["substantial", "severe"].includes(v.code("function.daily") ?? "") ||
    mhModerate
  ) {
    suggested = "fit-with-adjustments";
    outcomeStatements.push(
      v.statement(
        "At work, with reported difficulties or requested changes: suggest fit with the adjustments below.",
        "work.status",
        "support.adjustments",
        "function.daily",
        ...(mhModerate ? scoreBasis : []),
      ),
    );
  } else {
    outcomeStatements.push(
      v.statement(
        "At work with no requested changes and limited effect on daily life: suggest fit.",
        "work.status",
        "support.adjustments",
        "function.daily",
      ),
    );
  }
  if (v.code("return.expectation") === "not-expected")
    outcomeStatements.push(
      v.statement(
        "The employee does not expect to be able to do their normal job again. The doctor should consider whether they are likely to be unfit for the current role, and whether redeployment or ill-health retirement should be discussed; the rules drafter does not suggest this outcome itself.",
        "return.expectation",
      ),
    );
  outcomeStatements.push({
    text: EMPLOYER_FITNESS[suggested],
    basis: outcomeStatements[0]?.basis ?? [],
    audience: "employer",
  });
  if (selected.fitForWork)
    out.outcome = {
      question: "fitForWork",
      suggested,
      label: OUTCOME_LABELS[suggested],
      statements: outcomeStatements,
    };

  // ---- underlying condition ----
  if (selected.underlyingCondition) {
    const statements: DraftStatement[] = [];
    let present: "yes" | "no" | "unclear" = "unclear";
    if (noProblem) {
      present = "no";
      statements.push(
        v.employer("No underlying health condition was reported.", "condition.categories"),
      );
    } else if (categories.length > 0) {
      present = "yes";
      // Naming the condition is the employee's choice on review: the pre-fill never names it.
      statements.push(
        v.employer(
          "There is an underlying health condition, which is affecting them at work.",
          "condition.categories",
        ),
      );
      statements.push(
        v.statement(
          `The employee reports ${joinList(v.optionDisplays("condition.categories", categories))}.`,
          "condition.categories",
          "condition.description",
        ),
      );
      const ds = v.code("condition.diagnosis-status");
      if (ds === "yes")
        statements.push(
          v.statement(
            `A health professional has given a diagnosis${v.has("condition.diagnosis") ? `, reported as ${v.quote("condition.diagnosis")}` : ""}; the doctor should confirm it before naming it in the report, and only with the employee's consent.`,
            "condition.diagnosis-status",
            "condition.diagnosis",
          ),
        );
      else if (ds === "awaiting")
        statements.push(
          v.statement("Tests or a diagnosis are awaited.", "condition.diagnosis-status"),
        );
      else if (ds === "no")
        statements.push(
          v.statement("No diagnosis has been given yet.", "condition.diagnosis-status"),
        );
    } else {
      statements.push({
        text: "It is not clear at present whether there is an underlying health condition.",
        basis: [],
        audience: "employer",
      });
    }
    out.underlyingCondition = { question: "underlyingCondition", present, statements };
  }

  // ---- timescale ----
  if (selected.timeToFitness) {
    const statements: DraftStatement[] = [];
    const expectation = v.code("return.expectation");
    let estimate = expectation ? (RETURN_ESTIMATES[expectation] ?? "Uncertain") : "Uncertain";
    if (safety.urgent) {
      estimate = "Cannot be estimated yet; occupational health will review it shortly";
      statements.push({
        text: "No timescale until the safety answers have been reviewed with the employee.",
        basis: v.basis(...safetyBasis),
      });
    }
    if (expectation)
      statements.push(
        v.statement(
          `The employee's own estimate: ${lowerFirst(v.display("return.expectation")!)}. This is not a clinical prognosis.`,
          "return.expectation",
        ),
      );
    if (waiting)
      statements.push(
        v.statement(
          "Recovery may depend on tests or treatment the employee is waiting for, so the timescale is uncertain until they have taken place.",
          "treatment.current",
          "condition.diagnosis-status",
        ),
      );
    if (v.code("condition.trend") === "worse")
      statements.push(
        v.statement(
          "Symptoms are reported as getting worse, which makes any estimate less certain.",
          "condition.trend",
        ),
      );
    out.timescale = { question: "timeToFitness", estimate, statements };
  }

  // ---- adjustments ----
  if (selected.recommendedAdjustments) {
    const statements: DraftStatement[] = [];
    for (const code of wantsAdjustments) {
      const text = ADJUSTMENTS[code];
      if (text) statements.push(v.employer(text, "support.adjustments"));
      else if (code === "other")
        statements.push(
          v.statement(
            `Other changes the employee asks for${v.has("support.adjustments.details") ? `: ${v.quote("support.adjustments.details")}` : " (not described)."}`,
            "support.adjustments",
            "support.adjustments.details",
          ),
        );
    }
    if (
      wantsAdjustments.length > 0 &&
      v.has("support.adjustments.details") &&
      !wantsAdjustments.includes("other")
    )
      statements.push(
        v.statement(
          `The employee adds: ${v.quote("support.adjustments.details")}`,
          "support.adjustments.details",
        ),
      );
    if (mentalHealth && (mhModerate || v.code("work.contributing") === "yes"))
      statements.push(
        v.employer(
          "An individual stress risk assessment (HSE Management Standards) with the employee, to identify and reduce work-related pressures.",
          "work.contributing",
          "work.contributing.details",
          "condition.categories",
          "mental-health.affected",
          ...scoreBasis,
        ),
      );
    if (mentalHealth)
      statements.push(
        v.employer(
          "Make sure they know how to reach the employee assistance programme, if there is one.",
          "condition.categories",
          "mental-health.affected",
        ),
      );
    if (
      categories.some((c) => ["long-term", "neurological", "neurodivergence"].includes(c)) ||
      ["substantial", "severe"].includes(v.code("function.daily") ?? "")
    )
      statements.push(
        v.employer(
          "Access to Work may help fund equipment or support.",
          "condition.categories",
          "function.daily",
        ),
      );
    if (v.code("support.existing") === "not-helping")
      statements.push(
        v.employer(
          "Review the adjustments already in place with them, as they are not yet helping enough.",
          "support.existing",
        ),
      );
    if (statements.length === 0)
      statements.push(
        v.employer("No workplace adjustments are needed at present.", "support.adjustments"),
      );
    out.adjustments = { question: "recommendedAdjustments", statements };
  }

  // ---- Equality Act 2010 (advisory) ----
  if (selected.equalityAct) out.equalityAct = draftEqualityAct(v, categories);

  // ---- formal processes ----
  if (selected.engageInProcesses) {
    const statements: DraftStatement[] = [];
    const meetings = v.code("process.meetings");
    const ability =
      meetings === "able"
        ? "able"
        : meetings === "with-support"
          ? "able-with-support"
          : meetings === "not-now"
            ? "not-currently-able"
            : "unclear";
    if (meetings)
      statements.push(
        v.employer(
          {
            able: "They are able to take part in formal meetings or processes.",
            "able-with-support":
              "They are able to take part in formal meetings or processes with some support.",
            "not-currently-able":
              "They are not able to take part in formal meetings or processes at present; occupational health will advise when this changes.",
            unclear:
              "It is not yet clear whether they can take part in formal meetings or processes; occupational health will advise.",
          }[ability],
          "process.meetings",
        ),
      );
    if (meetings)
      statements.push(
        v.statement(
          {
            able: "The employee says they feel able to take part in formal meetings or processes.",
            "able-with-support":
              "The employee says they could take part in formal meetings or processes with some support.",
            "not-currently-able":
              "The employee says they do not feel able to take part in formal meetings or processes at the moment; the doctor should judge whether their health actually prevents it.",
            unclear:
              "The employee is unsure whether they could take part in formal meetings or processes.",
          }[ability],
          "process.meetings",
        ),
      );
    if (v.has("process.support"))
      statements.push(
        v.employer(
          `Helpful support would be: ${joinList(v.optionDisplays("process.support", v.codes("process.support")))}.`,
          "process.support",
        ),
      );
    if (safety.urgent)
      statements.push({
        text: "Formal processes should be paused until occupational health advises further.",
        basis: v.basis(...safetyBasis),
        audience: "employer",
      });
    out.formalProcesses = { question: "engageInProcesses", ability, statements };
  }

  // ---- follow-up ----
  if (selected.followUp) {
    const statements: DraftStatement[] = [];
    if (safety.urgent) {
      statements.push({
        text: "Urgent: the OH doctor contacts the employee today about their safety answers.",
        basis: v.basis(...safetyBasis),
      });
      statements.push({
        text: "Occupational health will review them again shortly and advise you.",
        basis: v.basis(...safetyBasis),
        audience: "employer",
      });
    }
    if (suggested === "temporarily-unfit" && !safety.urgent)
      statements.push(
        v.employer(
          "Review in about four weeks, or before the expected return, to plan a phased return.",
          "work.status",
          "return.expectation",
        ),
      );
    if (mhModerate) {
      statements.push(
        v.statement(
          "Review in four to six weeks given the screening scores; consider a video consultation.",
          ...scoreBasis,
        ),
      );
      statements.push(v.employer("Review in four to six weeks.", ...scoreBasis));
    }
    if (waiting)
      statements.push(
        v.employer(
          "Review once the tests or treatment they are waiting for have taken place.",
          "treatment.current",
          "condition.diagnosis-status",
        ),
      );
    if (v.isYes("closing.consultation"))
      statements.push(
        v.statement("Offer the consultation the employee asked for.", "closing.consultation"),
      );
    if (statements.length === 0)
      statements.push(
        v.employer(
          "No routine occupational health follow-up is needed; please refer again if things change.",
          "work.status",
          "condition.trend",
        ),
      );
    out.followUp = { question: "followUp", statements };
  }
  return out;
}

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
function draftEqualityAct(
  v: ResponseView,
  categories: string[],
): NonNullable<DraftReport["equalityAct"]> {
  const statements: DraftStatement[] = [];
  const advisory: DraftStatement = {
    text: "This is an advisory opinion: whether the Equality Act 2010 applies is ultimately a legal decision, not a medical one. Employers are advised to act as if it may apply and consider adjustments.",
    basis: [],
    audience: "employer",
  };
  if (categories.includes("cancer")) {
    statements.push(
      v.statement(
        "The employee reports cancer. Cancer is treated as a disability from diagnosis (Equality Act 2010, Schedule 1, paragraph 6).",
        "condition.categories",
      ),
    );
    return {
      question: "equalityAct",
      likelihood: "likely",
      advisory: true,
      statements: [
        ...statements,
        v.employer(EMPLOYER_EQUALITY_ACT.likely, "condition.categories"),
        advisory,
      ],
    };
  }
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

  let likelihood: "likely" | "possible" | "unlikely" | "unclear";
  if (longTerm && substantial) likelihood = "likely";
  else if (trivial || (longTermAnswer === "no" && !longTerm)) likelihood = "unlikely";
  else if (longTerm || substantial || longTermAnswer === "unsure") likelihood = "possible";
  else likelihood = "unclear";

  statements.push(
    v.statement(
      longTerm
        ? "The problem has lasted, or is expected to last, 12 months or more, or to recur (long-term)."
        : longTermAnswer === "no"
          ? "The employee does not expect the problem to last 12 months or to recur."
          : "It is not yet clear whether the problem is long-term.",
      "condition.long-term",
      "condition.duration",
    ),
  );
  if (daily)
    statements.push(
      v.statement(
        `Reported effect on normal day-to-day activities: ${lowerFirst(v.display("function.daily")!)}${untreated ? `; without treatment: ${lowerFirst(v.display("function.without-treatment")!)}` : ""}. Effects are judged as they would be without treatment.`,
        "function.daily",
        "function.without-treatment",
      ),
    );
  statements.push({
    text: {
      likely: "On the employee's answers, the Act is likely to apply.",
      possible:
        "On the employee's answers, the Act may apply; the doctor should weigh the history.",
      unlikely: "On the employee's answers, the Act is unlikely to apply at present.",
      unclear: "The answers are not enough to suggest whether the Act applies.",
    }[likelihood],
    basis: v.basis(
      "condition.long-term",
      "condition.duration",
      "function.daily",
      "function.without-treatment",
    ),
  });
  statements.push(
    v.employer(
      EMPLOYER_EQUALITY_ACT[likelihood],
      "condition.long-term",
      "condition.duration",
      "function.daily",
      "function.without-treatment",
    ),
  );
  statements.push(advisory);
  return { question: "equalityAct", likelihood, advisory: true, statements };
}
