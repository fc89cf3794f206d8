import { describe, expect, it } from "vitest";
import { parseForm, registerProblemToast, registerSchema } from "./schemas.ts";

describe("form schemas", () => {
  it("reports every registration problem at once, each on its own field", () => {
    const result = parseForm(registerSchema, {
      companyName: "",
      contactName: "",
      email: "not-an-address",
      password: "short",
      confirmPassword: "other",
    });
    expect(result.errors).toEqual({
      companyName: "Company name is required",
      contactName: "Contact name is required",
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
      confirmPassword: "Passwords don't match",
    });
  });

  it("gives /register's toasts for missing fields, short password and mismatch", () => {
    const missing = parseForm(registerSchema, {
      companyName: "",
      contactName: "",
      email: "",
      password: "",
      confirmPassword: "",
    });
    expect(registerProblemToast(missing.errors!)).toEqual({
      title: "Missing required fields",
      description: "Please fill in all required fields",
    });
    const short = parseForm(registerSchema, {
      companyName: "A",
      contactName: "B",
      email: "a@b.co",
      password: "1234567",
      confirmPassword: "1234567",
    });
    expect(registerProblemToast(short.errors!)).toEqual({
      title: "Password too short",
      description: "Password must be at least 8 characters",
    });
    const mismatch = parseForm(registerSchema, {
      companyName: "A",
      contactName: "B",
      email: "a@b.co",
      password: "long-enough-1",
      confirmPassword: "long-enough-2",
    });
    expect(registerProblemToast(mismatch.errors!)).toEqual({
      title: "Passwords don't match",
      description: "Please make sure your passwords match",
    });
  });

  it("trims the e-mail address and treats empty optional fields as absent", () => {
    const ok = parseForm(registerSchema, {
      companyName: " Acme ",
      contactName: "Jo Bloggs",
      email: " jo@example.org ",
      industry: "",
      password: "long-enough-1",
      confirmPassword: "long-enough-1",
    });
    expect(ok.data).toMatchObject({ companyName: "Acme", email: "jo@example.org", industry: null });
  });
});
