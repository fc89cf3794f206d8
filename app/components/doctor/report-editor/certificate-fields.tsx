import { AdjustmentRows } from "~/components/doctor/adjustment-rows.tsx";
import { FieldFindings } from "~/components/doctor/field-findings.tsx";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { type DraftReport, OUTCOME_LABELS } from "~/domain/reports/drafter.ts";
import {
  DVLA_GROUP_LABELS,
  dvlaGroups,
  INTERIM_LABELS,
  interimAdvice,
  type PreEmploymentReportBody,
  preEmploymentOutcomes,
} from "~/domain/reports/report-body.ts";
import {
  type EditorAnswers,
  type EditorErrors,
  type EditorFindings,
  EvidenceRow,
  RadioFieldset,
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
}: {
  body: PreEmploymentReportBody;
  draft: DraftReport | null;
  answers: EditorAnswers;
  drivingRequired: boolean;
  errors: EditorErrors;
  findings: EditorFindings;
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
        <FormField
          id="summary"
          label="Note for the employer"
          hint="Non-clinical: no diagnosis or health detail."
          error={errors.summary}
          optional
        >
          <Textarea name="summary" rows={3} defaultValue={body.summary ?? ""} />
        </FormField>
        <FieldFindings findings={findings} field="summary" />
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
}: {
  plan: PreEmploymentReportBody["plan"];
  open: boolean;
  errors: EditorErrors;
  findings: EditorFindings;
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
        <FormField id="planWhat" label="What assessment is needed" error={errors.planWhat}>
          <Textarea name="planWhat" rows={2} defaultValue={plan?.what ?? ""} />
        </FormField>
        <FieldFindings findings={findings} field="planWhat" />
        <FormField id="planByWhom" label="By whom" error={errors.planByWhom}>
          <Input name="planByWhom" defaultValue={plan?.byWhom ?? ""} />
        </FormField>
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
        <FormField
          id="planRestrictions"
          label="Restrictions until then"
          hint="Needed when the candidate may start with restrictions, for example no night shifts or no driving."
          error={errors.planRestrictions}
          optional
        >
          <Textarea name="planRestrictions" rows={2} defaultValue={plan?.restrictions ?? ""} />
        </FormField>
        <FieldFindings findings={findings} field="planRestrictions" />
      </div>
    </details>
  );
}

/** A driving role's certificate states the DVLA group, the standard and the doctor's opinion. */
function DrivingOpinion({
  driving,
  errors,
  findings,
}: {
  driving: PreEmploymentReportBody["driving"];
  errors: EditorErrors;
  findings: EditorFindings;
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
      <FormField
        id="drivingStandard"
        label="The standard that applies"
        hint="As named in Assessing fitness to drive, in words the employer can act on."
        error={errors.drivingStandard}
      >
        <Input name="drivingStandard" defaultValue={driving?.standard ?? ""} />
      </FormField>
      <FieldFindings findings={findings} field="drivingStandard" />
      <FormField
        id="drivingOpinion"
        label="Your opinion on fitness to drive"
        error={errors.drivingOpinion}
      >
        <Textarea name="drivingOpinion" rows={2} defaultValue={driving?.opinion ?? ""} />
      </FormField>
      <FieldFindings findings={findings} field="drivingOpinion" />
    </section>
  );
}
