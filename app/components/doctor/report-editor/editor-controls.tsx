import type { ComponentProps, ReactNode } from "react";
import { FieldEvidence } from "~/components/doctor/field-evidence.tsx";
import { FieldFindings } from "~/components/doctor/field-findings.tsx";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { AnswerEvidence } from "~/domain/doctor/get-doctor-case.server.ts";
import { managementQuestions, type QuestionKey } from "~/domain/referrals/management-questions.ts";
import type { DraftReport, DraftStatement } from "~/domain/reports/drafter.ts";

/** The report's errors by the editor's field id, from saving it or from the release checks. */
export type EditorErrors = Record<string, string | undefined>;

/** The disclosure gate's findings on what is saved, each under its field. */
export type EditorFindings = Parameters<typeof FieldFindings>[0]["findings"];

/** The employer's answers by linkId, which the evidence under a field links to. */
export type EditorAnswers = Record<string, AnswerEvidence>;

/** What the report's fields are checked against once saved: the errors and the gate's findings. */
export interface EditorChecks {
  errors: EditorErrors;
  findings: EditorFindings;
}

/** What every field group of the editor reads beside its report body: the draft, the answers, the checks. */
export interface EditorFieldsProps extends EditorChecks {
  draft: DraftReport | null;
  answers: EditorAnswers;
}

export const TERMS_HINT =
  "For one that lasts a time, give how many weeks, a date to review it by, or both; choose Lasting for a permanent one. Save the draft for more rows.";

/**
 * A text the employer reads, which the disclosure gate checks (docs/decisions/0016-disclosure-gate.md):
 * the field under its label, then every clinical statement found in what is saved there. Named
 * alike so the error summary and the findings' marks reach it.
 */
export function CheckedTextField({
  name,
  value,
  rows,
  errors,
  findings,
  ...field
}: Omit<ComponentProps<typeof FormField>, "id" | "error" | "children"> &
  EditorChecks & {
    name: string;
    value: string | null | undefined;
    /** A text area of this many rows; a one-line input without. */
    rows?: number;
  }) {
  return (
    <>
      <FormField id={name} error={errors[name]} {...field}>
        {rows ? (
          <Textarea name={name} rows={rows} defaultValue={value ?? ""} />
        ) : (
          <Input name={name} defaultValue={value ?? ""} />
        )}
      </FormField>
      <FieldFindings findings={findings} field={name} />
    </>
  );
}

/** A field of the report beside the draft's statements for it and the answers they rest on. */
export function EvidenceRow({
  children,
  statements,
  answers,
}: {
  children: ReactNode;
  statements: readonly DraftStatement[] | undefined;
  answers: EditorAnswers;
}) {
  return (
    <div className="space-y-2">
      <div>{children}</div>
      <FieldEvidence statements={statements} answers={answers} />
    </div>
  );
}

/**
 * Which of the employer's questions a field answers, quoted in the words they ticked, and whether
 * it still needs an answer.
 */
export function QuestionTag({
  questions,
  answers: answered,
  unanswered,
}: {
  questions: readonly QuestionKey[];
  answers: readonly QuestionKey[];
  unanswered: readonly QuestionKey[];
}) {
  const asked = answered.filter((q) => questions.includes(q));
  if (asked.length === 0) return null;
  return (
    <ul className="mb-2 space-y-1 text-sm">
      {asked.map((q) => (
        <li key={q} className="flex flex-wrap items-center gap-2">
          <span className="text-muted-foreground">
            Employer asks: “{managementQuestions[q].question}”
          </span>
          {unanswered.includes(q) ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 text-xs">
              Unanswered
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The error summary's links: radio groups and row lists are reached through their first control. */
export function summaryErrors(errors: EditorErrors): Record<string, string> {
  const ids: Record<string, string> = {
    fitness: "fitness-fit",
    outcome: "outcome-fit",
    recurrence: "recurrence-unlikely",
    equalityActView: "equalityActView-likely",
    planInterim: "planInterim-may-start",
    drivingGroup: "drivingGroup-group-1",
    adjustments: "adjustments-0-text",
    recommendations: "recommendations-0-text",
  };
  return Object.fromEntries(
    Object.entries(errors)
      .filter((e): e is [string, string] => Boolean(e[1]))
      .map(([id, m]) => [ids[id] ?? id, m]),
  );
}
