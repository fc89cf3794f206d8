import type {
  DraftReport,
  DraftSection,
  DraftStatement,
  ReferralQuestion,
  SelectedQuestions,
} from "~/domain/reports/drafter.ts";
import { REFERRAL_QUESTIONS } from "~/domain/reports/drafter.ts";
import {
  type ManagementReportBody,
  managementFitness,
  type PreEmploymentReportBody,
  preEmploymentOutcomes,
  type ReportBody,
} from "~/domain/reports/report-body.ts";

/** Where the draft keeps its answer to each of the employer's questions. */
export function draftSectionFor(
  draft: DraftReport | null,
  question: ReferralQuestion,
): DraftSection | undefined {
  if (!draft) return undefined;
  switch (question) {
    case "fitForWork":
      return draft.outcome;
    case "underlyingCondition":
      return draft.underlyingCondition;
    case "timeToFitness":
      return draft.timescale;
    case "recommendedAdjustments":
      return draft.adjustments;
    case "engageInProcesses":
      return draft.formalProcesses;
    case "equalityAct":
      return draft.equalityAct;
    case "followUp":
      return draft.followUp;
  }
}

function join(statements: readonly DraftStatement[] | undefined): string {
  return (statements ?? []).map((s) => s.text).join(" ");
}

export function selectedQuestionList(selected: SelectedQuestions | null): ReferralQuestion[] {
  return REFERRAL_QUESTIONS.filter((q) => selected?.[q]);
}

/**
 * The editor's starting point: the AI draft turned into the report's sections. Everything is
 * editable and nothing is signed until the doctor signs (DESIGN.md §9: no automated decision).
 * A pre-employment certificate carries no clinical detail, so the draft's clinical summary is
 * not copied into it.
 */
export function reportBodyFromDraft(
  draft: DraftReport | null,
  referral: { type: "management" | "pre_employment"; questions: SelectedQuestions | null },
): ReportBody {
  if (referral.type === "pre_employment") {
    const suggested = draft?.outcome?.suggested;
    const body: PreEmploymentReportBody = {
      kind: "pre_employment",
      outcome: (preEmploymentOutcomes as readonly string[]).includes(suggested ?? "")
        ? (suggested as PreEmploymentReportBody["outcome"])
        : "fit",
      recommendations: (draft?.adjustments?.statements ?? []).map((s) => s.text),
      summary: "",
    };
    return body;
  }
  const suggested = draft?.outcome?.suggested;
  const body: ManagementReportBody = {
    kind: "management",
    answers: selectedQuestionList(referral.questions).map((question) => ({
      question,
      answer: join(draftSectionFor(draft, question)?.statements),
    })),
    fitness: (managementFitness as readonly string[]).includes(suggested ?? "")
      ? (suggested as ManagementReportBody["fitness"])
      : "fit",
    timescale: draft?.timescale?.estimate ?? "",
    adjustments: (draft?.adjustments?.statements ?? []).map((s) => s.text),
    equalityActOpinion: join(draft?.equalityAct?.statements),
    formalProcesses: join(draft?.formalProcesses?.statements),
    followUp: join(draft?.followUp?.statements),
    diagnosis: join(draft?.underlyingCondition?.statements),
    summary: join(draft?.summary),
  };
  return body;
}

/** Every linkId a section of the draft rests on, for the evidence beside the editor's field. */
export function basisOf(statements: readonly DraftStatement[] | undefined): string[] {
  return [...new Set((statements ?? []).flatMap((s) => s.basis))];
}
