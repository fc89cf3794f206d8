import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { parsePage } from "~/domain/kernel/list.ts";
import { parseSubmission } from "~/lib/form-submission.ts";

/*
 * The admin lists' filter forms (GET) read with Conform against one Zod schema each
 * (docs/architecture.md §3, "Forms"), built from these fields. A filter never refuses a query
 * string: anything odd in a field reads as "no filter", so a hand-edited or stale link still shows
 * a list.
 */

/** Free text, trimmed and cut to `max` characters; absent is "". */
export const filterText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim().slice(0, max));

/**
 * A list's search box whose form shows its limit: trimmed, absent is "", longer than `max` is
 * refused with the message the form shows (in the browser before sending, and from the loader
 * without JavaScript).
 */
export const filterSearch = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Search must be ${max} characters or fewer`)
    .optional()
    .transform((value) => value ?? "");

/** One of a fixed list, or null (no filter). */
export const filterChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).nullable().catch(null);

/** A 1-based page number (`parsePage` in the kernel's list helpers). */
export const filterPage = z
  .string()
  .optional()
  .transform((value) => parsePage(value));

/**
 * The query string as a form sent it. It is never one of Conform's intents (validate, reset...):
 * a check Conform fires as a field loses focus can reach the server as a page load when the form
 * is re-rendered under it, and read with its intent the whole query would count as "not
 * submitted" and every filter would be dropped.
 */
function sentQuery(params: URLSearchParams): URLSearchParams {
  const sent = new URLSearchParams(params);
  sent.delete("__intent__");
  return sent;
}

/** A list's filter from its query string; every field falls back, so this always succeeds. */
export function parseFilter<S extends z.ZodType>(params: URLSearchParams, schema: S): z.output<S> {
  const submission = parseSubmission(sentQuery(params), schema);
  return submission.status === "success" ? submission.value : schema.parse({});
}

/**
 * A list's query string read with its filter form's schema, for a form that shows the schema's
 * errors: the query to list with (a field that does not read is dropped, the others still
 * apply) and the result the form shows (`lastResult`): a field's error, or none, which clears
 * what an earlier query showed.
 */
export function readListQuery<S extends z.ZodType>(
  params: URLSearchParams,
  schema: S,
): { query: z.output<S>; result: SubmissionResult<string[]> } {
  const sent = sentQuery(params);
  const submission = parseSubmission(sent, schema);
  if (submission.status === "success")
    return { query: submission.value, result: submission.reply() };
  for (const name of Object.keys(submission.error ?? {})) sent.delete(name);
  return { query: parseFilter(sent, schema), result: submission.reply() };
}
