import type { SafetyAssessment } from "~/domain/assessments/assess-safety.ts";
import type { Answers, Questionnaire } from "~/domain/assessments/questionnaire-types.ts";
import type { Gad7Band, Phq9Band } from "~/domain/assessments/score-instruments.ts";
import type { PreEmploymentRole } from "~/domain/assessments/select-pre-employment-modules.ts";
import type { QuestionKey, SelectedQuestions } from "~/domain/referrals/management-questions.ts";

export type ManagementOutcome =
  | "fit"
  | "fit-with-adjustments"
  | "temporarily-unfit"
  | "unfit-for-current-role";
export type PreEmploymentOutcome =
  | "fit"
  | "fit-with-adjustments"
  | "further-assessment-needed"
  | "unfit";

export const OUTCOME_LABELS: Record<ManagementOutcome | PreEmploymentOutcome, string> = {
  fit: "Fit",
  "fit-with-adjustments": "Fit with adjustments",
  "temporarily-unfit": "Temporarily unfit",
  "unfit-for-current-role": "Unfit for current role",
  "further-assessment-needed": "Further assessment needed",
  unfit: "Unfit",
};

/**
 * One sentence of the draft and the answers it rests on (`basis`: linkIds of enabled, answered
 * items of the response). A statement that rests on the referral itself (the employer's reason,
 * the job role) says so in `source` instead; the doctor can check every claim against the
 * transcript.
 */
export interface DraftStatement {
  text: string;
  basis: string[];
  source?: "referral";
  /**
   * `employer`: written for the employer (function, fitness, adjustments, timescales, in plain
   * words, with no quotation, score, third party or diagnosis); it pre-fills the report's field.
   * Anything else is evidence for the doctor only and never pre-fills a field; the release check
   * refuses a signed field that still holds it (docs/decisions/0011-report-audiences.md).
   */
  audience?: "employer";
}

export interface DraftSection {
  question: QuestionKey;
  statements: DraftStatement[];
}

export interface DraftReport {
  drafter: { id: string; model: string; version: string };
  referralType: "management" | "pre_employment";
  /** True when a safety flag is urgent: the case goes to the top of the doctor queue. */
  urgent: boolean;
  /** Shown above everything else in the doctor's view (safety first). */
  prominentNotes: DraftStatement[];
  summary: DraftStatement[];
  /** Present when the employer asked about fitness (always for pre-employment). */
  outcome?: DraftSection & {
    suggested: ManagementOutcome | PreEmploymentOutcome;
    label: string;
  };
  underlyingCondition?: DraftSection & { present: "yes" | "no" | "unclear" };
  timescale?: DraftSection & { estimate: string };
  adjustments?: DraftSection;
  /** Advisory only: whether the Act applies is a legal question, not a medical one. */
  equalityAct?: DraftSection & {
    likelihood: "likely" | "possible" | "unlikely" | "unclear";
    advisory: true;
  };
  /**
   * The expected course and the likelihood of recurrence or further absence, in employer words
   * (docs/decisions/0017-actionable-reports.md). Every management draft has one.
   */
  prognosis?: {
    recurrence: "unlikely" | "possible" | "likely";
    statements: DraftStatement[];
  };
  formalProcesses?: DraftSection & {
    ability: "able" | "able-with-support" | "not-currently-able" | "unclear";
  };
  followUp?: DraftSection;
  scores: {
    phq9: { total: number; band: Phq9Band } | null;
    gad7: { total: number; band: Gad7Band } | null;
  };
  caveats: string[];
}

/**
 * Where the draft answers each of the employer's questions: the editor shows that section's
 * statements beside the question's field, and the drafter writes it only when it was asked.
 */
export const DRAFT_SECTION_OF = {
  fitForWork: "outcome",
  underlyingCondition: "underlyingCondition",
  timeToFitness: "timescale",
  recommendedAdjustments: "adjustments",
  engageInProcesses: "formalProcesses",
  equalityAct: "equalityAct",
  followUp: "followUp",
} as const satisfies Record<QuestionKey, keyof DraftReport>;

/** The draft's section that answers question K, as the drafter writes it. */
export type DraftSectionOf<K extends QuestionKey> = NonNullable<
  DraftReport[(typeof DRAFT_SECTION_OF)[K]]
>;

/** Every statement of the draft, in the order the doctor's view shows them. */
export function draftStatements(draft: DraftReport): DraftStatement[] {
  return [
    ...draft.prominentNotes,
    ...draft.summary,
    ...(draft.outcome?.statements ?? []),
    ...(draft.underlyingCondition?.statements ?? []),
    ...(draft.timescale?.statements ?? []),
    ...(draft.prognosis?.statements ?? []),
    ...(draft.adjustments?.statements ?? []),
    ...(draft.equalityAct?.statements ?? []),
    ...(draft.formalProcesses?.statements ?? []),
    ...(draft.followUp?.statements ?? []),
  ];
}

interface DraftInputBase {
  /** The definition instance the response was made on (as stored with the response). */
  definition: Questionnaire;
  answers: Answers;
  /**
   * Safety flags stored on the response so far. Flags are sticky: a flag raised on an earlier
   * save stays even if the answer was later changed, so the drafter merges these with its own.
   */
  safety?: SafetyAssessment;
}

export interface ManagementDraftInput extends DraftInputBase {
  referralType: "management";
  selectedQuestions: SelectedQuestions;
  referralReason: string;
  jobDetails?: string;
}

export interface PreEmploymentDraftInput extends DraftInputBase {
  referralType: "pre_employment";
  role: PreEmploymentRole;
}

export type DraftInput = ManagementDraftInput | PreEmploymentDraftInput;

/** docs/architecture.md §2: `rules` (deterministic, offline) and, later, `openai-compatible`. */
export interface Drafter {
  id: string;
  model: string;
  version: string;
  draft(input: DraftInput): Promise<DraftReport>;
}
