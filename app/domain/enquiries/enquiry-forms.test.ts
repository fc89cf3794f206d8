import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/lib/form-submission.ts";
import { contactFormSchema, interestFormSchema } from "./enquiry-forms.ts";

/** A form as a browser sends it: every text field, filled or empty. */
function form(values: Record<string, string | Blob>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

/** Each field's first message, as the page shows them. */
function errorsOf(submission: ReturnType<typeof parseSubmission>) {
  if (submission.status === "success") return {};
  return Object.fromEntries(
    Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]),
  );
}

describe("contact form schema", () => {
  it("gives the seed's messages for each missing field", () => {
    expect(errorsOf(parseSubmission(form({}), contactFormSchema))).toEqual({
      name: "Name is required",
      email: "Email is required",
      message: "Message is required",
    });
    expect(
      errorsOf(
        parseSubmission(
          form({ name: "  ", email: " ", company: "", message: "\n" }),
          contactFormSchema,
        ),
      ),
    ).toEqual({
      name: "Name is required",
      email: "Email is required",
      message: "Message is required",
    });
  });

  it("rejects addresses that do not match a standard pattern", () => {
    for (const email of ["jane", "jane@", "jane@example", "ja ne@example.org", "@example.org"])
      expect(
        errorsOf(parseSubmission(form({ name: "J", email, message: "Hi" }), contactFormSchema)),
      ).toEqual({ email: "Invalid email address" });
  });

  it("trims, and drops an empty company", () => {
    const submission = parseSubmission(
      form({ name: " Jane Smith ", email: " jane@example.org ", company: " ", message: " Hello " }),
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
    const submission = parseSubmission(
      form({ name: "Jane", email: "jane@example.org", message: "Hi", company: new Blob(["x"]) }),
      contactFormSchema,
    );
    expect(Object.keys(errorsOf(submission))).toEqual(["company"]);
  });
});

describe("interest form schema", () => {
  it("requires all four fields and a valid e-mail address", () => {
    expect(errorsOf(parseSubmission(form({}), interestFormSchema))).toEqual({
      fullName: "Full name is required",
      email: "Email address is required",
      companyName: "Company name is required",
      role: "Your role is required",
    });
    expect(
      errorsOf(
        parseSubmission(
          form({ fullName: "A", email: "nope", companyName: "B", role: "C" }),
          interestFormSchema,
        ),
      ),
    ).toEqual({ email: "Enter a valid email address" });
  });
});
