import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/lib/form-submission.ts";
import { fieldErrors, formData } from "~tests/support/forms.ts";
import {
  accountFormSchema,
  backupCodeList,
  codeSchema,
  newPasswordSchema,
  passwordFields,
  registerProblemToast,
  registerSchema,
  twoFactorEnrolmentSchema,
} from "./schemas.ts";

const registration = {
  companyName: "A",
  industry: "",
  contactName: "B",
  email: "a@b.co",
  phone: "",
  address: "",
};

/** The registration form posted with these fields changed from a valid one. */
function submitRegistration(values: Record<string, string>) {
  return parseSubmission(formData({ ...registration, ...values }), registerSchema);
}

/** What the form's action gets from these posted values: the parsed values, or false if refused. */
function accepted<Schema extends Parameters<typeof parseSubmission>[1]>(
  schema: Schema,
  values: Record<string, string>,
) {
  const submission = parseSubmission(formData(values), schema);
  return submission.status === "success" && submission.value;
}

describe("form schemas", () => {
  it("reports every registration problem at once, each on its own field", () => {
    const submission = submitRegistration({
      companyName: "",
      contactName: "",
      email: "not-an-address",
      password: "short",
      confirmPassword: "other",
    });
    expect(fieldErrors(submission)).toEqual({
      companyName: "Company name is required",
      contactName: "Contact name is required",
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
      confirmPassword: "Passwords don't match",
    });
  });

  it.each([
    [
      { companyName: "", contactName: "", email: "", password: "", confirmPassword: "" },
      "Missing required fields",
      "Please fill in all required fields",
    ],
    [
      { password: "1234567", confirmPassword: "1234567" },
      "Password too short",
      "Password must be at least 8 characters",
    ],
    [
      { password: "long-enough-1", confirmPassword: "long-enough-2" },
      "Passwords don't match",
      "Please make sure your passwords match",
    ],
  ])("gives /register's toast for %o: %s", (values, title, description) => {
    const submission = submitRegistration(values);
    expect(
      registerProblemToast(submission.status === "error" ? (submission.error ?? {}) : {}),
    ).toEqual({ title, description });
  });

  it("trims the e-mail address and treats empty optional fields as absent", () => {
    expect(
      accepted(registerSchema, {
        ...registration,
        companyName: " Acme ",
        email: " jo@example.org ",
        password: "long-enough-1",
        confirmPassword: "long-enough-1",
      }),
    ).toMatchObject({
      companyName: "Acme",
      email: "jo@example.org",
      industry: null,
    });
  });

  it("never sends a password back to the page with the form's errors", () => {
    const submission = submitRegistration({
      email: "",
      password: "secret-one",
      confirmPassword: "secret-two",
    });
    const reply = submission.reply({ hideFields: passwordFields });
    expect(reply.initialValue).toMatchObject({ companyName: "A" });
    expect(JSON.stringify(reply)).not.toContain("secret-");
  });

  it("reads My Account's forms by their intent, each with its own checks", () => {
    expect(
      fieldErrors(
        parseSubmission(
          formData({
            intent: "password",
            currentPassword: "",
            newPassword: "x",
            confirmPassword: "y",
          }),
          accountFormSchema,
        ),
      ),
    ).toEqual({
      currentPassword: "Enter your current password",
      newPassword: "Password must be at least 8 characters",
      confirmPassword: "Passwords don't match",
    });
    expect(accepted(accountFormSchema, { intent: "profile", name: " Jo " })).toEqual({
      intent: "profile",
      name: "Jo",
    });
    expect(
      parseSubmission(formData({ intent: "nonsense", name: "Jo" }), accountFormSchema).status,
    ).toBe("error");
  });

  it("reads the hidden fields of the code and new-password forms, with safe defaults", () => {
    // A code pasted as an authenticator app shows it, space and all, reaches the check as 6 digits.
    expect(accepted(codeSchema, { code: " 123 456\n", portal: "elsewhere" })).toEqual({
      method: "totp",
      code: "123456",
      portal: "main",
    });
    expect(accepted(twoFactorEnrolmentSchema, { intent: "confirm", code: "123 456" })).toEqual({
      intent: "confirm",
      code: "123456",
    });
    expect(
      accepted(newPasswordSchema, {
        token: "t",
        purpose: "invite",
        password: "long-enough-1",
        confirmPassword: "long-enough-1",
      }),
    ).toMatchObject({ purpose: "invite" });
    const enrolment = parseSubmission(
      formData({ intent: "confirm", code: "12" }),
      twoFactorEnrolmentSchema,
    );
    expect(fieldErrors(enrolment)).toEqual({
      code: "Enter the 6-digit code from your authenticator app",
    });
    expect(backupCodeList.parse("ABCD-1234,<x>,EFGH-5678")).toEqual(["ABCD-1234", "EFGH-5678"]);
    expect(backupCodeList.parse(undefined)).toEqual([]);
  });
});
