import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * Reads a form with Conform against its Zod schema (docs/architecture.md §3, "Forms"), on the
 * server in the action and in the browser as the person types. Auto-coercion is off: the schemas
 * read strings as a browser sends them (an empty field is "", not missing), so their own messages
 * ("Name is required") are the ones shown, the same with or without JavaScript.
 */
export function parseSubmission<S extends z.ZodType>(
  formData: FormData | URLSearchParams,
  schema: S,
) {
  return parseWithZod(formData, { schema, disableAutoCoercion: true });
}
