import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from "./password-rules.ts";

/*
 * One schema per form, shared by the browser and the server (docs/architecture.md §3). Messages are the
 * seed's (section 5), with the password minimum of 8 (docs/architecture.md §9). The common-password check
 * runs on the server only (the list is not sent to browsers).
 */

const trimmed = z.string().trim();
const email = trimmed
  .min(1, "Email is required")
  .max(254, "Email address is too long")
  .pipe(z.email("Invalid email address"));
const optionalText = (max: number) =>
  trimmed
    .max(max, `Must be ${max} characters or fewer`)
    .optional()
    .transform((v) => v || null);

export const signInSchema = z.object({
  email,
  password: z
    .string()
    .min(1, "Password is required")
    .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
  redirectTo: z.string().optional(),
});

/**
 * Company registration, on /register and in /login's register mode alike (one form): the seed's
 * fields and messages (section 5). Every problem is reported at once, each on its field.
 */
export const registerSchema = z
  .object({
    companyName: trimmed.min(1, "Company name is required").max(200, "Company name is too long"),
    industry: optionalText(100),
    contactName: trimmed.min(1, "Contact name is required").max(200, "Contact name is too long"),
    email,
    phone: optionalText(40),
    address: optionalText(500),
    password: z
      .string()
      .min(1, "Password is required")
      .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.password.length > 0 && value.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: "custom", path: ["password"], message: passwordMessages.tooShort });
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "Passwords don't match" });
    }
  });

/** The registration fields sent back with errors so nobody types them twice (never passwords). */
export const registrationTextFields = [
  "companyName",
  "industry",
  "contactName",
  "email",
  "phone",
  "address",
] as const;

/** The seed's toast for the first kind of problem of a registration form. */
export function registerProblemToast(errors: Record<string, string>): {
  title: string;
  description: string;
} {
  const required = ["companyName", "contactName", "email", "password"].some((field) =>
    /required/.test(errors[field] ?? ""),
  );
  if (required)
    return { title: "Missing required fields", description: "Please fill in all required fields" };
  if (errors.password === passwordMessages.tooShort) {
    return { title: "Password too short", description: passwordMessages.tooShort };
  }
  if (errors.confirmPassword === "Passwords don't match") {
    return { title: "Passwords don't match", description: "Please make sure your passwords match" };
  }
  return {
    title: "Registration failed",
    description: Object.values(errors)[0] ?? "Please check the form",
  };
}

export const emailOnlySchema = z.object({ email });

export const newPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
      .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords don't match",
  });

export const codeSchema = z.object({
  method: z.enum(["totp", "backup"]).default("totp"),
  code: trimmed.min(1, "Enter the code").max(32, "Enter the code"),
});

export const totpCodeSchema = z.object({
  code: trimmed.regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
});

export const currentPasswordSchema = z.object({
  password: z.string().min(1, "Enter your current password").max(PASSWORD_MAX_LENGTH),
});

export const profileSchema = z.object({
  name: trimmed.min(1, "Your name is required").max(200, "Your name is too long"),
});

export const organisationSchema = z.object({
  companyName: trimmed.min(1, "Company name is required").max(200, "Company name is too long"),
  industry: optionalText(100),
  phone: optionalText(40),
  address: optionalText(500),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password").max(PASSWORD_MAX_LENGTH),
    newPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
      .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords don't match",
  });

export const QUALIFICATIONS_MAX = 120;

/**
 * A doctor's qualifications as printed after their name in a report's signature block, e.g.
 * "MB ChB, MFOM": plain text of letters, digits, spaces and the punctuation post-nominals use,
 * so nothing in it can read as markup or a link. Blank means none recorded yet.
 */
export const qualifications = trimmed
  .max(QUALIFICATIONS_MAX, `Qualifications must be ${QUALIFICATIONS_MAX} characters or fewer`)
  .regex(
    /^[\p{L}\p{M}\p{N} ,.()&'’/-]*$/u,
    "Use letters, numbers, spaces and the punctuation . , ( ) & ' / - only",
  )
  .optional()
  .transform((v) => v?.replace(/\s+/g, " ") || null);

export const inviteDoctorSchema = z.object({
  name: trimmed.min(1, "Name is required").max(200, "Name is too long"),
  email,
  gmcNumber: trimmed.regex(/^\d{7}$/, "GMC number must be 7 digits"),
  qualifications,
});

export const doctorQualificationsSchema = z.object({ qualifications });

export const firstAdminSchema = z
  .object({
    token: z.string().min(1),
    name: trimmed.min(1, "Name is required").max(200, "Name is too long"),
    email,
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
      .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords don't match",
  });

export type FieldErrors = Record<string, string>;

/** The first message per field, in the schema's order. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** Parses a submitted form with a schema: `{ data }` or `{ errors }`. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  form: FormData | Record<string, unknown>,
): { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const values =
    form instanceof FormData
      ? Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"))
      : form;
  const result = schema.safeParse(values);
  return result.success ? { data: result.data } : { errors: fieldErrors(result.error) };
}
