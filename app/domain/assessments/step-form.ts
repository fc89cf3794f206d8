import { z } from "zod";
import type { Answers, AnswerValue, QuestionnaireItem } from "./questionnaire-types.ts";

/*
 * How a step's form is named and read back, shared by the server action and the browser (live
 * reveal of follow-up questions, and the public demo). Names carry a prefix because linkIds
 * contain dots; a date is three GOV.UK date-input fields.
 */

export const SHOWN_FIELD = "shown";

/**
 * The step form's own fields, read with Conform like every form (docs/architecture.md §3,
 * "Forms"): where to go after saving, and which questions the page showed. The answers are read
 * by `readStepAnswers` and judged by `validateAnswers`, the questionnaire's one validator (it
 * knows the branches that open and close across steps); the action reports its issues through
 * Conform's result, keyed by linkId.
 */
export const stepForm = z.object({
  return: z.string().optional(),
  [SHOWN_FIELD]: z.string().optional(),
});

export function fieldName(linkId: string): string {
  return `a:${linkId}`;
}

export function dateFieldName(linkId: string, part: "day" | "month" | "year"): string {
  return `a:${linkId}:${part}`;
}

/** Reads `FormData.getAll`-style values. */
type FormValues = (name: string) => string[];

export function formValuesOf(form: FormData): FormValues {
  return (name) => form.getAll(name).map(String);
}

/** "2024", "2024-03" or "2024-03-07" from day/month/year; an impossible combination is passed on
 * as written so the validator reports it ("Enter a real date"). */
export function joinDateParts(day: string, month: string, year: string): string {
  const d = day.trim();
  const m = month.trim();
  const y = year.trim();
  if (!d && !m && !y) return "";
  const pad = (v: string) => (/^\d$/.test(v) ? `0${v}` : v);
  if (!m && !d) return y;
  if (!d) return `${y}-${pad(m)}`;
  return `${y}-${pad(m)}-${pad(d)}`;
}

export function splitDate(value: AnswerValue | undefined): {
  day: string;
  month: string;
  year: string;
} {
  const [year = "", month = "", day = ""] = typeof value === "string" ? value.split("-") : [];
  return { year, month: month.replace(/^0/, ""), day: day.replace(/^0/, "") };
}

/**
 * The raw answers a step posted, for every question it showed: blank for an untouched field
 * (so the server can tell "shown and left blank" from "not shown").
 */
export function readStepAnswers(
  items: readonly QuestionnaireItem[],
  values: FormValues,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    if (item.type === "group" || item.type === "display") continue;
    if (item.type === "date") {
      const part = (p: "day" | "month" | "year") => values(dateFieldName(item.linkId, p))[0] ?? "";
      out[item.linkId] = joinDateParts(part("day"), part("month"), part("year"));
    } else if (item.type === "choice" && item.repeats) {
      out[item.linkId] = values(fieldName(item.linkId));
    } else {
      out[item.linkId] = values(fieldName(item.linkId))[0] ?? "";
    }
  }
  return out;
}

/**
 * Raw answers as typed values, leniently (for deciding which follow-up questions to show while the
 * person types; the server validates properly on save). Blanks and unreadable numbers are left out.
 */
export function coerceLoosely(
  items: readonly QuestionnaireItem[],
  raw: Record<string, unknown>,
): Answers {
  const byId = new Map(items.map((i) => [i.linkId, i]));
  const out: Record<string, AnswerValue> = {};
  for (const [linkId, value] of Object.entries(raw)) {
    const item = byId.get(linkId);
    if (!item) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out[linkId] = value.map(String);
      continue;
    }
    const text = typeof value === "string" ? value.trim() : value;
    if (text === "" || text === undefined || text === null) continue;
    if (item.type === "boolean") {
      if (text === "true" || text === true) out[linkId] = true;
      else if (text === "false" || text === false) out[linkId] = false;
    } else if (item.type === "integer" || item.type === "decimal") {
      const n = Number(text);
      if (Number.isFinite(n)) out[linkId] = n;
    } else out[linkId] = String(text);
  }
  return out;
}
