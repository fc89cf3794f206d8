import { type Submission, type SubmissionResult, useForm } from "@conform-to/react";

/** What a form's check gives Conform: the submission read against the form's schema. */
export type FormValidator<Input extends Record<string, unknown>, Output> = (
  formData: FormData,
) => Submission<Input, string[], Output>;

/**
 * A Conform form checked in the browser by `validate`: a field's error shows when the person
 * leaves it and clears as they correct it; after a submission the server's result (`lastResult`)
 * fills the errors and the values typed, so a form posted without JavaScript comes back as it was
 * sent. This module holds no schema library, so a page can load its check later
 * (components/marketing/enquiry-form.tsx); until `validate` is given the form is checked only by
 * the server when it is sent, as without JavaScript.
 */
export function useValidatedForm<Input extends Record<string, unknown>, Output>({
  id,
  lastResult,
  defaultValue,
  validate,
  validateOn = "blur",
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** What the fields start with before anything is sent (a saved draft being edited). */
  defaultValue?: Record<string, unknown>;
  validate: FormValidator<Input, Output> | undefined;
  /**
   * "input" for a list's filter form (GET), which is re-created for each new query while its
   * search box may still have focus: Chrome blurs the removed box while React is committing, when
   * React's own submit handlers do not run, so a check on blur would go out as Conform's
   * validation request submitted natively (a whole-page GET with `__intent__`).
   */
  validateOn?: "blur" | "input";
}) {
  return useForm<Input, Output>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    // Without a check in the browser, a check on blur would go to the server as a submission.
    shouldValidate: !validate ? "onSubmit" : validateOn === "input" ? "onInput" : "onBlur",
    shouldRevalidate: validate ? "onInput" : "onSubmit",
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
  });
}

/**
 * A form's fields as a GOV.UK form shows them: its errors once it has been sent, each field's
 * messages through `errorOf`, and the error summary's entries in `summary`. Until then nothing
 * shows, even for a field the person has left; after sending, messages clear as they are
 * corrected. (A message appearing above the next control as a field is left would also move the
 * button from under the pointer on its way to it.)
 */
export function sentFormView<Form extends { status?: "success" | "error" }, Fields extends object>(
  [form, allFields]: [Form, Fields],
  /** Field name → the id of its control, in the order the page shows them. */
  controlIds: Record<string, string> = {},
) {
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
