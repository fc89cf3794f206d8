import { z } from "zod";

export const subjectAccessErrors = {
  missing: "Enter the person's email address",
  format: "Enter an email address in the correct format, like name@example.com",
} as const;
export type SubjectAccessError = keyof typeof subjectAccessErrors;

/** The subject access form: the address the person gave, or was referred under. */
export const subjectAccessSchema = z.object({
  email: z
    .string({ error: subjectAccessErrors.missing })
    .trim()
    .min(1, subjectAccessErrors.missing)
    .pipe(z.email(subjectAccessErrors.format)),
});

/** Which problem a message names, so a redirect can carry the kind and never the address. */
export function subjectAccessProblem(message: string | undefined): SubjectAccessError {
  return message === subjectAccessErrors.missing ? "missing" : "format";
}
