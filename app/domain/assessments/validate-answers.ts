import { z } from "zod";
import { enabledLinkIds } from "./evaluate-enable-when.ts";
import {
  type Answers,
  type AnswerValue,
  extensionOf,
  MAX_VALUE_EXTENSION,
  MIN_VALUE_EXTENSION,
  type Questionnaire,
  type QuestionnaireItem,
  type ResponseStatus,
} from "./questionnaire-types.ts";
import { isAnswerable, isAnswered, walkItems } from "./walk-items.ts";

/*
 * The answer validator is generated from the definition, so a new questionnaire version needs no
 * hand-written schema. Two modes (FHIR QuestionnaireResponse.status):
 * - `in-progress` (save and resume on every answer): each answer given must be valid, nothing is
 *   required yet;
 * - `completed` (submit): additionally every enabled `required` question must be answered.
 * In both modes an answer to a disabled item is dropped (reported in `dropped`), because the
 * person changed an earlier answer and FHIR says a disabled item has no answer; an answer to an
 * item the definition does not have, or to a display/group item, is refused.
 */

const DEFAULT_STRING_MAX = 500;
const DEFAULT_TEXT_MAX = 4000;

export interface AnswerIssue {
  linkId: string;
  code: "unknown_item" | "not_answerable" | "invalid" | "required";
  /** Plain English, suitable to show next to the question (GOV.UK error pattern). */
  message: string;
}

type AnswerValidation =
  | { success: true; answers: Answers; dropped: string[] }
  | { success: false; issues: AnswerIssue[] };

function blankToUndefined(value: unknown): unknown {
  if (typeof value === "string" && value.trim() === "") return undefined;
  if (Array.isArray(value) && value.length === 0) return undefined;
  if (value === null) return undefined;
  return value;
}

// Forms without JavaScript post strings; accept their spellings of booleans and numbers here so
// every route does not have to.
function coerce(item: QuestionnaireItem, raw: unknown): unknown {
  const value = blankToUndefined(raw);
  if (value === undefined) return undefined;
  switch (item.type) {
    case "boolean":
      if (value === "true" || value === "yes") return true;
      if (value === "false" || value === "no") return false;
      return value;
    case "integer":
    case "decimal":
      if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
      return value;
    case "choice":
      if (item.repeats && typeof value === "string") return [value];
      return value;
    case "string":
    case "text":
    case "date":
      return typeof value === "string" ? value.trim() : value;
    default:
      return value;
  }
}

function isRealDate(value: string): boolean {
  const [y, m, d] = value.split("-").map(Number);
  if (m === undefined) return true;
  if (m < 1 || m > 12) return false;
  if (d === undefined) return true;
  const date = new Date(Date.UTC(y!, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The zod schema of one item's answer (already coerced and not blank). */
function answerSchemaFor(item: QuestionnaireItem): z.ZodType<AnswerValue> {
  switch (item.type) {
    case "boolean":
      return z.boolean({ error: "Select yes or no" });
    case "choice": {
      const codes = (item.answerOption ?? []).map((o) => o.valueCoding.code);
      const one = z.enum(codes as [string, ...string[]], {
        error: item.repeats ? "Select from the options given" : "Select one of the options",
      });
      if (!item.repeats) return one;
      return z
        .array(one, { error: "Select from the options given" })
        .min(1, { error: "Select at least one option" })
        .refine((list) => new Set(list).size === list.length, {
          error: "Select each option only once",
        });
    }
    case "string":
    case "text": {
      const max =
        item.maxLength ?? (item.type === "string" ? DEFAULT_STRING_MAX : DEFAULT_TEXT_MAX);
      return z
        .string({ error: "Enter your answer as text" })
        .max(max, { error: `Your answer must be ${max} characters or fewer` });
    }
    case "integer": {
      let schema = z
        .number({ error: "Enter a whole number" })
        .int({ error: "Enter a whole number" });
      const min = extensionOf(item, MIN_VALUE_EXTENSION)?.valueInteger;
      const max = extensionOf(item, MAX_VALUE_EXTENSION)?.valueInteger;
      if (min !== undefined) schema = schema.min(min, { error: `Enter ${min} or more` });
      if (max !== undefined) schema = schema.max(max, { error: `Enter ${max} or less` });
      return schema;
    }
    case "decimal":
      return z.number({ error: "Enter a number" }).refine(Number.isFinite, "Enter a number");
    case "date":
      return z
        .string({ error: "Enter a date" })
        .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, { error: "Enter a real date" })
        .refine(isRealDate, { error: "Enter a real date" });
    default:
      return z.never({ error: "This item cannot be answered" });
  }
}

/**
 * A zod schema for a whole answer set, generated from the definition. Its output is the cleaned
 * answer set: values coerced, blanks removed, answers to disabled items dropped.
 */
export function buildAnswersSchema(
  definition: Pick<Questionnaire, "item">,
  status: ResponseStatus,
): z.ZodType<Answers> {
  const items = walkItems(definition).map((w) => w.item);
  const shape: Record<string, z.ZodType> = {};
  for (const item of items) {
    if (!isAnswerable(item)) continue;
    shape[item.linkId] = z.preprocess((v) => coerce(item, v), answerSchemaFor(item).optional());
  }
  return z
    .strictObject(shape)
    .superRefine((value, ctx) => {
      if (status !== "completed") return;
      const answers = withoutUndefined(value);
      const enabled = enabledLinkIds(definition, answers);
      for (const item of items) {
        if (!item.required || !isAnswerable(item) || !enabled.has(item.linkId)) continue;
        if (!isAnswered(answers[item.linkId]))
          ctx.addIssue({
            code: "custom",
            path: [item.linkId],
            message: item.type === "choice" ? "Select an answer" : "Answer this question",
            params: { required: true },
          });
      }
    })
    .transform((value) => {
      const answers = withoutUndefined(value);
      const enabled = enabledLinkIds(definition, answers);
      const kept: Record<string, AnswerValue> = {};
      for (const [linkId, v] of Object.entries(answers)) if (enabled.has(linkId)) kept[linkId] = v;
      return kept as Answers;
    });
}

function withoutUndefined(value: Record<string, unknown>): Answers {
  const out: Record<string, AnswerValue> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = v as AnswerValue;
  return out;
}

/**
 * Validates an answer set for saving (`in-progress`) or submitting (`completed`). On success the
 * answers to store (cleaned, disabled dropped) and the linkIds that were dropped.
 */
export function validateAnswers(
  definition: Pick<Questionnaire, "item">,
  input: unknown,
  status: ResponseStatus,
): AnswerValidation {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    return {
      success: false,
      issues: [{ linkId: "", code: "invalid", message: "Answers must be an object by linkId" }],
    };
  }
  const byLinkId = new Map(walkItems(definition).map((w) => [w.item.linkId, w.item]));
  const issues: AnswerIssue[] = [];
  for (const linkId of Object.keys(input)) {
    const item = byLinkId.get(linkId);
    if (!item)
      issues.push({ linkId, code: "unknown_item", message: "This question is not in the form" });
    else if (!isAnswerable(item))
      issues.push({ linkId, code: "not_answerable", message: "This item cannot be answered" });
  }
  if (issues.length > 0) return { success: false, issues };

  const result = buildAnswersSchema(definition, status).safeParse(input);
  if (!result.success) {
    return {
      success: false,
      issues: result.error.issues.map((issue) => ({
        linkId: String(issue.path[0] ?? ""),
        code:
          issue.code === "custom" && (issue.params as { required?: boolean })?.required
            ? "required"
            : "invalid",
        message: issue.message,
      })),
    };
  }
  const submitted = Object.entries(input as Record<string, unknown>)
    .filter(([, v]) => blankToUndefined(v) !== undefined)
    .map(([k]) => k);
  const dropped = submitted.filter((k) => !(k in result.data));
  return { success: true, answers: result.data, dropped };
}
