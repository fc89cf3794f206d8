import { useNavigation } from "react-router";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { errorSummary } from "~/components/forms/use-validated-form.ts";
import {
  ReferralChecklist,
  ReferralFormActions,
  ReferralFormPage,
  ReferralPersonFields,
  ReferralTextField,
  stringValue,
} from "~/components/referrals/referral-form.tsx";
import {
  SamePersonQuestion,
  samePersonAsked,
  samePersonSummary,
} from "~/components/referrals/same-person-question.tsx";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import {
  NativeSelect,
  NativeSelectOption,
  NativeSelectOptions,
} from "~/components/ui/native-select";
import { runtimeContext } from "~/context.ts";
import { createPreEmploymentReferral } from "~/domain/referrals/create-pre-employment-referral.server.ts";
import { jobRoles, preEmploymentReferralSchema } from "~/domain/referrals/referral-input.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/pre-employment-referral";
import { parseReferralForm, referralFormCost } from "./referral-form.server.ts";
import { continueAfterPlacement } from "./referral-placement.server.ts";
import { askIfSamePerson } from "./same-person.server.ts";

export const meta: Route.MetaFunction = () => privatePageMeta("New pre-employment assessment");

export async function loader({ context }: Route.LoaderArgs) {
  return {
    ...(await referralFormCost(context, "pre_employment")),
    today: new Date().toISOString().slice(0, 10),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  const scope = currentScope(context);
  const formData = await request.formData();
  const parsed = parseReferralForm(formData, preEmploymentReferralSchema(), "candidatePhone");
  if (!parsed.ok) return parsed.response;
  const asked = await askIfSamePerson(scope, formData, {
    email: parsed.input.candidateEmail,
    name: parsed.input.candidateName,
  });
  if (asked) return asked;
  const { referral, placement } = await createPreEmploymentReferral(scope, {
    input: parsed.input,
    subjectPhone: parsed.subjectPhone,
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

/** The controls in page order, for the error summary's links. */
const controlIds = {
  candidateName: "candidateName",
  candidateEmail: "candidateEmail",
  candidatePhone: "candidatePhone",
  jobRole: "jobRole",
  conditionalOfferDate: "conditionalOfferDate",
  additionalNotes: "additionalNotes",
};

export default function PreEmploymentReferral({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm({
    id: "pre-employment-referral",
    schema: preEmploymentReferralSchema(loaderData.today),
    lastResult: actionData?.result,
  });
  const submitting = useNavigation().state === "submitting";
  const paidByCredit = loaderData.credits >= loaderData.creditCost;
  const samePerson = samePersonAsked(actionData);
  return (
    <ReferralFormPage
      title="New Pre-Employment Assessment"
      intro="The candidate receives an e-mail with a link to a health questionnaire for the role. A GMC-registered doctor reviews it and you receive a fitness-for-work certificate, with no clinical detail."
      costText={loaderData.costText}
      errors={[...errorSummary(fields, controlIds), ...samePersonSummary(samePerson)]}
      form={form}
    >
      <ReferralPersonFields prefix="candidate" who="Candidate" fields={fields} />
      <SamePersonQuestion question={samePerson} />
      <FormField id="jobRole" label="Job role" error={fields.jobRole.errors}>
        <NativeSelect name="jobRole" defaultValue={stringValue(fields.jobRole.initialValue) ?? ""}>
          {/* Not `disabled`: browsers grey a selected disabled option below contrast (axe). */}
          <NativeSelectOption value="">Select a job role</NativeSelectOption>
          <NativeSelectOptions values={jobRoles} label={(role) => role} />
        </NativeSelect>
      </FormField>
      <ReferralChecklist
        id="riskFlags"
        legend="Role requirements"
        hint="Tick any that apply. They decide which health questions the candidate is asked."
        options={riskFlags.map((flag) => ({
          ...flag,
          checked: fields[flag.name].initialValue === "on",
        }))}
      />
      <FormField
        id="conditionalOfferDate"
        label="Date of the conditional job offer"
        hint="Under the Equality Act 2010 (section 60), health questions may only be asked after a job offer has been made, conditional on them."
        error={fields.conditionalOfferDate.errors}
      >
        <Input
          name="conditionalOfferDate"
          type="date"
          max={loaderData.today}
          defaultValue={stringValue(fields.conditionalOfferDate.initialValue)}
          className="sm:w-56"
        />
      </FormField>
      <ReferralTextField
        field={fields.additionalNotes}
        label="Additional notes"
        optional
        hint="Anything about the role the doctor should know. Do not include health information."
        rows={4}
        maxLength={2000}
      />
      <ReferralFormActions>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Submitting..." : paidByCredit ? "Send invitation" : "Continue to payment"}
        </Button>
      </ReferralFormActions>
    </ReferralFormPage>
  );
}
