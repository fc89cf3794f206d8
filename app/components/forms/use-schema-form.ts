import { type SubmissionResult, useForm } from "@conform-to/react";
import type { z } from "zod";
import { parseSubmission } from "~/lib/form-submission.ts";

/**
 * A Conform form checked in the browser with the same schema the action uses: a field's error
 * shows when the person leaves it and clears as they correct it; after a submission the server's
 * result (`lastResult`) fills the errors and the values typed, so a form posted without JavaScript
 * comes back as it was sent.
 */
export function useSchemaForm<S extends z.ZodType>({
  id,
  schema,
  lastResult,
  defaultValue,
  schemaFor,
  validateOn = "blur",
}: {
  id: string;
  schema: S;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** What the fields start with before anything is sent (a saved draft being edited). */
  defaultValue?: Record<string, unknown>;
  /**
   * For a form whose buttons send different things (save a draft, submit), the schema for what
   * was sent, read from the submitter's value as the action reads it; `schema` otherwise.
   */
  schemaFor?: (formData: FormData) => z.ZodType;
  /**
   * "input" for a list's filter form (GET), which is re-created for each new query while its
   * search box may still have focus: Chrome blurs the removed box while React is committing, when
   * React's own submit handlers do not run, so a check on blur would go out as Conform's
   * validation request submitted natively (a whole-page GET with `__intent__`).
   */
  validateOn?: "blur" | "input";
}) {
  return useForm<z.input<S> & Record<string, unknown>, z.output<S>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: validateOn === "input" ? "onInput" : "onBlur",
    shouldRevalidate: "onInput",
    // A chosen schema reads the same fields; its output is the one the action will act on.
    onValidate: ({ formData }) => parseSubmission(formData, (schemaFor?.(formData) ?? schema) as S),
  });
}

/**
 * The GOV.UK error summary's entries: each field's first error, linked to the control's id, in
 * the order the fields appear on the page.
 */
export function errorSummary(
  fields: Record<string, { errors?: string[] }>,
  controlIds: Record<string, string>,
): { id: string; message: string }[] {
  return Object.entries(controlIds).flatMap(([name, id]) => {
    const message = fields[name]?.errors?.[0];
    return message ? [{ id, message }] : [];
  });
}
