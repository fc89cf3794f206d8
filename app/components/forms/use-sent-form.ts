import type { SubmissionResult } from "@conform-to/react";
import type { FormEvent } from "react";
import type { z } from "zod";
import { useSchemaForm } from "./use-schema-form.ts";
import { sentFormView } from "./use-validated-form.ts";

/**
 * A schema form (useSchemaForm) that shows its errors once it has been sent, as GOV.UK does
 * (sentFormView).
 */
export function useSentForm<S extends z.ZodType>(
  options: { id: string; schema: S; lastResult: SubmissionResult<string[]> | null | undefined },
  /** Field name → the id of its control, in the order the page shows them. */
  controlIds: Record<string, string> = {},
) {
  return sentFormView(useSchemaForm(options), controlIds);
}

/**
 * Whether a submit event is the person sending the form. Conform re-checks fields as they are
 * typed in by dispatching submit events of its own (with a hidden submitter named `__intent__`);
 * a page's own onSubmit work (a confirmation dialog, a toast) must ignore those.
 */
export function sentByPerson(event: FormEvent<HTMLFormElement>) {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter?.getAttribute("name") !== "__intent__";
}
