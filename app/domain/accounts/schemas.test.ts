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

describe("form schemas", () => {
  it("reports every registration problem at once, each on its own field", () => {
    const submission = parseSubmission(
      formData({
        ...registration,
        companyName: "",
        contactName: "",
        email: "not-an-address",
        password: "short",
        confirmPassword: "other",
      }),
      registerSchema,
    );
    expect(fieldErrors(submission)).toEqual({
      companyName: "Company name is required",
      contactName: "Contact name is required",
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
      confirmPassword: "Passwords don't match",
    });
  });

  it("gives /register's toasts for missing fields, short password and mismatch", () => {
    const toastFor = (values: Record<string, string>) => {
      const submission = parseSubmission(formData({ ...registration, ...values }), registerSchema);
      return registerProblemToast(submission.status === "error" ? (submission.error ?? {}) : {});
    };
    expect(
      toastFor({ companyName: "", contactName: "", email: "", password: "", confirmPassword: "" }),
    ).toEqual({
      title: "Missing required fields",
      description: "Please fill in all required fields",
    });
    expect(toastFor({ password: "1234567", confirmPassword: "1234567" })).toEqual({
      title: "Password too short",
      description: "Password must be at least 8 characters",
    });
    expect(toastFor({ password: "long-enough-1", confirmPassword: "long-enough-2" })).toEqual({
      title: "Passwords don't match",
      description: "Please make sure your passwords match",
    });
  });

  it("trims the e-mail address and treats empty optional fields as absent", () => {
    const submission = parseSubmission(
      formData({
        ...registration,
        companyName: " Acme ",
        email: " jo@example.org ",
        password: "long-enough-1",
        confirmPassword: "long-enough-1",
      }),
      registerSchema,
    );
    expect(submission.status === "success" && submission.value).toMatchObject({
      companyName: "Acme",
      email: "jo@example.org",
      industry: null,
    });
  });

  it("never sends a password back to the page with the form's errors", () => {
    const submission = parseSubmission(
      formData({
        ...registration,
        email: "",
        password: "secret-one",
        confirmPassword: "secret-two",
      }),
      registerSchema,
    );
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
    const profile = parseSubmission(
      formData({ intent: "profile", name: " Jo " }),
      accountFormSchema,
    );
    expect(profile.status === "success" && profile.value).toEqual({
      intent: "profile",
      name: "Jo",
    });
    expect(
      parseSubmission(formData({ intent: "nonsense", name: "Jo" }), accountFormSchema).status,
    ).toBe("error");
  });

  it("reads the hidden fields of the code and new-password forms, with safe defaults", () => {
    // A code pasted as an authenticator app shows it, space and all, reaches the check as 6 digits.
    const code = parseSubmission(formData({ code: " 123 456\n", portal: "elsewhere" }), codeSchema);
    expect(code.status === "success" && code.value).toEqual({
      method: "totp",
      code: "123456",
      portal: "main",
    });
    const pastedAtEnrolment = parseSubmission(
      formData({ intent: "confirm", code: "123 456" }),
      twoFactorEnrolmentSchema,
    );
    expect(pastedAtEnrolment.status === "success" && pastedAtEnrolment.value).toEqual({
      intent: "confirm",
      code: "123456",
    });
    const reset = parseSubmission(
      formData({
        token: "t",
        purpose: "invite",
        password: "long-enough-1",
        confirmPassword: "long-enough-1",
      }),
      newPasswordSchema,
    );
    expect(reset.status === "success" && reset.value.purpose).toBe("invite");
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
