import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { PasswordInput } from "~/components/account/password-input.tsx";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { ErrorSummary, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import {
  type FieldErrors,
  parseForm,
  registerProblemToast,
  registerSchema,
  registrationTextFields,
} from "~/domain/accounts/schemas.ts";

/** What the registration action answers when it does not move on to the confirmation page. */
export type RegistrationResult = {
  intent: "register";
  errors?: FieldErrors;
  formError?: string;
  values: Record<string, string>;
};

/** The fields in the order the form shows them, which is the error summary's order too. */
const fieldOrder = [...registrationTextFields, "password", "confirmPassword"];

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
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [confirming, setConfirming] = useState<Record<string, string> | null>(null);
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors: FieldErrors = clientErrors ?? result?.errors ?? {};
  const values = result?.values ?? {};

  // Each answer of the server is a new object: toast once per answer, not once per render.
  const toasted = useRef<RegistrationResult | undefined>(undefined);
  useEffect(() => {
    if (!result || toasted.current === result) return;
    toasted.current = result;
    setClientErrors(null);
    const description = result.formError ?? fieldOrder.map((f) => result.errors?.[f]).find(Boolean);
    if (description) toast.error("Sign up failed", { id: registrationToastId, description });
  }, [result]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript: check here, then ask for confirmation before anything is sent.
    event.preventDefault();
    const parsed = parseForm(registerSchema, new FormData(event.currentTarget));
    if (parsed.errors) {
      setClientErrors(parsed.errors);
      const problem = registerProblemToast(parsed.errors);
      toast.error(problem.title, { id: registrationToastId, description: problem.description });
      return;
    }
    setClientErrors(null);
    setConfirming({
      companyName: parsed.data.companyName,
      industry: parsed.data.industry ?? "Not provided",
      contactName: parsed.data.contactName,
      email: parsed.data.email,
    });
  }

  function confirm() {
    if (formRef.current) submit(formRef.current, { method: "post", action });
    setConfirming(null);
  }

  const summary = fieldOrder.filter((f) => errors[f]).map((f) => ({ id: f, message: errors[f]! }));

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
        noValidate
        onSubmit={onSubmit}
        className="grid gap-5 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="register" />
        <FormField
          id="companyName"
          label="Company name"
          error={errors.companyName}
          className="sm:col-span-2"
        >
          <Input name="companyName" autoComplete="organization" defaultValue={values.companyName} />
        </FormField>
        <FormField id="industry" label="Industry" optional error={errors.industry}>
          <Input name="industry" defaultValue={values.industry} />
        </FormField>
        <FormField id="contactName" label="Contact name" error={errors.contactName}>
          <Input name="contactName" autoComplete="name" defaultValue={values.contactName} />
        </FormField>
        <FormField id="email" label="Email" error={errors.email}>
          <Input name="email" type="email" autoComplete="email" defaultValue={values.email} />
        </FormField>
        <FormField id="phone" label="Phone" optional error={errors.phone}>
          <Input name="phone" type="tel" autoComplete="tel" defaultValue={values.phone} />
        </FormField>
        <FormField
          id="address"
          label="Address"
          optional
          error={errors.address}
          className="sm:col-span-2"
        >
          <Textarea
            name="address"
            rows={3}
            autoComplete="street-address"
            defaultValue={values.address}
          />
        </FormField>
        <FormField
          id="password"
          label="Password"
          hint="At least 8 characters. A few random words make a strong password."
          error={errors.password}
          className="sm:col-span-2 sm:max-w-md"
        >
          {(control) => <PasswordInput {...control} name="password" autoComplete="new-password" />}
        </FormField>
        <FormField
          id="confirmPassword"
          label="Confirm password"
          error={errors.confirmPassword}
          className="sm:col-span-2 sm:max-w-md"
        >
          {(control) => (
            <PasswordInput {...control} name="confirmPassword" autoComplete="new-password" />
          )}
        </FormField>
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
