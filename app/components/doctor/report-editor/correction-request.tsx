import type { SubmissionResult } from "@conform-to/react";
import { IntentForm } from "~/components/forms/intent-form.tsx";
import { TextAreaField } from "~/components/forms/text-field.tsx";
import { useSentForm } from "~/components/forms/use-sent-form.ts";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormField } from "~/components/ui/form-field";
import { OneTimeCodeInput } from "~/components/ui/one-time-code-input.tsx";
import type { getDoctorCase } from "~/domain/doctor/get-doctor-case.server.ts";
import { reportEditorForms } from "~/domain/doctor/report-editor-forms.ts";
import { disclosureFieldLabel } from "~/domain/reports/disclosure/disclosure-item.ts";
import { DECLINE_REASON_MAX } from "~/domain/reports/subject-copy.ts";
import { formatDateTime } from "~/lib/dates.ts";

type Correction = NonNullable<Awaited<ReturnType<typeof getDoctorCase>>["correction"]>;

/**
 * What the person asked to have removed from the version they read. A removal cannot be declined
 * (docs/decisions/0016-disclosure-gate.md): the doctor removes it and signs again.
 */
export function RemovalRequest({
  items,
}: {
  items: readonly { id: string; text: string; field: string }[];
}) {
  if (items.length === 0) return null;
  return (
    <Alert variant="destructive" className="mt-6" data-testid="removal-request">
      <AlertTitle>The employee asked for information to be removed</AlertTitle>
      <AlertDescription>
        <ul className="mt-1 list-disc pl-5">
          {items.map((item) => (
            <li key={item.id}>
              “{item.text}”, in {disclosureFieldLabel(item.field)}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs">
          A removal request cannot be declined: the employee has not agreed to their employer being
          told this. Remove it from the report, then sign the new version. To explain why the report
          needs it, ask the employee below; it still cannot be released without their agreement.
        </p>
      </AlertDescription>
    </Alert>
  );
}

/** The person's factual correction, and what accepting it does. */
export function CorrectionRequest({
  correction,
  version,
}: {
  correction: Correction | null;
  /** The version saving starts. */
  version: number;
}) {
  if (!correction?.subjectComment) return null;
  return (
    <Alert className="mt-6">
      <AlertTitle>The employee asked for a factual correction</AlertTitle>
      <AlertDescription>
        <p className="whitespace-pre-line">“{correction.subjectComment}”</p>
        <p className="mt-1 text-xs">
          On version {correction.version}
          {correction.decidedAt ? `, ${formatDateTime(correction.decidedAt)}` : ""}. To accept it,
          correct the report below: saving starts version {version}, and the employee reviews it
          again.
        </p>
      </AlertDescription>
    </Alert>
  );
}

/**
 * Declining a correction re-sends the report unchanged, signed again with the doctor's reason:
 * so it asks for a fresh authenticator code, as signing does.
 */
export function DeclineCorrection({
  version,
  open,
  busy,
  lastResult,
  stepUpFresh,
  stepUpMinutes,
}: {
  version: number;
  /** Open when the last attempt to decline was refused. */
  open: boolean;
  /** The intent being sent, while any of the page's forms is sent. */
  busy: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
  stepUpFresh: boolean;
  stepUpMinutes: number;
}) {
  const declineForm = useSentForm(
    { id: "decline-correction", schema: reportEditorForms.decline, lastResult },
    { declineReason: "declineReason", stepUpCode: "declineStepUpCode" },
  );
  return (
    <details className="mt-4 rounded-lg border p-4" open={open}>
      <summary className="cursor-pointer font-medium">
        Decline the correction, with your reason
      </summary>
      <ErrorSummary errors={declineForm.summary} className="mt-4" />
      <IntentForm form={declineForm.form} intent="decline" className="mt-4 space-y-4">
        <p className="text-muted-foreground text-sm">
          The report is re-sent unchanged as version {version}, signed by you, with your reason. The
          employee may attach their own statement when they approve it.
        </p>
        <TextAreaField
          label="Your reason, shown to the employee"
          field={declineForm.fields.declineReason}
          rows={3}
          maxLength={DECLINE_REASON_MAX}
        />
        <FormField
          id="declineStepUpCode"
          label="Authenticator code to re-sign unchanged"
          hint={
            stepUpFresh
              ? `You entered a code in the last ${stepUpMinutes} minutes.`
              : "Needed: a code from your authenticator app."
          }
          error={declineForm.errorOf("stepUpCode")}
          optional={stepUpFresh}
          className="max-w-xs"
        >
          <OneTimeCodeInput name="stepUpCode" />
        </FormField>
        <Button type="submit" variant="outline" disabled={!!busy}>
          {busy === "decline" ? "Sending..." : "Decline and re-send unchanged"}
        </Button>
      </IntentForm>
    </details>
  );
}
