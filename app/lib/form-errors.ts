import type { z } from "zod";

/** A Zod error as one message per field, keyed by the field's name (which is also its id). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The errors a Conform form shows: none until it has been sent, then each field's as they stand
 * (they clear as the person corrects them). GOV.UK shows errors after sending; checking a field as
 * it is left would also put its message above the next control while the pointer is on the way to
 * the button, moving the button from under the click.
 */
export function sentErrors<Name extends string>(
  form: { status?: "success" | "error" },
  fields: Record<Name, { errors?: string[] }>,
): (name: Name) => string[] | undefined {
  return (name) => (form.status === "error" ? fields[name].errors : undefined);
}
