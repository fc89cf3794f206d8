import { describe, expect, it } from "vitest";
import { contactFormSchema, interestFormSchema, parseForm } from "./enquiry-forms.ts";

describe("contact form schema", () => {
  it("gives the seed's messages for each missing field", () => {
    expect(parseForm(contactFormSchema, {})).toEqual({
      ok: false,
      errors: {
        name: "Name is required",
        email: "Email is required",
        message: "Message is required",
      },
    });
    expect(parseForm(contactFormSchema, { name: "  ", email: " ", message: "\n" })).toMatchObject({
      errors: {
        name: "Name is required",
        email: "Email is required",
        message: "Message is required",
      },
    });
  });

  it("rejects addresses that do not match a standard pattern", () => {
    for (const email of ["jane", "jane@", "jane@example", "ja ne@example.org", "@example.org"])
      expect(parseForm(contactFormSchema, { name: "J", email, message: "Hi" })).toEqual({
        ok: false,
        errors: { email: "Invalid email address" },
      });
  });

  it("trims, and drops an empty company", () => {
    expect(
      parseForm(contactFormSchema, {
        name: " Jane Smith ",
        email: " jane@example.org ",
        company: " ",
        message: " Hello ",
      }),
    ).toEqual({
      ok: true,
      data: { name: "Jane Smith", email: "jane@example.org", company: undefined, message: "Hello" },
    });
  });

  it("reads FormData, ignoring files", () => {
    const form = new FormData();
    form.set("name", "Jane");
    form.set("email", "jane@example.org");
    form.set("message", "Hi");
    form.set("company", new Blob(["x"]));
    const result = parseForm(contactFormSchema, form);
    expect(result).toMatchObject({ ok: true, data: { name: "Jane", message: "Hi" } });
    expect(result.ok && result.data.company).toBeUndefined();
  });
});

describe("interest form schema", () => {
  it("requires all four fields and a valid e-mail address", () => {
    expect(parseForm(interestFormSchema, {})).toEqual({
      ok: false,
      errors: {
        fullName: "Full name is required",
        email: "Email address is required",
        companyName: "Company name is required",
        role: "Your role is required",
      },
    });
    expect(
      parseForm(interestFormSchema, {
        fullName: "A",
        email: "nope",
        companyName: "B",
        role: "C",
      }),
    ).toEqual({ ok: false, errors: { email: "Enter a valid email address" } });
  });
});
