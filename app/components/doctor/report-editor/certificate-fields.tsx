import { AdjustmentRows } from "~/components/doctor/adjustment-rows.tsx";
import { FieldFindings } from "~/components/doctor/field-findings.tsx";
import { RadioFieldset } from "~/components/forms/radio-choices.tsx";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { OUTCOME_LABELS } from "~/domain/reports/drafter.ts";
import {
  DVLA_GROUP_LABELS,
  dvlaGroups,
  INTERIM_LABELS,
  interimAdvice,
  type PreEmploymentReportBody,
  preEmploymentOutcomes,
} from "~/domain/reports/report-body.ts";
import {
  CheckedTextField,
  type EditorChecks,
  type EditorFieldsProps,
  EvidenceRow,
  TERMS_HINT,
} from "./editor-controls.tsx";

/** A pre-employment certificate's fields: the outcome and recommendations, no clinical detail. */
export function CertificateFields({
  body,
  draft,
  answers,
  drivingRequired,
  errors,
  findings,
}: EditorFieldsProps & {
  body: PreEmploymentReportBody;
  drivingRequired: boolean;
}) {
  return (
    <>
      <EvidenceRow statements={draft?.outcome?.statements} answers={answers}>
        <RadioFieldset
          name="outcome"
          legend="Outcome certificate"
          hint="The employer receives the outcome and recommendations only: no clinical detail."
          error={errors.outcome}
          values={preEmploymentOutcomes}
          checked={body.outcome}
          label={(value) => OUTCOME_LABELS[value]}
        />
      </EvidenceRow>
      <EvidenceRow statements={draft?.adjustments?.statements} answers={answers}>
        <AdjustmentRows
          list="recommendations"
          legend="Recommendations"
          itemLabel="Recommendation"
          hint={`In words an employer can act on. ${TERMS_HINT}`}
          items={body.recommendations}
          errors={errors}
        />
        <FieldFindings findings={findings} field="recommendations" />
      </EvidenceRow>
      <FurtherAssessmentPlan
        plan={body.plan}
        open={body.outcome === "further-assessment-needed"}
        errors={errors}
        findings={findings}
      />
      {drivingRequired ? (
        <DrivingOpinion driving={body.driving} errors={errors} findings={findings} />
      ) : null}
      <EvidenceRow
        statements={[...(draft?.prominentNotes ?? []), ...(draft?.summary ?? [])]}
        answers={answers}
      >
        <CheckedTextField
          name="summary"
          label="Note for the employer"
          hint="Non-clinical: no diagnosis or health detail."
          optional
          rows={3}
          value={body.summary}
          errors={errors}
          findings={findings}
        />
      </EvidenceRow>
    </>
  );
}

/**
 * A certificate of "further assessment needed" is signed only with its plan
 * (docs/decisions/0017-actionable-reports.md): what, by whom, by when, and whether the candidate
 * may start meanwhile. Folded away for other outcomes; open when it is needed or refused.
 */
function FurtherAssessmentPlan({
  plan,
  open,
  errors,
  findings,
}: EditorChecks & {
  plan: PreEmploymentReportBody["plan"];
  open: boolean;
}) {
  const refused = [
    "planWhat",
    "planByWhom",
    "planExpectedBy",
    "planInterim",
    "planRestrictions",
  ].some((id) => errors[id]);
  return (
    <details className="rounded-lg border p-4" open={open || refused}>
      <summary className="cursor-pointer font-medium">
        Further assessment plan (needed when further assessment is needed)
      </summary>
      <div className="mt-4 grid gap-4">
        <CheckedTextField
          name="planWhat"
          label="What assessment is needed"
          rows={2}
          value={plan?.what}
          errors={errors}
          findings={findings}
        />
        <CheckedTextField
          name="planByWhom"
          label="By whom"
          value={plan?.byWhom}
          errors={errors}
          findings={findings}
        />
        <FormField
          id="planExpectedBy"
          label="Expected by"
          error={errors.planExpectedBy}
          className="max-w-xs"
        >
          <Input name="planExpectedBy" type="date" defaultValue={plan?.expectedBy ?? ""} />
        </FormField>
        <RadioFieldset
          name="planInterim"
          legend="In the meantime"
          error={errors.planInterim}
          values={interimAdvice}
          checked={plan?.interim}
          label={(value) => INTERIM_LABELS[value]}
        />
        <CheckedTextField
          name="planRestrictions"
          label="Restrictions until then"
          hint="Needed when the candidate may start with restrictions, for example no night shifts or no driving."
          optional
          rows={2}
          value={plan?.restrictions}
          errors={errors}
          findings={findings}
        />
      </div>
    </details>
  );
}

/** A driving role's certificate states the DVLA group, the standard and the doctor's opinion. */
function DrivingOpinion({
  driving,
  errors,
  findings,
}: EditorChecks & {
  driving: PreEmploymentReportBody["driving"];
}) {
  return (
    <section className="grid gap-4 rounded-lg border p-4" aria-labelledby="driving-heading">
      <h2 id="driving-heading" className="font-medium">
        Driving: the DVLA standard
      </h2>
      <RadioFieldset
        name="drivingGroup"
        legend="DVLA group considered"
        error={errors.drivingGroup}
        values={dvlaGroups}
        checked={driving?.group}
        label={(value) => DVLA_GROUP_LABELS[value]}
      />
      <CheckedTextField
        name="drivingStandard"
        label="The standard that applies"
        hint="As named in Assessing fitness to drive, in words the employer can act on."
        value={driving?.standard}
        errors={errors}
        findings={findings}
      />
      <CheckedTextField
        name="drivingOpinion"
        label="Your opinion on fitness to drive"
        rows={2}
        value={driving?.opinion}
        errors={errors}
        findings={findings}
      />
    </section>
  );
}
