import type { parseSubmission } from "~/lib/form-submission.ts";

/** A form as a browser sends it: every field named, filled or empty. */
export function formData(values: Record<string, string | Blob>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

/** Each field's first message, as the page shows them next to the field. */
export function fieldErrors(
  submission: ReturnType<typeof parseSubmission>,
): Record<string, string | undefined> {
  if (submission.status === "success") return {};
  return Object.fromEntries(
    Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]),
  );
}
