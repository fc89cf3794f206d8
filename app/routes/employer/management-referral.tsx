import { redirect, useNavigation } from "react-router";
import { CheckboxField } from "~/components/checkbox-field.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { errorSummary } from "~/components/forms/use-validated-form.ts";
import {
  ReferralChecklist,
  ReferralFormActions,
  ReferralFormPage,
  ReferralPersonFields,
  ReferralTextField,
} from "~/components/referrals/referral-form.tsx";
import {
  SamePersonQuestion,
  samePersonAsked,
  samePersonSummary,
} from "~/components/referrals/same-person-question.tsx";
import { Button } from "~/components/ui/button";
import { FormFieldset } from "~/components/ui/form-field";
import { runtimeContext } from "~/context.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import { type FollowUpSource, getFollowUpSource } from "~/domain/referrals/follow-up.server.ts";
import { followUpFormSchema } from "~/domain/referrals/follow-up.ts";
import { getDraftPhoneForEmployer } from "~/domain/referrals/get-draft-phone-for-employer.server.ts";
import { getReferralForEmployer } from "~/domain/referrals/get-referral.server.ts";
import {
  askedQuestions,
  questionKeys,
  questionText,
} from "~/domain/referrals/management-questions.ts";
import {
  managementDraftSchema,
  managementReferralSchema,
  referralIntentSchema,
} from "~/domain/referrals/referral-input.ts";
import { saveManagementReferral } from "~/domain/referrals/save-management-referral.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { referralErrorResponse } from "~/middleware/employer.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/management-referral";
import { parseReferralForm, referralFormCost } from "./referral-form.server.ts";
import { continueAfterPlacement } from "./referral-placement.server.ts";
import { askIfSamePerson } from "./same-person.server.ts";

export const meta: Route.MetaFunction = () => privatePageMeta("Management referral");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const scope = currentScope(context);
  const base = await referralFormCost(context, "management");
  if (!params.referralId) {
    // A follow-up of an earlier case (docs/architecture.md §4, "Follow-up referrals"): the form
    // starts from the person and the job as that case had them.
    const followUpKey = new URL(request.url).searchParams.get("followUpOf");
    if (!followUpKey) return { ...base, draft: null, followUp: null, values: undefined };
    const source = await getFollowUpSource(scope, followUpKey).catch(referralErrorResponse);
    const values = {
      employeeName: source.subjectName,
      employeeEmail: source.subjectEmail,
      jobDetails: source.jobDetails,
    };
    return { ...base, draft: null, followUp: followUpView(source), values };
  }
  const referral = await getReferralForEmployer(scope, params.referralId).catch(
    referralErrorResponse,
  );
  // Only drafts are edited here; anything else opens on its own page.
  if (referral.status !== "draft")
    throw redirect(`/employer-referrals/${encodeURIComponent(referral.reference)}`);
  // The form's starting values, as the form sends them (a ticked box is "on").
  const values = {
    employeeName: referral.subjectName,
    employeeEmail: referral.subjectEmail,
    employeePhone: (await getDraftPhoneForEmployer(scope, referral.id)) ?? "",
    referralReason: referral.reason ?? "",
    jobDetails: referral.jobDetails ?? "",
    existingAdjustments: referral.existingAdjustments ?? "",
    questions: Object.fromEntries(askedQuestions(referral.questions).map((key) => [key, "on"])),
    consentToProcessing: referral.employerConsentConfirmed ? "on" : undefined,
  };
  // A draft follow-up still names its earlier case (while this member may see it).
  const followUp = referral.followUpOf
    ? await getFollowUpSource(scope, referral.followUpOf).then(followUpView, () => null)
    : null;
  return {
    ...base,
    draft: { id: referral.id, reference: referral.reference, values },
    followUp,
    values,
  };
}

function followUpView(source: FollowUpSource) {
  return { id: source.id, reference: source.reference, reportReference: source.reportReference };
}

function isDraft(formData: FormData) {
  const sent = parseSubmission(formData, referralIntentSchema);
  return sent.status === "success" && sent.value.intent === "draft";
}

/** Saving a draft asks only that what is there is valid; submitting asks for everything. */
function schemaFor(formData: FormData) {
  return isDraft(formData) ? managementDraftSchema : managementReferralSchema;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const scope = requireEmployer(currentScope(context));
  const formData = await request.formData();
  // The address may name the draft by its reference; saving works on its id.
  const referralId = params.referralId
    ? (await getReferralForEmployer(scope, params.referralId).catch(referralErrorResponse)).id
    : undefined;
  const followUp = parseSubmission(formData, followUpFormSchema);
  const common = {
    referralId,
    provider: runtime.payments.id,
    followUpOf: followUp.status === "success" ? followUp.value.followUpOf : undefined,
  };
  try {
    if (isDraft(formData)) {
      const parsed = parseReferralForm(formData, managementDraftSchema, "employeePhone");
      if (!parsed.ok) return parsed.response;
      const asked = await askIfSamePerson(
        scope,
        formData,
        samePersonTyped(parsed.input, referralId),
      );
      if (asked) return asked;
      await saveManagementReferral(scope, {
        ...common,
        intent: "draft",
        input: parsed.input,
        subjectPhone: parsed.subjectPhone,
      });
      return redirect("/employer-referrals?status=draft&notice=referral-draft-saved");
    }
    const parsed = parseReferralForm(formData, managementReferralSchema, "employeePhone");
    if (!parsed.ok) return parsed.response;
    const asked = await askIfSamePerson(scope, formData, samePersonTyped(parsed.input, referralId));
    if (asked) return asked;
    const { referral, placement } = await saveManagementReferral(scope, {
      ...common,
      intent: "submit",
      input: parsed.input,
      subjectPhone: parsed.subjectPhone,
    });
    return continueAfterPlacement(context, {
      referralId: referral.id,
      placement: placement!,
    });
  } catch (error) {
    // No longer a draft (sent from another tab): its drawer shows where it now stands.
    if (isDomainError(error, "invalid_state"))
      return redirect(`/employer-referrals?viewReferral=${referralId ?? ""}`);
    return referralErrorResponse(error);
  }
}

/** What the same-person question compares (docs/architecture.md §4, "The person's history"). */
function samePersonTyped(
  input: { employeeEmail?: string; employeeName?: string },
  referralId: string | undefined,
) {
  return { email: input.employeeEmail ?? "", name: input.employeeName ?? "", referralId };
}

/** The controls in page order, for the error summary's links. */
const controlIds = {
  employeeName: "employeeName",
  employeeEmail: "employeeEmail",
  employeePhone: "employeePhone",
  referralReason: "referralReason",
  jobDetails: "jobDetails",
  existingAdjustments: "existingAdjustments",
  consentToProcessing: "consentToProcessing",
};

/**
 * The reason's question: why the employee is referred, for a first referral; what has changed
 * since the last report, for a follow-up. The employee reads the answer either way.
 */
const reasonQuestion = {
  first: {
    label: "Reason for referral",
    hint: "What has happened at work, and what you need advice about. The employee will see this.",
  },
  followUp: {
    label: "What has changed since the last report?",
    hint: "What has happened at work since the report, and what you need advice about now. The employee will see this.",
  },
};

export default function ManagementReferral({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm({
    id: "management-referral",
    schema: managementReferralSchema,
    schemaFor,
    lastResult: actionData?.result,
    defaultValue: loaderData.values,
  });
  const { followUp } = loaderData;
  const questions = fields.questions.getFieldset();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const intent = navigation.formData?.get("intent");
  const paidByCredit = loaderData.credits >= loaderData.creditCost;
  const samePerson = samePersonAsked(actionData);
  return (
    <ReferralFormPage
      title={
        loaderData.draft
          ? `Management Referral ${loaderData.draft.reference}`
          : followUp
            ? "Follow-up Management Referral"
            : "New Management Referral"
      }
      intro="The employee receives an e-mail with a link to an online health assessment. An occupational health doctor writes a report answering your questions; the employee reads it before you receive it."
      costText={loaderData.costText}
      errors={[...errorSummary(fields, controlIds), ...samePersonSummary(samePerson)]}
      form={form}
    >
      {followUp ? <FollowUpOf followUp={followUp} /> : null}
      <ReferralPersonFields prefix="employee" who="Employee" fields={fields} />
      <SamePersonQuestion question={samePerson} />
      <ReferralTextField
        field={fields.referralReason}
        {...(followUp ? reasonQuestion.followUp : reasonQuestion.first)}
        rows={5}
      />
      <ReferralTextField
        field={fields.jobDetails}
        label="Job details"
        hint="Job title, main duties, hours and working pattern. The report prints these as the job it advises on."
        rows={4}
      />
      <ReferralTextField
        field={fields.existingAdjustments}
        label="Existing adjustments"
        optional
        rows={3}
      />
      <ReferralChecklist
        id="questions"
        legend="Assessment questions"
        hint="Choose the questions you want the doctor to answer."
        options={questionKeys.map((key) => ({
          name: `questions.${key}`,
          label: questionText(key),
          checked: questions[key].initialValue === "on",
        }))}
      />
      <FormFieldset
        id="consent"
        legend="Employee consent"
        error={fields.consentToProcessing.errors}
      >
        <CheckboxField
          id="consentToProcessing"
          name="consentToProcessing"
          invalid={Boolean(fields.consentToProcessing.errors)}
          defaultChecked={fields.consentToProcessing.initialValue === "on"}
          label="I confirm the employee has been told about this referral and has agreed to it, and I consent to the processing of their health data for it."
        />
      </FormFieldset>
      <ReferralFormActions>
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
      </ReferralFormActions>
    </ReferralFormPage>
  );
}

/**
 * The earlier case this referral follows up, read-only: the form posts only its id, which the
 * server checks again through the employer's visibility.
 */
function FollowUpOf({
  followUp,
}: {
  followUp: { id: string; reference: string; reportReference: string | null };
}) {
  return (
    <section
      aria-labelledby="follow-up-heading"
      className="grid gap-1 rounded-lg border border-border bg-surface p-4"
      data-follow-up-of={followUp.reference}
    >
      <input type="hidden" name="followUpOf" value={followUp.id} />
      <h2 id="follow-up-heading" className="font-semibold text-lg">
        Follow-up of {followUp.reference}
      </h2>
      <p className="text-muted-foreground text-sm">
        {followUp.reportReference ? `Previous report: ${followUp.reportReference}. ` : null}
        The employee is asked again for consent, and separately whether the doctor may see their
        earlier reports and answers. You never see their answers.
      </p>
    </section>
  );
}
