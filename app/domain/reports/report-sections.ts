import {
  managementQuestions,
  type QuestionKey,
  questionKeys,
  questionText,
} from "~/domain/referrals/management-questions.ts";
import { formatLongDate } from "~/lib/dates.ts";
import { OUTCOME_LABELS } from "./drafter.ts";
import {
  type Adjustment,
  DVLA_GROUP_LABELS,
  EQUALITY_ACT_VIEW_LABELS,
  INTERIM_LABELS,
  RECURRENCE_LABELS,
  type ReportBody,
} from "./report-body.ts";

/**
 * The sections of a signed report in the seed's reading order (Summary, Diagnosis,
 * Recommendations, Fit for Work, then the rest), as plain text: the subject's review page, the
 * employer's page and the PDF all render these, so the three never disagree about what a report says.
 */
export interface ReportSection {
  id:
    | "fitness"
    | "summary"
    | "diagnosis"
    | "answers"
    | "recommendations"
    | "equality-act"
    | "formal-processes"
    | "follow-up"
    | "prognosis"
    | "further-assessment"
    | "driving"
    | "subject-statement";
  heading: string;
  /** Free text exactly as the doctor wrote it (line breaks kept; never interpreted as markup). */
  text?: string;
  items?: string[];
  answers?: { question: string; answer: string }[];
  /** Shown beside the heading, e.g. that an opinion is advisory. */
  note?: string;
  /** The employer's question this section answers, in the seed's words, when they asked it. */
  question?: string;
}

/**
 * The section of a management report that answers each of the employer's questions. Two
 * questions may share one (fitness and the time to regain it are both read under Fit for Work);
 * its heading is the questions' `reportHeading` (management-questions.ts).
 */
export const QUESTION_SECTIONS = {
  fitForWork: "fitness",
  underlyingCondition: "diagnosis",
  timeToFitness: "fitness",
  recommendedAdjustments: "recommendations",
  engageInProcesses: "formal-processes",
  equalityAct: "equality-act",
  followUp: "follow-up",
} as const satisfies Record<QuestionKey, ReportSection["id"]>;
type QuestionSectionId = (typeof QUESTION_SECTIONS)[QuestionKey];

/** A question section's heading, from the questions it answers. */
function reportHeading(id: QuestionSectionId): string {
  const key = questionKeys.find((q) => QUESTION_SECTIONS[q] === id)!;
  return managementQuestions[key].reportHeading;
}

interface SectionOptions {
  /**
   * Whether the diagnosis (and the answer to "Is there an underlying health condition?") is
   * included: always for the person it is about, for the employer only if they agreed.
   */
  includeDiagnosis: boolean;
  /** The questions the employer asked: each is named once, on the section that answers it. */
  questions?: readonly QuestionKey[];
  /**
   * The person's statement, attached after the doctor declined their correction: shown last, in
   * their words, apart from the doctor's unchanged opinion.
   */
  subjectStatement?: string | null;
  /**
   * When the version was signed: a temporary adjustment given only in weeks is reviewed that many
   * weeks after signing, and the line says by when.
   */
  signedAt?: Date | null;
}

const WEEK_MS = 7 * 86_400_000;

/** The answer to "Is there an underlying health condition?" when the person keeps its nature back. */
export const UNDERLYING_CONDITION_KEPT_BACK =
  "Yes, there is an underlying health condition that affects their work as this report describes under Summary, Fit for Work and Recommendations. The employee has not consented to disclose its nature.";

/**
 * When a temporary adjustment is to be reviewed, as its line says: the doctor's date, or the
 * weeks it lasts counted from signing. The calendar of reviews takes the same date
 * (`reviewDatesOf`), so the reminder and the report never disagree.
 */
export function adjustmentReviewBy(item: Adjustment, signedAt?: Date | null): Date | null {
  if (typeof item === "string") return null;
  if (item.reviewBy) return new Date(`${item.reviewBy}T12:00:00Z`);
  if (item.weeks && signedAt) return new Date(new Date(signedAt).getTime() + item.weeks * WEEK_MS);
  return null;
}

/** Noon UTC of a calendar date: the same date in London in winter and in summer. */
const middayOf = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

/**
 * One adjustment as the employer reads it, e.g. "Reduced lifting, for 6 weeks (review by
 * 5 January 2027)". A permanent one is its text unchanged.
 */
export function adjustmentLine(item: Adjustment, signedAt?: Date | null): string {
  if (typeof item === "string") return item;
  const text = item.text.replace(/[\s.;,]+$/, "");
  const reviewBy = adjustmentReviewBy(item, signedAt);
  const duration = item.weeks ? `, for ${item.weeks} week${item.weeks === 1 ? "" : "s"}` : "";
  const review = reviewBy ? ` (review by ${formatLongDate(reviewBy)})` : "";
  return `${text}${duration}${review}`;
}

export const REPORT_TYPE_TITLES = {
  management: "Management Referral Report",
  pre_employment: "Pre-Employment Health Certificate",
} as const;

export function fitnessLabel(body: ReportBody): string {
  return body.kind === "management" ? OUTCOME_LABELS[body.fitness] : OUTCOME_LABELS[body.outcome];
}

/** Whether the report has anything the person may choose to keep from the employer. */
export function hasDiagnosis(body: ReportBody): boolean {
  return (
    body.kind === "management" &&
    (Boolean(body.diagnosis) ||
      (body.answers ?? []).some((a) => a.question === "underlyingCondition"))
  );
}

export function reportSections(body: ReportBody, options: SectionOptions): ReportSection[] {
  const sections = doctorSections(body, options);
  if (options.subjectStatement)
    sections.push({
      id: "subject-statement",
      heading: "Statement by the person this report is about",
      note: "Added by them after the doctor considered and declined their correction. The doctor's opinion above is unchanged.",
      text: options.subjectStatement,
    });
  return sections;
}

function doctorSections(
  body: ReportBody,
  { includeDiagnosis, questions = [], signedAt }: SectionOptions,
): ReportSection[] {
  const sections: ReportSection[] = [];
  // The employer's questions this section answers, in their words, when they asked any.
  const asked = (id: QuestionSectionId) => {
    const answered = questions.filter((q) => QUESTION_SECTIONS[q] === id);
    return answered.length > 0 ? { question: answered.map(questionText).join(" ") } : {};
  };
  /** A section answering one of the employer's questions, under its report heading. */
  const answering = (id: QuestionSectionId, text: string): ReportSection => ({
    id,
    heading: reportHeading(id),
    text,
    ...asked(id),
  });
  if (body.kind === "pre_employment") {
    if (body.summary) sections.push({ id: "summary", heading: "Summary", text: body.summary });
    sections.push({
      id: "recommendations",
      heading: "Recommendations",
      items: body.recommendations.map((a) => adjustmentLine(a, signedAt)),
      text:
        body.recommendations.length > 0
          ? undefined
          : body.outcome === "further-assessment-needed"
            ? "Recommendations will follow the further assessment."
            : "No recommendations.",
    });
    sections.push({ id: "fitness", heading: "Fit for Work", text: OUTCOME_LABELS[body.outcome] });
    const plan = body.plan;
    if (body.outcome === "further-assessment-needed" && plan?.what)
      sections.push({
        id: "further-assessment",
        heading: "Further assessment",
        text: [
          `Assessment needed: ${plan.what}`,
          plan.byWhom ? `By: ${plan.byWhom}` : null,
          plan.expectedBy
            ? `Expected by: ${formatLongDate(new Date(`${plan.expectedBy}T12:00:00Z`))}`
            : null,
          plan.interim
            ? `Until then: ${INTERIM_LABELS[plan.interim]}${plan.restrictions ? `: ${plan.restrictions}` : "."}`
            : null,
        ]
          .filter(Boolean)
          .join("\n"),
      });
    const driving = body.driving;
    if (driving?.group)
      sections.push({
        id: "driving",
        heading: "Driving",
        note: "Against the DVLA's medical standards for drivers (Assessing fitness to drive).",
        text: [
          `DVLA ${DVLA_GROUP_LABELS[driving.group]}${driving.standard ? `, considered against: ${driving.standard}` : ""}.`,
          driving.opinion,
        ]
          .filter(Boolean)
          .join("\n"),
      });
    return sections;
  }

  const fitness = [
    body.fitness === "temporarily-unfit" && body.timescale
      ? `${OUTCOME_LABELS[body.fitness]}. Estimated time to regain fitness: ${body.timescale}`
      : OUTCOME_LABELS[body.fitness],
    body.fitnessOpinion,
    body.fitness !== "temporarily-unfit" && body.timescale
      ? `Timescale: ${body.timescale}`
      : undefined,
    body.expectedReturnOn
      ? `Expected return to work: ${formatLongDate(middayOf(body.expectedReturnOn))}.`
      : undefined,
  ]
    .filter(Boolean)
    .join("\n\n");
  sections.push({ id: "summary", heading: "Summary", text: body.summary });
  if (includeDiagnosis && body.diagnosis) sections.push(answering("diagnosis", body.diagnosis));
  else if (body.diagnosis && questions.includes("underlyingCondition"))
    // The employer asked, the person kept the nature back: the question is still answered, in
    // terms of function, and says why it says no more (docs/decisions/0016-disclosure-gate.md).
    sections.push({
      id: "diagnosis",
      heading: "Underlying health condition",
      text: UNDERLYING_CONDITION_KEPT_BACK,
      ...asked("diagnosis"),
    });
  sections.push({
    id: "recommendations",
    heading: reportHeading("recommendations"),
    items: body.adjustments.map((a) => adjustmentLine(a, signedAt)),
    text: body.adjustments.length === 0 ? "No workplace adjustments recommended." : undefined,
    ...asked("recommendations"),
  });
  sections.push(answering("fitness", fitness));
  if (body.prognosis)
    sections.push({
      id: "prognosis",
      heading: "Prognosis and future attendance",
      text: [body.prognosis, body.recurrence ? `${RECURRENCE_LABELS[body.recurrence]}.` : null]
        .filter(Boolean)
        .join("\n\n"),
    });
  // Versions signed before each question had one field carry their answers here too.
  const answers = (body.answers ?? [])
    .filter((a) => includeDiagnosis || a.question !== "underlyingCondition")
    .map((a) => ({ question: questionText(a.question), answer: a.answer }));
  if (answers.length > 0)
    sections.push({ id: "answers", heading: "Answers to the referral questions", answers });
  if (body.equalityActOpinion || body.equalityActView)
    sections.push({
      id: "equality-act",
      heading: reportHeading("equality-act"),
      // The caveat is printed once, here: the opinion below never repeats it (ADR 0017).
      note: "Advisory opinion: whether the Act applies is a legal decision, not a medical one.",
      text: [
        body.equalityActView ? `${EQUALITY_ACT_VIEW_LABELS[body.equalityActView]}.` : null,
        body.equalityActOpinion,
      ]
        .filter(Boolean)
        .join(" "),
      ...asked("equality-act"),
    });
  if (body.formalProcesses) sections.push(answering("formal-processes", body.formalProcesses));
  const followUp = [
    body.followUp,
    body.followUpBy ? `Review by ${formatLongDate(middayOf(body.followUpBy))}.` : undefined,
  ]
    .filter(Boolean)
    .join("\n\n");
  if (followUp) sections.push(answering("follow-up", followUp));
  return sections;
}
