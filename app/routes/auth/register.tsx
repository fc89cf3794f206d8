import { BadgeCheckIcon, ClockIcon, ShieldCheckIcon, StethoscopeIcon } from "lucide-react";
import { Link, redirect } from "react-router";
import {
  RegistrationForm,
  type RegistrationResult,
} from "~/components/account/registration-form.tsx";
import { roleHome } from "~/domain/access/permissions.ts";
import { lookupSession } from "~/middleware/session.server.ts";
import type { Route } from "./+types/register";
import { registrationAction } from "./registration.server.ts";

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

export async function action({ request, context }: Route.ActionArgs) {
  return registrationAction(context, request, await request.formData());
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

export default function Register({ actionData }: Route.ComponentProps) {
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
          <p className="mt-2 mb-6 text-muted-foreground">
            Already registered?{" "}
            <Link to="/login" className="font-medium text-primary underline underline-offset-4">
              Sign in
            </Link>
          </p>
          <RegistrationForm
            action="/register"
            result={actionData as RegistrationResult | undefined}
          />
        </section>
      </div>
    </div>
  );
}
