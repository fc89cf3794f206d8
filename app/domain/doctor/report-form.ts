import type { QuestionKey } from "~/domain/referrals/management-questions.ts";
import type { ReportBody } from "~/domain/reports/report-body.ts";

/** A list field is one item a line; blank lines are dropped. */
export function linesOf(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

type FormLike = {
  get(name: string): FormDataEntryValue | null;
  getAll(name: string): FormDataEntryValue[];
};

/**
 * A form as Conform parsed it (its `payload`: `adjustments.text` sent once per row is
 * `{ adjustments: { text: [...] } }`), read by the same names as the form sent them.
 */
export function sentFields(payload: Record<string, unknown>): FormLike {
  const all = (name: string): string[] => {
    const value = name
      .split(".")
      .reduce<unknown>(
        (node, key) =>
          node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined,
        payload,
      );
    const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return list.filter((item): item is string => typeof item === "string");
  };
  return { get: (name) => all(name)[0] ?? null, getAll: all };
}

/**
 * An adjustment list from its rows: `<list>.text`, `<list>.weeks` and `<list>.reviewBy`, one of
 * each per row, in order. Blank rows are dropped; a row with terms keeps them (the schema checks
 * them); a row with text alone is a permanent adjustment.
 */
export function adjustmentsOf(form: FormLike, list: "adjustments" | "recommendations"): unknown[] {
  const all = (field: string) =>
    form.getAll(`${list}.${field}`).map((v) => (typeof v === "string" ? v.trim() : ""));
  const texts = all("text");
  const weeks = all("weeks");
  const reviews = all("reviewBy");
  // One select a row, so it is always sent and stays in step with the row's other fields.
  const kinds = all("kind");
  const rows: unknown[] = [];
  texts.forEach((text, i) => {
    const w = weeks[i] ?? "";
    const reviewBy = reviews[i] ?? "";
    const lasting = kinds[i] === "lasting";
    if (!text && !w && !reviewBy) return;
    if (lasting) rows.push({ text, lasting: true });
    else if (!w && !reviewBy) rows.push(text);
    else
      rows.push({
        text,
        // Not a whole number: left as typed, for the schema to refuse with its message.
        ...(w ? { weeks: /^\d{1,4}$/.test(w) ? Number(w) : w } : {}),
        ...(reviewBy ? { reviewBy } : {}),
      });
  });
  return rows;
}

/**
 * The editor's fields as a report body, unvalidated (the Zod schema in report-body.ts decides).
 * Each employer question has its one field (QUESTION_FIELDS in report-body.ts).
 * Field names: `fitness`, `fitnessOpinion`, `timescale`, `adjustments.*` (rows: adjustmentsOf),
 * `equalityActOpinion`, `formalProcesses`, `followUp`, `followUpBy`, `expectedReturnOn`,
 * `diagnosis`, `summary`; for a
 * pre-employment certificate `outcome`, `recommendations.*` (rows) and `summary`.
 */
export function reportBodyFromForm(
  type: "management" | "pre_employment",
  form: FormLike,
): ReportBody {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.trim() : "";
  };
  const optional = (name: string) => text(name) || undefined;
  if (type === "pre_employment")
    return {
      kind: "pre_employment",
      outcome: text("outcome") as never,
      recommendations: adjustmentsOf(form, "recommendations") as never,
      summary: text("summary"),
      plan: {
        what: optional("planWhat"),
        byWhom: optional("planByWhom"),
        expectedBy: optional("planExpectedBy"),
        interim: optional("planInterim") as never,
        restrictions: optional("planRestrictions"),
      },
      driving: {
        group: optional("drivingGroup") as never,
        standard: optional("drivingStandard"),
        opinion: optional("drivingOpinion"),
      },
    };
  return {
    kind: "management",
    fitness: text("fitness") as never,
    fitnessOpinion: text("fitnessOpinion"),
    timescale: text("timescale"),
    adjustments: adjustmentsOf(form, "adjustments") as never,
    equalityActView: optional("equalityActView") as never,
    equalityActOpinion: text("equalityActOpinion"),
    prognosis: text("prognosis"),
    recurrence: optional("recurrence") as never,
    formalProcesses: text("formalProcesses"),
    followUp: text("followUp"),
    followUpBy: optional("followUpBy"),
    expectedReturnOn: optional("expectedReturnOn"),
    diagnosis: text("diagnosis"),
    summary: text("summary"),
  };
}

/** Maps a schema issue path to the id of the field that shows it. */
export function fieldIdOfIssue(path: string, questions: readonly QuestionKey[]): string {
  const answer = /^answers\.(\d+)/.exec(path);
  if (answer) return `answer.${questions[Number(answer[1])] ?? ""}`;
  // A row's own field (`adjustments-0-weeks`), or the row's text for an issue with the row.
  const row = /^(adjustments|recommendations)\.(\d+)(?:\.(weeks|reviewBy|text))?/.exec(path);
  if (row) return `${row[1]}-${row[2]}-${row[3] ?? "text"}`;
  // A certificate's plan and driving opinion: `plan.expectedBy` is the field `planExpectedBy`.
  const part = /^(plan|driving)\.(\w+)/.exec(path);
  if (part) return `${part[1]}${part[2]!.charAt(0).toUpperCase()}${part[2]!.slice(1)}`;
  return path || "summary";
}
