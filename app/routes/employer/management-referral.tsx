import { data, Form, Link, redirect, useNavigation } from "react-router";
import { CheckboxField } from "~/components/checkbox-field.tsx";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormField, FormFieldset } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { runtimeContext } from "~/context.ts";
import { services } from "~/domain/billing/catalogue.ts";
import { membershipStanding } from "~/domain/billing/membership.server.ts";
import { describeReferralCost, referralCost } from "~/domain/billing/referral-cost.ts";
import { ReferralError } from "~/domain/referrals/actor.ts";
import {
  getDraftPhoneForEmployer,
  getReferralForEmployer,
} from "~/domain/referrals/get-referral.server.ts";
import {
  managementDraftSchema,
  managementReferralSchema,
  nestQuestionFields,
  referralQuestionKeys,
  referralQuestionText,
} from "~/domain/referrals/referral-input.ts";
import { saveManagementReferral } from "~/domain/referrals/save-management-referral.server.ts";
import { fieldErrors } from "~/lib/form-errors.ts";
import { normalisePhone } from "~/lib/phone.ts";
import { REFERRAL_PHONE_HINT } from "~/lib/phone-hint.ts";
import {
  employerActor,
  organisationStanding,
  referralErrorResponse,
  requestOrigin,
} from "~/middleware/employer.server.ts";
import type { Route } from "./+types/management-referral";
import { continueAfterPlacement } from "./referral-placement.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Management referral | ReferOH" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const actor = employerActor(context);
  const standing = await organisationStanding(context);
  const credits = standing.credits;
  // Before submitting, the employer sees what will be spent and where it comes from.
  const costText = describeReferralCost(
    referralCost("management", { credits, standing: membershipStanding(standing.membership) }),
  );
  const base = { credits, costText, creditCost: services.management.creditCost };
  if (!params.referralId) return { ...base, draft: null };
  const referral = await getReferralForEmployer(runtime.database.db, {
    actor,
    referralId: params.referralId,
  }).catch(referralErrorResponse);
  // Only drafts are edited here; anything else opens in the referral drawer.
  if (referral.status !== "draft")
    throw redirect(`/employer-referrals?viewReferral=${encodeURIComponent(referral.reference)}`);
  const values: Record<string, string> = {
    employeeName: referral.subjectName,
    employeeEmail: referral.subjectEmail,
    employeePhone:
      (await getDraftPhoneForEmployer(runtime.database.db, { actor, referralId: referral.id })) ??
      "",
    referralReason: referral.reason ?? "",
    jobDetails: referral.jobDetails ?? "",
    existingAdjustments: referral.existingAdjustments ?? "",
  };
  for (const key of referralQuestionKeys)
    if (referral.questions?.[key]) values[`questions.${key}`] = "on";
  if (referral.employerConsentConfirmed) values.consentToProcessing = "on";
  return { ...base, draft: { id: referral.id, reference: referral.reference, values } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const actor = employerActor(context);
  const form = Object.fromEntries(await request.formData()) as Record<string, string>;
  const intent = form.intent === "draft" ? "draft" : "submit";
  const nested = nestQuestionFields(form);
  // The address may name the draft by its reference; saving works on its id.
  const referralId = params.referralId
    ? (
        await getReferralForEmployer(runtime.database.db, {
          actor,
          referralId: params.referralId,
        }).catch(referralErrorResponse)
      ).id
    : undefined;
  const common = {
    actor,
    referralId,
    origin: requestOrigin(context),
    provider: runtime.payments.id,
  };
  // Checked on the server only, so the form's page ships no phone-number metadata.
  const phone = normalisePhone(form.employeePhone ?? "");
  const phoneErrors: Record<string, string> = phone.ok ? {} : { employeePhone: phone.message };
  const subjectPhone = phone.ok ? phone.e164 : null;
  try {
    if (intent === "draft") {
      const parsed = managementDraftSchema.safeParse(nested);
      if (!parsed.success || !phone.ok)
        return data(
          {
            errors: { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...phoneErrors },
            values: form,
          },
          { status: 400 },
        );
      await saveManagementReferral(runtime.database.db, {
        ...common,
        intent,
        input: parsed.data,
        subjectPhone,
      });
      return redirect("/employer-referrals?status=draft&notice=referral-draft-saved");
    }
    const parsed = managementReferralSchema.safeParse(nested);
    if (!parsed.success || !phone.ok)
      return data(
        {
          errors: { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...phoneErrors },
          values: form,
        },
        { status: 400 },
      );
    const { referral, placement } = await saveManagementReferral(runtime.database.db, {
      ...common,
      intent,
      input: parsed.data,
      subjectPhone,
    });
    return continueAfterPlacement(context, {
      referralId: referral.id,
      placement: placement!,
    });
  } catch (error) {
    if (error instanceof ReferralError && error.code === "invalid_state")
      return redirect(`/employer-referrals?viewReferral=${referralId ?? ""}`);
    return referralErrorResponse(error);
  }
}

export default function ManagementReferral({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? loaderData.draft?.values ?? {};
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const intent = navigation.formData?.get("intent");
  const paidByCredit = loaderData.credits >= loaderData.creditCost;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to="/employer-dashboard"
        className="text-primary text-sm underline-offset-4 hover:underline"
      >
        Back to Dashboard
      </Link>
      <h1 className="mt-3 font-semibold text-3xl tracking-tight">
        {loaderData.draft
          ? `Management Referral ${loaderData.draft.reference}`
          : "New Management Referral"}
      </h1>
      <p className="mt-2 text-muted-foreground">
        The employee receives an e-mail with a link to an online health assessment. An occupational
        health doctor writes a report answering your questions; the employee reads it before you
        receive it.
      </p>
      <p
        className="mt-3 rounded-lg bg-accent p-3 text-accent-foreground text-sm"
        data-testid="referral-cost"
      >
        {loaderData.costText}
      </p>
      {Object.keys(errors).length > 0 ? <ErrorSummary errors={errors} className="mt-6" /> : null}
      <Form method="post" noValidate className="mt-6 space-y-6 rounded-xl border bg-card p-6">
        <FormField id="employeeName" label="Employee name" error={errors.employeeName}>
          <Input
            name="employeeName"
            autoComplete="off"
            defaultValue={values.employeeName}
            maxLength={200}
          />
        </FormField>
        <FormField
          id="employeeEmail"
          label="Employee email address"
          hint="The invitation goes to this address."
          error={errors.employeeEmail}
        >
          <Input
            name="employeeEmail"
            type="email"
            autoComplete="off"
            defaultValue={values.employeeEmail}
          />
        </FormField>
        <FormField
          id="employeePhone"
          label="Employee mobile number"
          optional
          hint={REFERRAL_PHONE_HINT}
          error={errors.employeePhone}
        >
          <Input
            name="employeePhone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            maxLength={30}
            defaultValue={values.employeePhone}
            className="max-w-xs"
          />
        </FormField>
        <FormField
          id="referralReason"
          label="Reason for referral"
          hint="What has happened at work, and what you need advice about. The employee will see this."
          error={errors.referralReason}
        >
          <Textarea
            name="referralReason"
            rows={5}
            maxLength={5000}
            defaultValue={values.referralReason}
          />
        </FormField>
        <FormField
          id="jobDetails"
          label="Job details"
          hint="Job title, main duties, hours and working pattern."
          error={errors.jobDetails}
        >
          <Textarea name="jobDetails" rows={4} maxLength={5000} defaultValue={values.jobDetails} />
        </FormField>
        <FormField
          id="existingAdjustments"
          label="Existing adjustments"
          optional
          error={errors.existingAdjustments}
        >
          <Textarea
            name="existingAdjustments"
            rows={3}
            maxLength={5000}
            defaultValue={values.existingAdjustments}
          />
        </FormField>
        <FormFieldset
          id="questions"
          legend="Assessment questions"
          hint="Choose the questions you want the doctor to answer."
        >
          <div className="space-y-3">
            {referralQuestionKeys.map((key) => (
              <CheckboxField
                key={key}
                id={`questions.${key}`}
                name={`questions.${key}`}
                label={referralQuestionText[key]}
                defaultChecked={values[`questions.${key}`] === "on"}
              />
            ))}
          </div>
        </FormFieldset>
        <FormFieldset id="consent" legend="Employee consent" error={errors.consentToProcessing}>
          <CheckboxField
            id="consentToProcessing"
            name="consentToProcessing"
            invalid={Boolean(errors.consentToProcessing)}
            defaultChecked={values.consentToProcessing === "on"}
            label="I confirm the employee has been told about this referral and has agreed to it, and I consent to the processing of their health data for it."
          />
        </FormFieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="submit" disabled={submitting}>
            {submitting && intent === "submit"
              ? "Submitting..."
              : paidByCredit
                ? "Submit referral"
                : "Submit and pay"}
          </Button>
          <Button type="submit" name="intent" value="draft" variant="outline" disabled={submitting}>
            {submitting && intent === "draft" ? "Saving..." : "Save as draft"}
          </Button>
          <Button asChild variant="ghost">
            <Link to="/employer-dashboard">Cancel</Link>
          </Button>
        </div>
      </Form>
    </div>
  );
}
