import { BadgeCheckIcon, ClockIcon, ShieldCheckIcon, StethoscopeIcon } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigate, useNavigation } from "react-router";
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
import { runtimeContext } from "~/context.ts";
import { roleHome } from "~/domain/access/permissions.ts";
import { registerEmployer } from "~/domain/accounts/register-employer.server.ts";
import {
  type FieldErrors,
  parseForm,
  registerProblemToast,
  registerSchema,
} from "~/domain/accounts/schemas.ts";
import { redirectWithCookies, registeredEmailSetCookie } from "~/middleware/responses.server.ts";
import { lookupSession, requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () => [
  { title: "Register your company | ReferOH" },
  {
    name: "description",
    content:
      "Create an employer account for online occupational health assessments reviewed by GMC-registered doctors.",
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const lookup = await lookupSession(context, request);
  if (lookup.status === "active") throw redirect(roleHome[lookup.current.user.role]);
  return null;
}

type ActionData = { ok?: true; errors?: FieldErrors; formError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const form = await request.formData();
  const parsed = parseForm(registerSchema, form);
  if (parsed.errors) return data<ActionData>({ errors: parsed.errors }, { status: 400 });
  const result = await registerEmployer(runtime, {
    ...parsed.data,
    request: requestMeta(context, request),
  });
  if (result.status === "weak-password") {
    return data<ActionData>({ errors: { password: result.message } }, { status: 400 });
  }
  if (result.status === "throttled") {
    return data<ActionData>(
      { formError: "Too many registrations from your network. Please wait a while and try again." },
      { status: 429 },
    );
  }
  const cookie = registeredEmailSetCookie(
    result.email,
    new URL(runtime.config.PUBLIC_URL).protocol === "https:",
  );
  // With JavaScript the page shows its toast and moves on after 0.5 s; without, a plain redirect.
  if (form.get("_js") === "1")
    return data<ActionData>({ ok: true }, { headers: { "Set-Cookie": cookie } });
  return redirectWithCookies("/registration-confirmation", [cookie]);
}

const benefits = [
  {
    icon: StethoscopeIcon,
    title: "Clinician-led",
    text: "Every report is written and signed by a GMC-registered doctor.",
  },
  {
    icon: ClockIcon,
    title: "Fast turnaround",
    text: "Results within 24 hours for members, 48 hours pay per referral.",
  },
  {
    icon: ShieldCheckIcon,
    title: "Secure and compliant",
    text: "UK-hosted, UK GDPR compliant, with explicit employee consent.",
  },
  {
    icon: BadgeCheckIcon,
    title: "No long contracts",
    text: "Pay per assessment, or a membership you can cancel at any time.",
  },
];

const fieldOrder = [
  "companyName",
  "industry",
  "contactName",
  "email",
  "phone",
  "address",
  "password",
  "confirmPassword",
];

export default function Register({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const fetcher = useFetcher<ActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [confirming, setConfirming] = useState<Record<string, string> | null>(null);
  const serverResult = (fetcher.data ?? actionData) as ActionData | undefined;
  const errors: FieldErrors = clientErrors ?? serverResult?.errors ?? {};
  const submitting = navigation.state === "submitting" || fetcher.state !== "idle";

  useEffect(() => {
    if (!serverResult) return;
    if (serverResult.ok) {
      toast("Sign up successful", { description: "Your account has been created." });
      const timer = setTimeout(() => navigate("/registration-confirmation"), 500);
      return () => clearTimeout(timer);
    }
    if (serverResult.errors) {
      setClientErrors(null);
      toast.error("Could not create account", {
        description: Object.values(serverResult.errors)[0],
      });
    } else if (serverResult.formError) {
      toast.error("Could not create account", { description: serverResult.formError });
    }
  }, [serverResult, navigate]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript: check here, then ask for confirmation before anything is sent.
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const parsed = parseForm(registerSchema, formData);
    if (parsed.errors) {
      setClientErrors(parsed.errors);
      const problem = registerProblemToast(parsed.errors);
      toast.error(problem.title, { description: problem.description });
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
    if (!formRef.current) return;
    const formData = new FormData(formRef.current);
    formData.set("_js", "1");
    fetcher.submit(formData, { method: "post" });
    setConfirming(null);
  }

  const summary = fieldOrder.filter((f) => errors[f]).map((f) => ({ id: f, message: errors[f]! }));

  return (
    <div className="px-4 py-10 sm:py-16">
      <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-[2fr_3fr]">
        <aside className="rounded-xl bg-primary p-8 text-primary-foreground">
          <h2 className="font-semibold text-2xl">Occupational health, made simple</h2>
          <p className="mt-3 text-primary-foreground/90">
            Register your company to refer candidates and employees for assessments reviewed by
            occupational health doctors.
          </p>
          <ul className="mt-8 grid gap-6">
            {benefits.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/15">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold">{title}</span>
                  <span className="text-primary-foreground/90 text-sm">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </aside>

        <section className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
          <h1 className="font-semibold text-2xl tracking-tight">Register your company</h1>
          <p className="mt-2 text-muted-foreground">
            Already registered?{" "}
            <Link to="/login" className="font-medium text-primary underline underline-offset-4">
              Sign in
            </Link>
          </p>

          <ErrorSummary errors={summary} className="mt-6" />
          {serverResult?.formError ? (
            <p role="alert" className="mt-6 font-semibold text-destructive">
              {serverResult.formError}
            </p>
          ) : null}

          <Form
            ref={formRef}
            method="post"
            noValidate
            onSubmit={onSubmit}
            className="mt-6 grid gap-5 sm:grid-cols-2"
          >
            <FormField
              id="companyName"
              label="Company name"
              error={errors.companyName}
              className="sm:col-span-2"
            >
              <Input name="companyName" autoComplete="organization" />
            </FormField>
            <FormField id="industry" label="Industry" optional error={errors.industry}>
              <Input name="industry" />
            </FormField>
            <FormField id="contactName" label="Contact name" error={errors.contactName}>
              <Input name="contactName" autoComplete="name" />
            </FormField>
            <FormField id="email" label="Email" error={errors.email}>
              <Input name="email" type="email" autoComplete="email" />
            </FormField>
            <FormField id="phone" label="Phone" optional error={errors.phone}>
              <Input name="phone" type="tel" autoComplete="tel" />
            </FormField>
            <FormField
              id="address"
              label="Address"
              optional
              error={errors.address}
              className="sm:col-span-2"
            >
              <Textarea name="address" rows={3} autoComplete="street-address" />
            </FormField>
            <FormField
              id="password"
              label="Password"
              hint="At least 8 characters"
              error={errors.password}
              className="sm:col-span-2 sm:max-w-md"
            >
              {(control) => (
                <PasswordInput {...control} name="password" autoComplete="new-password" />
              )}
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
        </section>
      </div>

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
    </div>
  );
}
