import { z } from "zod";

export const subjectAccessErrors = {
  missing: "Enter the person's email address",
  format: "Enter an email address in the correct format, like name@example.com",
} as const;
export type SubjectAccessError = keyof typeof subjectAccessErrors;

export function subjectAccessEmailProblem(email: string): SubjectAccessError | null {
  const trimmed = email.trim();
  if (!trimmed) return "missing";
  return z.string().email().safeParse(trimmed).success ? null : "format";
}
