import "~/lib/zod-jitless.ts";
import { z } from "zod";
import {
  mismatchOnConfirmation,
  newPassword,
  passwordConfirmed,
  passwordsDontMatch,
} from "./new-password.ts";
import { oneTimeCode } from "./one-time-code.ts";
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

const password = z
  .string()
  .min(1, "Password is required")
  .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong);
const currentPassword = z.string().min(1, "Enter your current password").max(PASSWORD_MAX_LENGTH);

/** The fields a password form never sends back to the page with its errors. */
export const passwordFields = ["password", "currentPassword", "newPassword", "confirmPassword"];

/** Both sign-in pages; /login also sends `intent` and, after a guard, `redirectTo`. */
export const signInSchema = z.object({
  email,
  password,
  redirectTo: z.string().optional(),
});

/** Which of /login's forms was sent (sign-in, resend the verification link, register mode). */
export const loginIntentSchema = z.object({
  intent: z.enum(["sign-in", "resend", "register"]).catch("sign-in"),
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
    password,
    confirmPassword: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.password.length > 0 && value.password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: "custom", path: ["password"], message: passwordMessages.tooShort });
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: passwordsDontMatch });
    }
  });

/** A form's errors as Conform reports them: field → messages. */
type SubmissionErrors = Record<string, readonly string[] | null | undefined>;

/** The seed's toast for the first kind of problem of a registration form. */
export function registerProblemToast(errors: SubmissionErrors): {
  title: string;
  description: string;
} {
  const first = (field: string) => errors[field]?.[0];
  const required = ["companyName", "contactName", "email", "password"].some((field) =>
    /required/.test(first(field) ?? ""),
  );
  if (required)
    return { title: "Missing required fields", description: "Please fill in all required fields" };
  if (first("password") === passwordMessages.tooShort) {
    return { title: "Password too short", description: passwordMessages.tooShort };
  }
  if (first("confirmPassword") === passwordsDontMatch) {
    return { title: passwordsDontMatch, description: "Please make sure your passwords match" };
  }
  return {
    title: "Registration failed",
    description:
      Object.values(errors).find((messages) => messages?.[0])?.[0] ?? "Please check the form",
  };
}

export const emailOnlySchema = z.object({ email });

/** The set-password page of resets, doctor invitations and new administrators (`purpose`). */
export const newPasswordSchema = z
  .object({
    token: z.string().min(1),
    purpose: z.enum(["reset", "invite", "setup"]).catch("reset"),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine(passwordConfirmed, mismatchOnConfirmation);

/** The second step of signing in, on either portal. */
export const codeSchema = z.object({
  method: z.enum(["totp", "backup"]).default("totp"),
  code: oneTimeCode.pipe(z.string().min(1, "Enter the code").max(32, "Enter the code")),
  portal: z.enum(["main", "doctor"]).catch("main"),
  redirectTo: z.string().optional(),
});

const totpCodeSchema = z.object({
  code: oneTimeCode.pipe(
    z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
  ),
});

const currentPasswordSchema = z.object({
  password: currentPassword,
});

/**
 * Turning on two-factor authentication, two steps on one page: the password, then the first
 * code. The backup codes shown at the first step travel with the second, so a wrong code shows
 * them again (they are never stored readable).
 */
export const twoFactorEnrolmentSchema = z.discriminatedUnion("intent", [
  currentPasswordSchema.extend({ intent: z.literal("start") }),
  totpCodeSchema.extend({ intent: z.literal("confirm") }),
]);

/** The backup codes the code step carries back, comma-separated; anything else is dropped. */
export const backupCodeList = z
  .unknown()
  .transform((value) =>
    (typeof value === "string" ? value : "")
      .split(",")
      .filter((code) => /^[A-Za-z0-9-]{4,32}$/.test(code)),
  );

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

const doctorQualificationsSchema = z.object({ qualifications });

export const firstAdminSchema = z
  .object({
    token: z.string().min(1),
    name: trimmed.min(1, "Name is required").max(200, "Name is too long"),
    email,
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine(passwordConfirmed, mismatchOnConfirmation);

/**
 * My Account's forms, one schema each, told apart by the `intent` the form sends: the action reads
 * the union, each form checks its own schema in the browser.
 */
export const accountForms = {
  profile: z.object({
    intent: z.literal("profile"),
    name: trimmed.min(1, "Your name is required").max(200, "Your name is too long"),
  }),
  professional: doctorQualificationsSchema.extend({ intent: z.literal("professional") }),
  organisation: z.object({
    intent: z.literal("organisation"),
    companyName: trimmed.min(1, "Company name is required").max(200, "Company name is too long"),
    industry: optionalText(100),
    phone: optionalText(40),
    address: optionalText(500),
  }),
  password: z
    .object({
      intent: z.literal("password"),
      currentPassword,
      newPassword,
      confirmPassword: z.string(),
    })
    .refine((v) => v.newPassword === v.confirmPassword, mismatchOnConfirmation),
  "two-factor": currentPasswordSchema.extend({ intent: z.literal("two-factor") }),
};
export const accountFormSchema = z.discriminatedUnion("intent", [
  accountForms.profile,
  accountForms.professional,
  accountForms.organisation,
  accountForms.password,
  accountForms["two-factor"],
]);

type FieldErrors = Record<string, string>;

/** The first message per field, in the schema's order. */
function _fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * The account menu's switcher: the organisation to act for, one button per organisation. The id
 * is checked against the person's memberships by `switchOrganisation`, not here.
 */
export const switchOrganisationSchema = z.object({
  organisationId: z.string().trim().min(1, "Choose an organisation").max(100),
});
