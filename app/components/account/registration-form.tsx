import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { NewPasswordFields } from "~/components/account/password-fields.tsx";
import { TextAreaField, TextField } from "~/components/forms/text-field.tsx";
import { sentByPerson, useSentForm } from "~/components/forms/use-sent-form.ts";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { ErrorSummary } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toaster";
import { registerProblemToast, registerSchema } from "~/domain/accounts/schemas.ts";
import { parseSubmission } from "~/lib/form-submission.ts";

/** What the registration action answers when it does not move on to the confirmation page. */
export type RegistrationResult = {
  intent: "register";
  /** The form as sent (never its passwords), with its errors. */
  result: SubmissionResult<string[]>;
  formError?: string;
};

/** Each field's control id, in the order the form shows them (the error summary's order too). */
const controlIds = {
  companyName: "companyName",
  industry: "industry",
  contactName: "contactName",
  email: "email",
  phone: "phone",
  address: "address",
  password: "password",
  confirmPassword: "confirmPassword",
};

/** The company's and its contact's one-line details, in the order the form shows them. */
const detailFields: Array<{
  name: "companyName" | "industry" | "contactName" | "email" | "phone";
  label: string;
  optional?: boolean;
  className?: string;
  type?: "email" | "tel";
  autoComplete?: string;
}> = [
  {
    name: "companyName",
    label: "Company name",
    autoComplete: "organization",
    className: "sm:col-span-2",
  },
  { name: "industry", label: "Industry", optional: true },
  { name: "contactName", label: "Contact name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", optional: true, type: "tel", autoComplete: "tel" },
];

/*
 * One sonner id for every registration problem: a second attempt replaces the first attempt's
 * toast instead of stacking beside it.
 */
export const registrationToastId = "registration-problem";

/**
 * The company registration form of /register and of /login's register mode (seed section 5):
 * every problem at once, in a summary and on each field, and one toast naming the kind of
 * problem. With JavaScript the form is checked here and confirmed in a dialog before it is sent;
 * without, the server's answer is rendered from `result`.
 */
export function RegistrationForm({
  action,
  result,
}: {
  /** Where the form posts: the page's own address, so the answer renders on the same page. */
  action: string;
  result: RegistrationResult | undefined;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState<Record<string, string> | null>(null);
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { form, fields, errorOf, summary } = useSentForm(
    {
      id: "register",
      schema: registerSchema,
      lastResult: result?.result,
    },
    controlIds,
  );

  // Each answer of the server is a new object: toast once per answer, not once per render.
  const toasted = useRef<RegistrationResult | undefined>(undefined);
  useEffect(() => {
    if (!result || toasted.current === result) return;
    toasted.current = result;
    const description =
      result.formError ??
      Object.keys(controlIds)
        .map((name) => result.result.error?.[name]?.[0])
        .find(Boolean);
    if (description) toast.error("Sign up failed", { id: registrationToastId, description });
  }, [result]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript: check here (Conform shows every problem), then ask for confirmation
    // before anything is sent.
    form.onSubmit(event);
    if (!sentByPerson(event)) return;
    const submission = parseSubmission(new FormData(event.currentTarget), registerSchema);
    if (submission.status !== "success") {
      const problem = registerProblemToast(submission.error ?? {});
      toast.error(problem.title, { id: registrationToastId, description: problem.description });
      return;
    }
    event.preventDefault();
    setConfirming({
      companyName: submission.value.companyName,
      industry: submission.value.industry ?? "Not provided",
      contactName: submission.value.contactName,
      email: submission.value.email,
    });
  }

  function confirm() {
    if (formRef.current) submit(formRef.current, { method: "post", action });
    setConfirming(null);
  }

  return (
    <>
      <ErrorSummary errors={summary} className="mb-6" />
      {result?.formError ? (
        <p role="alert" className="mb-6 font-semibold text-destructive">
          {result.formError}
        </p>
      ) : null}

      <Form
        ref={formRef}
        method="post"
        action={action}
        {...getFormProps(form)}
        noValidate
        onSubmit={onSubmit}
        className="grid gap-5 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="register" />
        {detailFields.map(({ name, ...field }) => (
          <TextField key={name} {...field} field={fields[name]} error={errorOf(name)} />
        ))}
        <TextAreaField
          label="Address"
          optional
          field={fields.address}
          className="sm:col-span-2"
          rows={3}
          autoComplete="street-address"
        />
        <NewPasswordFields
          label="Password"
          hint="At least 8 characters. A few random words make a strong password."
          errorOf={errorOf}
          className="sm:col-span-2 sm:max-w-md"
        />
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
            {submitting ? "Registering..." : "Register"}
          </Button>
          <p className="mt-4 text-muted-foreground text-sm">
            By registering you agree to our{" "}
            <Link to="/terms-of-service" className="text-primary underline underline-offset-4">
              terms of service
            </Link>{" "}
            and{" "}
            <Link to="/privacy-policy" className="text-primary underline underline-offset-4">
              privacy policy
            </Link>
            .
          </p>
        </div>
      </Form>

      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Confirm Registration</DialogTitle>
            <DialogDescription>
              Please check your details before we create your account.
            </DialogDescription>
          </DialogHeader>
          {confirming ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Company</dt>
              <dd className="font-medium">{confirming.companyName}</dd>
              <dt className="text-muted-foreground">Industry</dt>
              <dd className="font-medium">{confirming.industry}</dd>
              <dt className="text-muted-foreground">Contact</dt>
              <dd className="font-medium">{confirming.contactName}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="break-all font-medium">{confirming.email}</dd>
            </dl>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(null)}>
              Edit details
            </Button>
            <Button onClick={confirm}>Confirm and register</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
