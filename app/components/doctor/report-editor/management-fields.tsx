import { AdjustmentRows } from "~/components/doctor/adjustment-rows.tsx";
import { FieldFindings } from "~/components/doctor/field-findings.tsx";
import { RadioFieldset } from "~/components/forms/radio-choices.tsx";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { draftSectionFor } from "~/domain/doctor/report-from-draft.ts";
import { managementQuestions, type QuestionKey } from "~/domain/referrals/management-questions.ts";
import { OUTCOME_LABELS } from "~/domain/reports/drafter.ts";
import {
  EQUALITY_ACT_VIEW_LABELS,
  equalityActViews,
  type ManagementReportBody,
  managementFitness,
  QUESTION_FIELDS,
  recurrenceLikelihoods,
} from "~/domain/reports/report-body.ts";
import {
  CheckedTextField,
  type EditorFieldsProps,
  EvidenceRow,
  QuestionTag,
  TERMS_HINT,
} from "./editor-controls.tsx";

/**
 * Where the editor answers each of the employer's questions (docs/architecture.md §4): in the
 * fitness block (the category, the opinion and the timescale), in the adjustments list, or as a
 * text field of its own (its field is QUESTION_FIELDS in report-body.ts). A question added to
 * management-questions.ts does not compile until it has a place here. Text fields follow this
 * map's order.
 */
export const EDITOR_PLACES = {
  fitForWork: "fitness",
  timeToFitness: "fitness",
  recommendedAdjustments: "adjustments",
  engageInProcesses: "text",
  equalityAct: "text",
  followUp: "text",
  underlyingCondition: "text",
} as const satisfies Record<QuestionKey, "fitness" | "adjustments" | "text">;

type Placed<P> = {
  [K in QuestionKey]: (typeof EDITOR_PLACES)[K] extends P ? K : never;
}[QuestionKey];
type TextQuestion = Placed<"text">;

const placed = <P extends string>(place: P) =>
  (Object.keys(EDITOR_PLACES) as QuestionKey[]).filter(
    (q) => EDITOR_PLACES[q] === place,
  ) as Placed<P>[];
const FITNESS_QUESTIONS = placed("fitness");
const ADJUSTMENT_QUESTIONS = placed("adjustments");
const TEXT_QUESTIONS = placed("text");

/** The Equality Act's reason sits under the doctor's view, which the question's heading names. */
const EQUALITY_ACT_REASON_LABEL = "Your reason, in terms of duration and day-to-day effects";

const fieldLabel = (q: TextQuestion) =>
  q === "equalityAct" ? EQUALITY_ACT_REASON_LABEL : managementQuestions[q].doctorHeading;

/** What every part of the management fields reads: the body, the draft and the case. */
interface FieldsProps extends EditorFieldsProps {
  body: ManagementReportBody;
  questions: readonly QuestionKey[];
  unanswered: readonly QuestionKey[];
}

/** The management report's fields, each of the employer's questions in its place. */
export function ManagementFields(props: FieldsProps) {
  const { body, draft, answers, questions, unanswered, errors, findings } = props;
  const statementsOf = (placedHere: readonly QuestionKey[]) =>
    placedHere.flatMap((q) => draftSectionFor(draft, q)?.statements ?? []);
  const notAsked = TEXT_QUESTIONS.filter(
    (q) => !questions.includes(q) && !body[QUESTION_FIELDS[q]] && !errors[QUESTION_FIELDS[q]],
  );
  return (
    <>
      <p className="text-muted-foreground text-sm">
        The employer reads these fields once the employee approves. Saving highlights each clinical
        statement: rewrite it, or mark it for the employee to agree to.
      </p>
      <EvidenceRow statements={draft?.summary} answers={answers}>
        <CheckedTextField
          name="summary"
          label="Summary: function at work"
          hint="How their health affects their work, in plain words for the employer."
          rows={4}
          value={body.summary}
          errors={errors}
          findings={findings}
        />
      </EvidenceRow>

      <EvidenceRow statements={statementsOf(FITNESS_QUESTIONS)} answers={answers}>
        <QuestionTag questions={questions} answers={FITNESS_QUESTIONS} unanswered={unanswered} />
        <RadioFieldset
          name="fitness"
          legend={managementQuestions.fitForWork.doctorHeading}
          error={errors.fitness}
          values={managementFitness}
          checked={body.fitness}
          label={(value) =>
            value === "temporarily-unfit"
              ? "Temporarily unfit (give a timescale)"
              : OUTCOME_LABELS[value]
          }
        />
        <CheckedTextField
          name="fitnessOpinion"
          label="Your opinion on fitness"
          optional
          className="mt-4"
          rows={2}
          value={body.fitnessOpinion}
          errors={errors}
          findings={findings}
        />
        <CheckedTextField
          name="timescale"
          label={managementQuestions.timeToFitness.doctorHeading}
          hint={managementQuestions.timeToFitness.help}
          optional
          className="mt-4"
          value={body.timescale}
          errors={errors}
          findings={findings}
        />
        <FormField
          id="expectedReturnOn"
          label="Expected return to work"
          hint="A date, where you can give one: it goes on the employer's calendar of reviews."
          error={errors.expectedReturnOn}
          optional
          className="mt-4 max-w-xs"
        >
          <Input name="expectedReturnOn" type="date" defaultValue={body.expectedReturnOn ?? ""} />
        </FormField>
      </EvidenceRow>

      <EvidenceRow statements={draft?.prognosis?.statements} answers={answers}>
        <CheckedTextField
          name="prognosis"
          label="Prognosis: the expected course"
          hint="How you expect their health and work to develop, in plain words for the employer."
          rows={2}
          value={body.prognosis}
          errors={errors}
          findings={findings}
        />
        <RadioFieldset
          name="recurrence"
          legend="Likelihood of recurrence or further absence"
          error={errors.recurrence}
          className="mt-4"
          values={recurrenceLikelihoods}
          checked={body.recurrence}
          label={(value) => value.charAt(0).toUpperCase() + value.slice(1)}
          columns={3}
        />
      </EvidenceRow>

      <EvidenceRow statements={statementsOf(ADJUSTMENT_QUESTIONS)} answers={answers}>
        <QuestionTag questions={questions} answers={ADJUSTMENT_QUESTIONS} unanswered={unanswered} />
        <AdjustmentRows
          list="adjustments"
          legend={managementQuestions.recommendedAdjustments.doctorHeading}
          itemLabel="Adjustment"
          hint={TERMS_HINT}
          items={body.adjustments}
          errors={errors}
        />
        <FieldFindings findings={findings} field="adjustments" />
      </EvidenceRow>

      {TEXT_QUESTIONS.filter((q) => !notAsked.includes(q)).map((q) => (
        <QuestionField key={q} {...props} question={q} asked={questions.includes(q)} />
      ))}
      <FormField
        id="followUpBy"
        label="Review the case again by"
        hint="A date puts the follow-up review on the employer's calendar, with a reminder five working days before."
        error={errors.followUpBy}
        optional
        className="max-w-md"
      >
        <Input name="followUpBy" type="date" defaultValue={body.followUpBy ?? ""} />
      </FormField>
      {notAsked.length > 0 ? (
        <details className="rounded-lg border p-3">
          <summary className="cursor-pointer font-medium text-sm">
            Sections the employer did not ask about
          </summary>
          <div className="mt-4 space-y-6">
            {notAsked.map((q) => (
              <FormField
                key={q}
                id={QUESTION_FIELDS[q]}
                label={fieldLabel(q)}
                hint={managementQuestions[q].help}
                optional
              >
                <Textarea name={QUESTION_FIELDS[q]} rows={3} defaultValue="" />
              </FormField>
            ))}
          </div>
        </details>
      ) : null}
    </>
  );
}

/** A question answered in a text field of its own; the Equality Act's with the doctor's view. */
function QuestionField({
  question,
  asked,
  body,
  draft,
  answers,
  questions,
  unanswered,
  errors,
  findings,
}: FieldsProps & { question: TextQuestion; asked: boolean }) {
  const name = QUESTION_FIELDS[question];
  return (
    <EvidenceRow statements={draftSectionFor(draft, question)?.statements} answers={answers}>
      <QuestionTag questions={questions} answers={[question]} unanswered={unanswered} />
      {question === "equalityAct" ? (
        <RadioFieldset
          name="equalityActView"
          legend={managementQuestions.equalityAct.doctorHeading}
          error={errors.equalityActView}
          optional={!asked}
          className="mb-4"
          values={equalityActViews}
          checked={body.equalityActView}
          label={(value) => EQUALITY_ACT_VIEW_LABELS[value]}
        />
      ) : null}
      <CheckedTextField
        name={name}
        label={fieldLabel(question)}
        hint={managementQuestions[question].help}
        optional={!asked}
        rows={3}
        value={body[name]}
        errors={errors}
        findings={findings}
      />
    </EvidenceRow>
  );
}
