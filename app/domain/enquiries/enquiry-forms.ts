import "~/lib/zod-jitless.ts";
import { z } from "zod";
import { requiredText } from "~/lib/required-text.ts";

/*
 * One schema per public form, shared by the page (to show errors) and the server action (which
 * decides). Messages are the seed's (§5); the interest form's are written in the same style.
 */

// A standard address pattern: something@domain.tld, no spaces (seed: "matching a standard address pattern").
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const trimmed = (max: number, requiredMessage: string) =>
  requiredText(requiredMessage, max, `Must be ${max} characters or fewer`);

const email = (requiredMessage: string, invalidMessage: string) =>
  requiredText(requiredMessage, 254, invalidMessage).regex(emailPattern, invalidMessage);

export const contactFormSchema = z.object({
  name: trimmed(200, "Name is required"),
  email: email("Email is required", "Invalid email address"),
  company: z
    .string()
    .trim()
    .max(200, "Must be 200 characters or fewer")
    .optional()
    .transform((value) => value || undefined),
  message: trimmed(5000, "Message is required"),
});
export type ContactForm = Omit<z.infer<typeof contactFormSchema>, "company"> & { company?: string };

export const interestFormSchema = z.object({
  fullName: trimmed(200, "Full name is required"),
  email: email("Email address is required", "Enter a valid email address"),
  companyName: trimmed(200, "Company name is required"),
  role: trimmed(200, "Your role is required"),
});
export type InterestForm = z.infer<typeof interestFormSchema>;
