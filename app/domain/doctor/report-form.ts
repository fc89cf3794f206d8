import type { ReferralQuestion } from "~/domain/reports/drafter.ts";
import type { ReportBody } from "~/domain/reports/report-body.ts";

/** A list field is one item a line; blank lines are dropped. */
export function linesOf(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The editor's fields as a report body, unvalidated (the Zod schema in report-body.ts decides).
 * Each employer question has its one field (QUESTION_FIELDS in report-body.ts).
 * Field names: `fitness`, `fitnessOpinion`, `timescale`, `adjustments` (a line each),
 * `equalityActOpinion`, `formalProcesses`, `followUp`, `diagnosis`, `summary`; for a
 * pre-employment certificate `outcome`, `recommendations` (a line each) and `summary`.
 */
export function reportBodyFromForm(
  type: "management" | "pre_employment",
  form: { get(name: string): FormDataEntryValue | null },
): ReportBody {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  if (type === "pre_employment")
    return {
      kind: "pre_employment",
      outcome: text("outcome") as never,
      recommendations: linesOf(text("recommendations")),
      summary: text("summary"),
    };
  return {
    kind: "management",
    fitness: text("fitness") as never,
    fitnessOpinion: text("fitnessOpinion"),
    timescale: text("timescale"),
    adjustments: linesOf(text("adjustments")),
    equalityActOpinion: text("equalityActOpinion"),
    formalProcesses: text("formalProcesses"),
    followUp: text("followUp"),
    diagnosis: text("diagnosis"),
    summary: text("summary"),
  };
}

/** Maps a schema issue path to the id of the field that shows it. */
export function fieldIdOfIssue(path: string, questions: readonly ReferralQuestion[]): string {
  const answer = /^answers\.(\d+)/.exec(path);
  if (answer) return `answer.${questions[Number(answer[1])] ?? ""}`;
  const list = /^(adjustments|recommendations)\./.exec(path);
  if (list) return list[1]!;
  return path || "summary";
}
