import type { SubmissionResult } from "@conform-to/react";
import type { FormEvent } from "react";
import type { z } from "zod";
import { errorSummary, useSchemaForm } from "./use-schema-form.ts";

/**
 * A schema form (useSchemaForm) that shows its errors once it has been sent, as GOV.UK does: each
 * field's messages through `errorOf`, and the error summary's entries in `summary`. Until then
 * nothing shows, even for a field the person has left; after sending, messages clear as they are
 * corrected. (A message appearing above the next control as a field is left would also move the
 * button from under the pointer on its way to it.)
 */
export function useSentForm<S extends z.ZodType>(
  options: { id: string; schema: S; lastResult: SubmissionResult<string[]> | null | undefined },
  /** Field name → the id of its control, in the order the page shows them. */
  controlIds: Record<string, string> = {},
) {
  const [form, allFields] = useSchemaForm(options);
  const sent = form.status === "error";
  const fields = sent ? allFields : withoutErrors(allFields);
  const all = fields as Record<string, { errors?: string[] }>;
  return {
    form,
    fields,
    errorOf: (name: string) => all[name]?.errors,
    summary: sent ? errorSummary(all, controlIds) : [],
  };
}

/**
 * Conform's fields with their errors hidden: before the form is sent a field (TextField, which
 * shows its field's errors) must not show the message Conform already holds for it.
 */
function withoutErrors<F extends object>(fields: F): F {
  return new Proxy(fields, {
    get(target, key) {
      const field: unknown = Reflect.get(target, key);
      if (typeof field !== "object" || field === null) return field;
      return new Proxy(field, {
        get: (metadata, name) => (name === "errors" ? undefined : Reflect.get(metadata, name)),
      });
    },
  });
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
