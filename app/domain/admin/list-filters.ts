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

/** One of a fixed list, or null (no filter). */
export const filterChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).nullable().catch(null);

/** A 1-based page number (`parsePage` in the kernel's list helpers). */
export const filterPage = z
  .string()
  .optional()
  .transform((value) => parsePage(value));

/** A list's filter from its query string; every field falls back, so this always succeeds. */
export function parseFilter<S extends z.ZodType>(params: URLSearchParams, schema: S): z.output<S> {
  const submission = parseSubmission(params, schema);
  return submission.status === "success" ? submission.value : schema.parse({});
}
