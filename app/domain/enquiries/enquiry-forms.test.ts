import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/lib/form-submission.ts";
import { fieldErrors, formData } from "~tests/support/forms.ts";
import { contactFormSchema, interestFormSchema } from "./enquiry-forms.ts";

/** The field errors of a form posted with `fields`, read by `schema`. */
const errorsOf = (
  fields: Parameters<typeof formData>[0],
  schema: Parameters<typeof parseSubmission>[1],
) => fieldErrors(parseSubmission(formData(fields), schema));

describe("contact form schema", () => {
  it("gives the seed's messages for each missing field", () => {
    // Nothing sent, and only white space sent: the same three messages.
    const blank: Record<string, string>[] = [
      {},
      { name: "  ", email: " ", company: "", message: "\n" },
    ];
    for (const fields of blank)
      expect(errorsOf(fields, contactFormSchema)).toEqual({
        name: "Name is required",
        email: "Email is required",
        message: "Message is required",
      });
  });

  it("rejects addresses that do not match a standard pattern", () => {
    for (const email of ["jane", "jane@", "jane@example", "ja ne@example.org", "@example.org"])
      expect(errorsOf({ name: "J", email, message: "Hi" }, contactFormSchema)).toEqual({
        email: "Invalid email address",
      });
  });

  it("trims, and drops an empty company", () => {
    const submission = parseSubmission(
      formData({
        name: " Jane Smith ",
        email: " jane@example.org ",
        company: " ",
        message: " Hello ",
      }),
      contactFormSchema,
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Jane Smith",
      email: "jane@example.org",
      company: undefined,
      message: "Hello",
    });
  });

  it("refuses a file sent in place of a text field", () => {
    const fields = {
      name: "Jane",
      email: "jane@example.org",
      message: "Hi",
      company: new Blob(["x"]),
    };
    expect(Object.keys(errorsOf(fields, contactFormSchema))).toEqual(["company"]);
  });
});

describe("interest form schema", () => {
  it("requires all four fields and a valid e-mail address", () => {
    expect(errorsOf({}, interestFormSchema)).toEqual({
      fullName: "Full name is required",
      email: "Email address is required",
      companyName: "Company name is required",
      role: "Your role is required",
    });
    expect(
      errorsOf({ fullName: "A", email: "nope", companyName: "B", role: "C" }, interestFormSchema),
    ).toEqual({ email: "Enter a valid email address" });
  });
});
