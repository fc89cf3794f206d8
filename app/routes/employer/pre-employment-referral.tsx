import { data, Form, Link, useNavigation } from "react-router";
import { CheckboxField } from "~/components/checkbox-field.tsx";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormField, FormFieldset } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { runtimeContext } from "~/context.ts";
import { services } from "~/domain/billing/catalogue.ts";
import { membershipStanding } from "~/domain/billing/membership.server.ts";
import { describeReferralCost, referralCost } from "~/domain/billing/referral-cost.ts";
import { createPreEmploymentReferral } from "~/domain/referrals/create-pre-employment-referral.server.ts";
import { jobRoles, preEmploymentReferralSchema } from "~/domain/referrals/referral-input.ts";
import { fieldErrors } from "~/lib/form-errors.ts";
import { normalisePhone } from "~/lib/phone.ts";
import { REFERRAL_PHONE_HINT } from "~/lib/phone-hint.ts";
import {
  employerActor,
  organisationStanding,
  requestOrigin,
} from "~/middleware/employer.server.ts";
import type { Route } from "./+types/pre-employment-referral";
import { continueAfterPlacement } from "./referral-placement.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "New pre-employment assessment | ReferOH" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const standing = await organisationStanding(context);
  const credits = standing.credits;
  // Before submitting, the employer sees what will be spent and where it comes from.
  const costText = describeReferralCost(
    referralCost("pre_employment", { credits, standing: membershipStanding(standing.membership) }),
  );
  return {
    credits,
    costText,
    creditCost: services.pre_employment.creditCost,
    today: new Date().toISOString().slice(0, 10),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const actor = employerActor(context);
  const form = Object.fromEntries(await request.formData());
  const parsed = preEmploymentReferralSchema().safeParse(form);
  const phone = normalisePhone(String(form.candidatePhone ?? ""));
  if (!parsed.success || !phone.ok)
    return data(
      {
        errors: {
          ...(parsed.success ? {} : fieldErrors(parsed.error)),
          ...(phone.ok ? {} : { candidatePhone: phone.message }),
        } as Record<string, string>,
        values: form as Record<string, string>,
      },
      { status: 400 },
    );
  const { referral, placement } = await createPreEmploymentReferral(runtime.database.db, {
    actor,
    input: parsed.data,
    subjectPhone: phone.e164,
    origin: requestOrigin(context),
    provider: runtime.payments.id,
  });
  return continueAfterPlacement(context, { referralId: referral.id, placement });
}

const riskFlags = [
  { name: "drivingRequired", label: "Driving is part of the role" },
  { name: "nightShifts", label: "Night shifts" },
  { name: "loneWorking", label: "Lone working" },
  { name: "safetyCritical", label: "Safety-critical duties" },
] as const;

export default function PreEmploymentReferral({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const submitting = useNavigation().state === "submitting";
  const paidByCredit = loaderData.credits >= loaderData.creditCost;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to="/employer-dashboard"
        className="text-primary text-sm underline-offset-4 hover:underline"
      >
        Back to Dashboard
      </Link>
      <h1 className="mt-3 font-semibold text-3xl tracking-tight">New Pre-Employment Assessment</h1>
      <p className="mt-2 text-muted-foreground">
        The candidate receives an e-mail with a link to a health questionnaire for the role. A
        GMC-registered doctor reviews it and you receive a fitness-for-work certificate, with no
        clinical detail.
      </p>
      <p
        className="mt-3 rounded-lg bg-accent p-3 text-accent-foreground text-sm"
        data-testid="referral-cost"
      >
        {loaderData.costText}
      </p>
      {Object.keys(errors).length > 0 ? <ErrorSummary errors={errors} className="mt-6" /> : null}
      <Form method="post" noValidate className="mt-6 space-y-6 rounded-xl border bg-card p-6">
        <FormField id="candidateName" label="Candidate name" error={errors.candidateName}>
          <Input
            name="candidateName"
            autoComplete="off"
            defaultValue={values.candidateName}
            maxLength={200}
          />
        </FormField>
        <FormField
          id="candidateEmail"
          label="Candidate email address"
          hint="The invitation goes to this address."
          error={errors.candidateEmail}
        >
          <Input
            name="candidateEmail"
            type="email"
            autoComplete="off"
            defaultValue={values.candidateEmail}
          />
        </FormField>
        <FormField
          id="candidatePhone"
          label="Candidate mobile number"
          optional
          hint={REFERRAL_PHONE_HINT}
          error={errors.candidatePhone}
        >
          <Input
            name="candidatePhone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            maxLength={30}
            defaultValue={values.candidatePhone}
            className="max-w-xs"
          />
        </FormField>
        <FormField id="jobRole" label="Job role" error={errors.jobRole}>
          <NativeSelect name="jobRole" defaultValue={values.jobRole ?? ""}>
            {/* Not `disabled`: browsers grey a selected disabled option below contrast (axe). */}
            <NativeSelectOption value="">Select a job role</NativeSelectOption>
            {jobRoles.map((role) => (
              <NativeSelectOption key={role} value={role}>
                {role}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        </FormField>
        <FormFieldset
          id="riskFlags"
          legend="Role requirements"
          hint="Tick any that apply. They decide which health questions the candidate is asked."
        >
          <div className="space-y-3">
            {riskFlags.map((flag) => (
              <CheckboxField
                key={flag.name}
                id={flag.name}
                name={flag.name}
                label={flag.label}
                defaultChecked={values[flag.name] === "on"}
              />
            ))}
          </div>
        </FormFieldset>
        <FormField
          id="conditionalOfferDate"
          label="Date of the conditional job offer"
          hint="Under the Equality Act 2010 (section 60), health questions may only be asked after a job offer has been made, conditional on them."
          error={errors.conditionalOfferDate}
        >
          <Input
            name="conditionalOfferDate"
            type="date"
            max={loaderData.today}
            defaultValue={values.conditionalOfferDate}
            className="sm:w-56"
          />
        </FormField>
        <FormField
          id="additionalNotes"
          label="Additional notes"
          optional
          hint="Anything about the role the doctor should know. Do not include health information."
          error={errors.additionalNotes}
        >
          <Textarea
            name="additionalNotes"
            rows={4}
            maxLength={2000}
            defaultValue={values.additionalNotes}
          />
        </FormField>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={submitting}>
            {submitting
              ? "Submitting..."
              : paidByCredit
                ? "Send invitation"
                : "Continue to payment"}
          </Button>
          <Button asChild variant="ghost">
            <Link to="/employer-dashboard">Cancel</Link>
          </Button>
        </div>
      </Form>
    </div>
  );
}
