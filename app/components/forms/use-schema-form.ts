import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { parseSubmission } from "~/lib/form-submission.ts";
import { useValidatedForm } from "./use-validated-form.ts";

/**
 * A Conform form checked in the browser with the same schema the action uses
 * (useValidatedForm says what the person sees).
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
  validateOn?: "blur" | "input";
}) {
  return useValidatedForm<z.input<S> & Record<string, unknown>, z.output<S>>({
    id,
    lastResult,
    defaultValue,
    validateOn,
    // A chosen schema reads the same fields; its output is the one the action will act on.
    validate: (formData) => parseSubmission(formData, (schemaFor?.(formData) ?? schema) as S),
  });
}
