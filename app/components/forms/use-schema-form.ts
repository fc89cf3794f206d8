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
}: {
  id: string;
  schema: S;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  return useForm<z.input<S> & Record<string, unknown>, z.output<S>>({
    id,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseSubmission(formData, schema),
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
