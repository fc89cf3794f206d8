/*
 * The questions an employer can ask on a management referral (the seed's formData.questions),
 * each declared once. Every place that shows or answers them reads its wording from here, and
 * every place that does something per question keeps a `Record<QuestionKey, …>` (or a mapped type
 * over QuestionKey), so a question added here fails to compile until each of them says what it
 * does with it (docs/architecture.md §4, "Adding a management-referral question").
 */

interface ManagementQuestion {
  /**
   * The employer's wording: the checkbox on the referral form, and every place the question is
   * quoted back as asked (the employer's referral drawer, the doctor's "Employer asks" and case
   * panel, "Your question" on the report), so both sides read the words the employer ticked.
   */
  question: string;
  /** The label of the editor's field that answers it, in the doctor's terms. */
  doctorHeading: string;
  /** The heading of the report section that answers it (the seed's headings where it has them). */
  reportHeading: string;
  /** The doctor's help under that field: what the answer must say. */
  help?: string;
}

const QUESTIONS = {
  fitForWork: {
    question: "Is the employee fit for their current role, with or without adjustments?",
    doctorHeading: "Fitness for work",
    reportHeading: "Fit for Work",
  },
  underlyingCondition: {
    question: "Is there an underlying health condition affecting their attendance or performance?",
    doctorHeading: "Diagnosis or underlying condition",
    reportHeading: "Diagnosis",
    help: "The only place for a diagnosis. The employer sees it only if the employee agrees when reviewing the report.",
  },
  timeToFitness: {
    question: "What is the estimated timescale for the employee to regain fitness for work?",
    doctorHeading: "Estimated timescale to regain fitness",
    // Answered inside Fit for Work, beside the fitness category it qualifies.
    reportHeading: "Fit for Work",
    help: "Required when temporarily unfit, for example “about 6 weeks”.",
  },
  recommendedAdjustments: {
    question: "What workplace adjustments do you recommend?",
    doctorHeading: "Recommended adjustments",
    reportHeading: "Recommendations",
  },
  engageInProcesses: {
    question: "Is the employee able to engage in formal processes (e.g. meetings, investigations)?",
    doctorHeading: "Ability to engage in formal processes",
    reportHeading: "Ability to engage in formal processes",
  },
  equalityAct: {
    question: "Is the condition likely to be considered a disability under the Equality Act 2010?",
    doctorHeading: "Equality Act 2010: your view (advisory)",
    reportHeading: "Equality Act 2010",
    help: "The report prints the advisory caveat once; do not repeat it here.",
  },
  followUp: {
    question: "Do you recommend a follow-up appointment or review?",
    doctorHeading: "Follow-up or review",
    reportHeading: "Follow-up or review",
    help: "Say when: a review date or a number of weeks.",
  },
} as const satisfies Record<string, ManagementQuestion>;

export type QuestionKey = keyof typeof QUESTIONS;

/** Each question's wording, by key. */
export const managementQuestions: Readonly<Record<QuestionKey, Readonly<ManagementQuestion>>> =
  QUESTIONS;

/** The keys in the order every list shows them (the seed's order). */
export const questionKeys = Object.keys(QUESTIONS) as QuestionKey[];

/** A referral's answers to "which questions?": one flag per question (stored on the referral). */
export type ReferralQuestions = Record<QuestionKey, boolean>;
/** The flags as older rows and drafts hold them: a question missing is one not asked. */
export type SelectedQuestions = Partial<ReferralQuestions>;

/** The questions a referral asks, in the seed's order. */
export function askedQuestions(selected: SelectedQuestions | null | undefined): QuestionKey[] {
  return questionKeys.filter((key) => selected?.[key]);
}

/** The employer's wording of a question (see `question` above). */
export function questionText(key: QuestionKey): string {
  return managementQuestions[key].question;
}
