import { getFormProps } from "@conform-to/react";
import {
  ArrowLeftIcon,
  LockKeyholeIcon,
  MailQuestionIcon,
  ShieldCheckIcon,
  VideoIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdjustmentRows } from "~/components/doctor/adjustment-rows.tsx";
import { CasePanel } from "~/components/doctor/case-panel.tsx";
import { FieldEvidence } from "~/components/doctor/field-evidence.tsx";
import { FieldFindings } from "~/components/doctor/field-findings.tsx";
import { IntentForm } from "~/components/forms/intent-form.tsx";
import { TextAreaField } from "~/components/forms/text-field.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { useSentForm } from "~/components/forms/use-sent-form.ts";
import { ReferralStatusBadge } from "~/components/referrals/status-badge.tsx";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormField, FormFieldset } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeRadio } from "~/components/ui/native-radio";
import { OneTimeCodeInput } from "~/components/ui/one-time-code-input.tsx";
import { Textarea } from "~/components/ui/textarea";
import { runtimeContext } from "~/context.ts";
import { readCaseConsultationNotes } from "~/domain/consultations/after-call.server.ts";
import { readClinicalNotes, saveClinicalNotes } from "~/domain/doctor/clinical-notes.server.ts";
import { CLINICAL_NOTES_MAX } from "~/domain/doctor/clinical-notes.ts";
import { type AnswerEvidence, getDoctorCase } from "~/domain/doctor/doctor-cases.server.ts";
import { editorFindings, marksOf } from "~/domain/doctor/report-disclosures.server.ts";
import { reportEditorFormSchema, reportEditorForms } from "~/domain/doctor/report-editor-forms.ts";
import { fieldIdOfIssue, reportBodyFromForm, sentFields } from "~/domain/doctor/report-form.ts";
import {
  draftSectionFor,
  reportBodyFromDraft,
  selectedQuestionList,
} from "~/domain/doctor/report-from-draft.ts";
import { doctorSignature, saveReportDraft } from "~/domain/doctor/save-report.server.ts";
import {
  askSubjectForInformation,
  declineReportCorrection,
  ReportReleaseRefused,
  signAndSendReport,
} from "~/domain/doctor/send-report.server.ts";
import {
  STEP_UP_MAX_AGE_MS,
  signingStepUpAt,
  stepUpIsFresh,
  verifySigningStepUp,
} from "~/domain/doctor/signing-step-up.server.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { disclosureFieldLabel } from "~/domain/reports/disclosure/disclosure-item.ts";
import {
  type DraftStatement,
  OUTCOME_LABELS,
  REFERRAL_QUESTION_LABELS,
  type ReferralQuestion,
} from "~/domain/reports/drafter.ts";
import {
  DVLA_GROUP_LABELS,
  dvlaGroups,
  EQUALITY_ACT_VIEW_LABELS,
  equalityActViews,
  INTERIM_LABELS,
  interimAdvice,
  type ManagementReportBody,
  managementFitness,
  type PreEmploymentReportBody,
  preEmploymentOutcomes,
  type ReportBody,
  recurrenceLikelihoods,
  unansweredQuestions,
} from "~/domain/reports/report-body.ts";
import { DECLINE_REASON_MAX } from "~/domain/reports/subject-copy.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { currentSession, requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/report-editor";
import { caseErrorMessage } from "./case-errors.server.ts";
import { reportMailDeps } from "./mail-deps.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(`Review & Create Report ${loaderData?.referral.reference ?? ""}`);

export async function loader({ params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const scope = currentScope(context);
  let detail: Awaited<ReturnType<typeof getDoctorCase>>;
  try {
    detail = await getDoctorCase(scope, { referralId: params.referralId, purpose: "editor" });
  } catch (error) {
    caseErrorMessage(error);
    throw error;
  }
  // Only the doctor on the case writes; a queued case is taken on its page first.
  if (!detail.mine || detail.referral.status !== "in_review")
    throw redirect(`/doctor/cases/${detail.referral.id}`);
  const current = detail.versions[0];
  const body: ReportBody = current?.body ?? reportBodyFromDraft(detail.draft, detail.referral);
  const signature = await doctorSignature(scope);
  const consultationNotes = await readCaseConsultationNotes(scope, detail.referral.id);
  const stepUpAt = await signingStepUpAt(scope, currentSession(context).session.id);
  const clinicalNotes = await readClinicalNotes(scope, detail.referral.id);
  // The disclosure gate, run on what is saved: each finding highlighted with the doctor's mark.
  const findings = await editorFindings(scope, {
    referralId: detail.referral.id,
    body,
    marks: marksOf(current?.disclosures),
  });
  // What the person asked to have removed from the version they read (never declinable).
  const removalAsked = (detail.correction?.disclosures ?? []).filter(
    (item) => item.decision === "removal_asked",
  );
  return {
    findings,
    removalAsked,
    clinicalNotes,
    stepUpFresh: stepUpIsFresh(stepUpAt, new Date()),
    stepUpMinutes: STEP_UP_MAX_AGE_MS / 60_000,
    consultationNotes,
    ...detail,
    questions: selectedQuestionList(detail.referral.questions),
    body,
    signature: {
      name: signature.name,
      gmcNumber: signature.gmcNumber,
      qualifications: signature.qualifications,
    },
    reviewWorkingDays: runtime.config.REPORT_REVIEW_WORKING_DAYS,
  };
}

/**
 * Signing and declining a correction both need a fresh step-up: a code entered with the form is
 * checked first (and counts for the next five minutes), then the session's last step-up is read.
 */
async function stepUpOf(
  context: Route.ActionArgs["context"],
  request: Request,
  scope: Scope,
  code: string,
): Promise<{ verdict: "ok" | "invalid" | "throttled"; stepUpAt: Date | null }> {
  const sessionId = currentSession(context).session.id;
  if (code) {
    const verdict = await verifySigningStepUp(scope, context.get(runtimeContext), {
      sessionId,
      code,
      request: requestMeta(context, request),
    });
    if (verdict !== "ok") return { verdict, stepUpAt: null };
  }
  return { verdict: "ok", stepUpAt: await signingStepUpAt(scope, sessionId) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const scope = currentScope(context);
  const submission = parseSubmission(await request.formData(), reportEditorFormSchema);
  const intent = String(submission.payload.intent ?? "");
  const referralId = params.referralId;
  const completed = (reference: string) =>
    redirect(`/doctor-dashboard?completed=${encodeURIComponent(reference)}`);
  if (!Object.hasOwn(reportEditorForms, intent))
    return { intent, ok: false as const, message: "Unknown action." };
  if (submission.status !== "success") {
    // Only the side forms have fields of their own to refuse; each shows its errors itself.
    const result = submission.reply();
    const message = Object.values(result.error ?? {})[0]?.[0] ?? "Check the form.";
    return data({ intent, ok: false as const, message, result }, { status: 400 });
  }
  const form = submission.value;
  /** A side form refused by the domain: the message beside its field, through Conform. */
  const refusedField = (field: string, message: string, summary = message) => ({
    intent,
    ok: false as const,
    message: summary,
    result: submission.reply({ fieldErrors: { [field]: [message] } }),
  });
  try {
    if (form.intent === "notes") {
      // Private notes are saved on their own: never part of the report body or its release.
      const saved = await saveClinicalNotes(scope, { referralId, notes: form.clinicalNotes });
      return saved.ok
        ? { intent, ok: true as const }
        : refusedField("clinicalNotes", saved.message);
    }
    if (form.intent === "ask") {
      const result = await askSubjectForInformation(scope, reportMailDeps(context), {
        referralId,
        question: form.question,
      });
      return result.ok ? { intent, ok: true as const } : refusedField("question", result.message);
    }
    if (form.intent === "decline") {
      const { verdict, stepUpAt } = await stepUpOf(context, request, scope, form.stepUpCode);
      if (verdict !== "ok")
        return refusedField(
          "stepUpCode",
          "Enter the current 6-digit code from your authenticator app.",
          "The authenticator code was not accepted.",
        );
      try {
        const declined = await declineReportCorrection(scope, reportMailDeps(context), {
          referralId,
          reason: form.declineReason,
          stepUpAt,
        });
        if (!declined.ok) return refusedField("declineReason", declined.message);
      } catch (error) {
        if (isDomainError(error, "step_up"))
          return refusedField(
            "stepUpCode",
            "Enter the 6-digit code from your authenticator app.",
            error.message,
          );
        throw error;
      }
      const detail = await getDoctorCase(scope, { referralId, purpose: "editor" });
      return completed(detail.referral.reference);
    }
    const detail = await getDoctorCase(scope, { referralId, purpose: "editor" });
    const questions = selectedQuestionList(detail.referral.questions);
    const sent = sentFields(submission.payload);
    const body = reportBodyFromForm(detail.referral.type, sent);
    const disclose = sent.getAll("disclose").filter((v): v is string => typeof v === "string");
    const saved = await saveReportDraft(scope, { referralId, body, disclose });
    if (!saved.ok)
      return {
        intent,
        ok: false as const,
        body,
        errors: Object.fromEntries(
          saved.issues.map((i) => [fieldIdOfIssue(i.path, questions), i.message]),
        ),
      };
    if (intent === "save") return { intent, ok: true as const, version: saved.version };
    // Step-up: a fresh authenticator code for this signature. The edits above are already saved.
    const { verdict, stepUpAt } = await stepUpOf(context, request, scope, form.stepUpCode);
    if (verdict !== "ok")
      return {
        intent,
        ok: false as const,
        body,
        message: "Not signed: the authenticator code was not accepted. Your changes are saved.",
        errors: {
          stepUpCode:
            verdict === "throttled"
              ? "Too many attempts. Wait a few minutes, then try again."
              : "Enter the current 6-digit code from your authenticator app (each code works once).",
        },
      };
    try {
      await signAndSendReport(scope, reportMailDeps(context), { referralId, stepUpAt });
    } catch (error) {
      if (isDomainError(error, "step_up"))
        return {
          intent,
          ok: false as const,
          body,
          message: error.message,
          errors: { stepUpCode: "Enter the 6-digit code from your authenticator app to sign." },
        };
      // The edits are saved; the page shows which field failed and why.
      if (!(error instanceof ReportReleaseRefused)) throw error;
      const errors: Record<string, string> = {};
      for (const f of error.failures)
        errors[f.field] = errors[f.field] ? `${errors[f.field]} ${f.message}` : f.message;
      // The findings beside each field say what to do with each one; the summary counts them.
      return { intent, ok: false as const, body, message: error.message, errors };
    }
    return completed(detail.referral.reference);
  } catch (error) {
    return { intent, ok: false as const, message: caseErrorMessage(error) };
  }
}

export default function ReportEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { referral: r, draft, answers, questions, signature } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const failed = actionData && !actionData.ok ? actionData : null;
  const body: ReportBody =
    failed && "body" in failed && failed.body ? failed.body : loaderData.body;
  // The report's errors come from saving it (the body's schema and the release checks); the side
  // forms (notes, question, decline) show their own, beside their fields.
  const errors: Record<string, string | undefined> =
    failed && "errors" in failed && failed.errors ? failed.errors : {};
  const resultFor = (intent: string) =>
    actionData && "result" in actionData && actionData.intent === intent
      ? actionData.result
      : undefined;
  const [reportForm] = useSchemaForm({
    id: "report",
    schema: reportEditorFormSchema,
    lastResult: null,
  });
  const notesForm = useSentForm({
    id: "clinical-notes",
    schema: reportEditorForms.notes,
    lastResult: resultFor("notes"),
  });
  const askForm = useSentForm({
    id: "ask-employee",
    schema: reportEditorForms.ask,
    lastResult: resultFor("ask"),
  });
  const declineForm = useSentForm(
    {
      id: "decline-correction",
      schema: reportEditorForms.decline,
      lastResult: resultFor("decline"),
    },
    { declineReason: "declineReason", stepUpCode: "declineStepUpCode" },
  );
  const unanswered = unansweredQuestions(body, questions);
  const version = loaderData.report
    ? loaderData.report.status === "correction_requested"
      ? loaderData.report.currentVersion + 1
      : loaderData.report.currentVersion
    : 1;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link
        to={`/doctor/cases/${r.id}`}
        className="inline-flex items-center gap-1 text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Back to the case
      </Link>
      <h1 className="mt-4 font-semibold text-3xl tracking-tight">Review &amp; Create Report</h1>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-muted-foreground">
        <span>
          {r.reference} · {r.subjectName} ·{" "}
          {r.type === "management" ? "Management referral" : "Pre-employment certificate"} · version{" "}
          {version}
        </span>
        <ReferralStatusBadge status={r.status} />
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-8">
        {/* The report comes first in the page's order, so the first Tab stop after the heading is
            its first field; the case panel follows it, in the right-hand column from lg up. */}
        <div className="min-w-0 lg:col-start-1 lg:row-start-1 [&>:first-child]:mt-0">
          {loaderData.removalAsked.length > 0 ? (
            <Alert variant="destructive" className="mt-6" data-testid="removal-request">
              <AlertTitle>The employee asked for information to be removed</AlertTitle>
              <AlertDescription>
                <ul className="mt-1 list-disc pl-5">
                  {loaderData.removalAsked.map((item) => (
                    <li key={item.id}>
                      “{item.text}”, in {disclosureFieldLabel(item.field)}
                    </li>
                  ))}
                </ul>
                <p className="mt-2 text-xs">
                  A removal request cannot be declined: the employee has not agreed to their
                  employer being told this. Remove it from the report, then sign the new version. To
                  explain why the report needs it, ask the employee below; it still cannot be
                  released without their agreement.
                </p>
              </AlertDescription>
            </Alert>
          ) : null}
          {loaderData.correction?.subjectComment ? (
            <Alert className="mt-6">
              <AlertTitle>The employee asked for a factual correction</AlertTitle>
              <AlertDescription>
                <p className="whitespace-pre-line">“{loaderData.correction.subjectComment}”</p>
                <p className="mt-1 text-xs">
                  On version {loaderData.correction.version}
                  {loaderData.correction.decidedAt
                    ? `, ${formatDateTime(loaderData.correction.decidedAt)}`
                    : ""}
                  . To accept it, correct the report below: saving starts version {version}, and the
                  employee reviews it again.
                </p>
              </AlertDescription>
            </Alert>
          ) : null}
          {loaderData.report?.status === "correction_requested" &&
          loaderData.removalAsked.length === 0 ? (
            <details className="mt-4 rounded-lg border p-4" open={failed?.intent === "decline"}>
              <summary className="cursor-pointer font-medium">
                Decline the correction, with your reason
              </summary>
              <ErrorSummary errors={declineForm.summary} className="mt-4" />
              <IntentForm form={declineForm.form} intent="decline" className="mt-4 space-y-4">
                <p className="text-muted-foreground text-sm">
                  The report is re-sent unchanged as version {version}, signed by you, with your
                  reason. The employee may attach their own statement when they approve it.
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
                    loaderData.stepUpFresh
                      ? `You entered a code in the last ${loaderData.stepUpMinutes} minutes.`
                      : "Needed: a code from your authenticator app."
                  }
                  error={declineForm.errorOf("stepUpCode")}
                  optional={loaderData.stepUpFresh}
                  className="max-w-xs"
                >
                  <OneTimeCodeInput name="stepUpCode" />
                </FormField>
                <Button type="submit" variant="outline" disabled={!!busy}>
                  {busy === "decline" ? "Sending..." : "Decline and re-send unchanged"}
                </Button>
              </IntentForm>
            </details>
          ) : null}

          {failed &&
          "message" in failed &&
          failed.message &&
          failed.intent !== "ask" &&
          failed.intent !== "notes" ? (
            <Alert variant="destructive" className="mt-6">
              <AlertTitle>Not done</AlertTitle>
              <AlertDescription>{failed.message}</AlertDescription>
            </Alert>
          ) : null}
          {actionData?.ok && actionData.intent === "save" ? (
            <output className="mt-6 block rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm">
              Draft saved (version {"version" in actionData ? actionData.version : version}).
            </output>
          ) : null}

          <Form
            method="post"
            {...getFormProps(reportForm)}
            noValidate
            className="mt-6 space-y-6"
            key={JSON.stringify(body)}
          >
            <ErrorSummary errors={summaryErrors(errors)} />
            {body.kind === "management" ? (
              <>
                <p className="text-muted-foreground text-sm">
                  The employer reads these fields once the employee approves. Saving highlights each
                  clinical statement: rewrite it, or mark it for the employee to agree to.
                </p>
                <EvidenceRow statements={draft?.summary} answers={answers}>
                  <FormField
                    id="summary"
                    label="Summary: function at work"
                    hint="How their health affects their work, in plain words for the employer."
                    error={errors.summary}
                  >
                    <Textarea name="summary" rows={4} defaultValue={body.summary} />
                  </FormField>
                  <FieldFindings findings={loaderData.findings} field="summary" />
                </EvidenceRow>

                <EvidenceRow
                  statements={[
                    ...(draft?.outcome?.statements ?? []),
                    ...(draft?.timescale?.statements ?? []),
                  ]}
                  answers={answers}
                >
                  <QuestionTag
                    questions={questions}
                    answers={["fitForWork", "timeToFitness"]}
                    unanswered={unanswered}
                  />
                  <FormFieldset id="fitness" legend="Fitness for work" error={errors.fitness}>
                    <RadioChoices
                      name="fitness"
                      values={managementFitness}
                      checked={body.fitness}
                      label={(value) =>
                        value === "temporarily-unfit"
                          ? "Temporarily unfit (give a timescale)"
                          : OUTCOME_LABELS[value]
                      }
                    />
                  </FormFieldset>
                  <FormField
                    id="fitnessOpinion"
                    label="Your opinion on fitness"
                    error={errors.fitnessOpinion}
                    optional
                    className="mt-4"
                  >
                    <Textarea
                      name="fitnessOpinion"
                      rows={2}
                      defaultValue={body.fitnessOpinion ?? ""}
                    />
                  </FormField>
                  <FieldFindings findings={loaderData.findings} field="fitnessOpinion" />
                  <FormField
                    id="timescale"
                    label="Estimated timescale to regain fitness"
                    hint="Required when temporarily unfit, for example “about 6 weeks”."
                    error={errors.timescale}
                    optional
                    className="mt-4"
                  >
                    <Input name="timescale" defaultValue={body.timescale ?? ""} />
                  </FormField>
                  <FieldFindings findings={loaderData.findings} field="timescale" />
                </EvidenceRow>

                <EvidenceRow statements={draft?.prognosis?.statements} answers={answers}>
                  <FormField
                    id="prognosis"
                    label="Prognosis: the expected course"
                    hint="How you expect their health and work to develop, in plain words for the employer."
                    error={errors.prognosis}
                  >
                    <Textarea name="prognosis" rows={2} defaultValue={body.prognosis ?? ""} />
                  </FormField>
                  <FieldFindings findings={loaderData.findings} field="prognosis" />
                  <FormFieldset
                    id="recurrence"
                    legend="Likelihood of recurrence or further absence"
                    error={errors.recurrence}
                    className="mt-4"
                  >
                    <RadioChoices
                      name="recurrence"
                      values={recurrenceLikelihoods}
                      checked={body.recurrence}
                      label={(value) => value.charAt(0).toUpperCase() + value.slice(1)}
                      columns={3}
                    />
                  </FormFieldset>
                </EvidenceRow>

                <EvidenceRow statements={draft?.adjustments?.statements} answers={answers}>
                  <QuestionTag
                    questions={questions}
                    answers={["recommendedAdjustments"]}
                    unanswered={unanswered}
                  />
                  <AdjustmentRows
                    list="adjustments"
                    legend="Recommended adjustments"
                    itemLabel="Adjustment"
                    hint={TERMS_HINT}
                    items={body.adjustments}
                    errors={errors}
                  />
                  <FieldFindings findings={loaderData.findings} field="adjustments" />
                </EvidenceRow>

                {OPTIONAL_FIELDS.map((f) => {
                  const value = body[f.name] ?? "";
                  const asked = questions.includes(f.question);
                  const field = (
                    <EvidenceRow
                      key={f.name}
                      statements={draftSectionFor(draft, f.question)?.statements}
                      answers={answers}
                    >
                      <QuestionTag
                        questions={questions}
                        answers={[f.question]}
                        unanswered={unanswered}
                      />
                      {f.name === "equalityActOpinion" ? (
                        <FormFieldset
                          id="equalityActView"
                          legend="Your view (advisory)"
                          error={errors.equalityActView}
                          optional={!asked}
                          className="mb-4"
                        >
                          <RadioChoices
                            name="equalityActView"
                            values={equalityActViews}
                            checked={body.equalityActView}
                            label={(value) => EQUALITY_ACT_VIEW_LABELS[value]}
                          />
                        </FormFieldset>
                      ) : null}
                      <FormField
                        id={f.name}
                        label={f.label}
                        hint={f.hint}
                        error={errors[f.name]}
                        optional={!asked}
                      >
                        <Textarea name={f.name} rows={3} defaultValue={value} />
                      </FormField>
                      <FieldFindings findings={loaderData.findings} field={f.name} />
                    </EvidenceRow>
                  );
                  return asked || value || errors[f.name] ? field : null;
                })}
                {OPTIONAL_FIELDS.some(
                  (f) => !questions.includes(f.question) && !body[f.name] && !errors[f.name],
                ) ? (
                  <details className="rounded-lg border p-3">
                    <summary className="cursor-pointer font-medium text-sm">
                      Sections the employer did not ask about
                    </summary>
                    <div className="mt-4 space-y-6">
                      {OPTIONAL_FIELDS.filter(
                        (f) => !questions.includes(f.question) && !body[f.name] && !errors[f.name],
                      ).map((f) => (
                        <FormField key={f.name} id={f.name} label={f.label} hint={f.hint} optional>
                          <Textarea name={f.name} rows={3} defaultValue="" />
                        </FormField>
                      ))}
                    </div>
                  </details>
                ) : null}
              </>
            ) : (
              <>
                <EvidenceRow statements={draft?.outcome?.statements} answers={answers}>
                  <FormFieldset
                    id="outcome"
                    legend="Outcome certificate"
                    hint="The employer receives the outcome and recommendations only: no clinical detail."
                    error={errors.outcome}
                  >
                    <RadioChoices
                      name="outcome"
                      values={preEmploymentOutcomes}
                      checked={body.outcome}
                      label={(value) => OUTCOME_LABELS[value]}
                    />
                  </FormFieldset>
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
                  <FieldFindings findings={loaderData.findings} field="recommendations" />
                </EvidenceRow>
                <FurtherAssessmentPlan
                  plan={body.plan}
                  open={body.outcome === "further-assessment-needed"}
                  errors={errors}
                  findings={loaderData.findings}
                />
                {r.drivingRequired ? (
                  <DrivingOpinion
                    driving={body.driving}
                    errors={errors}
                    findings={loaderData.findings}
                  />
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
                  <FieldFindings findings={loaderData.findings} field="summary" />
                </EvidenceRow>
              </>
            )}

            <section className="rounded-xl border bg-card p-5">
              <h2 className="font-semibold text-lg">Consulting doctor</h2>
              <p className="mt-1">
                {signature.name}
                {signature.qualifications ? `, ${signature.qualifications}` : ""} · GMC number{" "}
                {signature.gmcNumber}
              </p>
              {signature.qualifications ? null : (
                <p className="mt-1 text-muted-foreground text-sm">
                  No qualifications recorded: add them on{" "}
                  <Link to="/account" className="underline">
                    your account page
                  </Link>{" "}
                  to print them in the signature block.
                </p>
              )}
              <p className="mt-2 flex items-center gap-2 text-muted-foreground text-sm">
                <ShieldCheckIcon aria-hidden="true" className="size-4" />
                Signing sends the report to {r.subjectName}, who has {loaderData.reviewWorkingDays}{" "}
                working days to review it before anything reaches the employer.
              </p>
              <FormField
                id="stepUpCode"
                label="Authenticator code to sign"
                hint={
                  loaderData.stepUpFresh
                    ? `You entered a code in the last ${loaderData.stepUpMinutes} minutes; you can sign without another.`
                    : `Signing needs a code from your authenticator app entered within the last ${loaderData.stepUpMinutes} minutes. Saving a draft does not.`
                }
                error={errors.stepUpCode}
                optional={loaderData.stepUpFresh}
                className="mt-4"
              >
                {(control) => (
                  // The code and the buttons share a row: one step, and a shorter page.
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                    <OneTimeCodeInput {...control} className="max-w-40" name="stepUpCode" />
                    <Button
                      type="submit"
                      name="intent"
                      value="save"
                      variant="outline"
                      disabled={!!busy}
                    >
                      {busy === "save" ? "Saving..." : "Save draft"}
                    </Button>
                    <Button type="submit" name="intent" value="send" disabled={!!busy}>
                      {busy === "send" ? "Signing and sending..." : "Sign and send to the employee"}
                    </Button>
                  </div>
                )}
              </FormField>
            </section>
          </Form>

          <section
            className="mt-6 rounded-xl border border-dashed bg-muted/30 p-5"
            aria-labelledby="clinical-notes-heading"
          >
            <h2
              id="clinical-notes-heading"
              className="flex items-center gap-2 font-semibold text-lg"
            >
              <LockKeyholeIcon aria-hidden="true" className="size-5" />
              Private clinical notes
            </h2>
            <p className="mt-1 text-muted-foreground text-sm">
              For you and the clinical team only: never part of the report, never shown to the
              employer. The employee can obtain them through a subject access request. Saved
              separately from the report.
            </p>
            <IntentForm
              form={notesForm.form}
              intent="notes"
              className="mt-3 space-y-3"
              key={loaderData.clinicalNotes.updatedAt?.toString() ?? "none"}
            >
              <FormField
                id="clinicalNotes"
                label="Your private notes on this case"
                error={notesForm.errorOf("clinicalNotes")}
              >
                <Textarea
                  name="clinicalNotes"
                  rows={3}
                  maxLength={CLINICAL_NOTES_MAX}
                  defaultValue={loaderData.clinicalNotes.notes}
                />
              </FormField>
              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" variant="outline" disabled={!!busy}>
                  {busy === "notes" ? "Saving..." : "Save private notes"}
                </Button>
                {actionData?.ok && actionData.intent === "notes" ? (
                  <output className="text-sm">Private notes saved.</output>
                ) : loaderData.clinicalNotes.updatedAt ? (
                  <span className="text-muted-foreground text-xs">
                    Last saved {formatDateTime(loaderData.clinicalNotes.updatedAt)}
                  </span>
                ) : null}
              </div>
            </IntentForm>
          </section>

          <section
            className="mt-6 rounded-xl border bg-card p-5"
            aria-labelledby="consultation-notes-heading"
          >
            <h2
              id="consultation-notes-heading"
              className="flex items-center gap-2 font-semibold text-lg"
            >
              <VideoIcon aria-hidden="true" className="size-5" />
              Video consultation
            </h2>
            {loaderData.consultationNotes.length > 0 ? (
              <ul className="mt-3 space-y-2 text-sm">
                {loaderData.consultationNotes.map((n) => (
                  <li key={n.consultationId} className="rounded-lg bg-muted/50 p-3">
                    <p className="text-muted-foreground text-xs">
                      {n.startsAt
                        ? `Notes of the call on ${formatDateTime(n.startsAt)}`
                        : "Notes of the call"}
                    </p>
                    <p className="mt-1 whitespace-pre-line">{n.notes}</p>
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="mt-1 flex flex-wrap items-center justify-between gap-3 text-muted-foreground text-sm">
              {loaderData.consultationNotes.length > 0
                ? null
                : "No consultation notes yet. For a complex case, offer the employee a video call."}
              <Button asChild variant="outline">
                <a href={`/doctor/cases/${r.id}/consultation`}>
                  Offer or manage a video consultation
                </a>
              </Button>
            </p>
          </section>

          <section className="mt-6 rounded-xl border bg-card p-5" aria-labelledby="ask-heading">
            <h2 id="ask-heading" className="flex items-center gap-2 font-semibold text-lg">
              <MailQuestionIcon aria-hidden="true" className="size-5" />
              Ask the employee for more information
            </h2>
            <p className="mt-1 text-muted-foreground text-sm">
              The employee is e-mailed a link and answers on their own page; the reply appears here
              and you are e-mailed when it arrives.
            </p>
            {loaderData.informationRequests.length > 0 ? (
              <ul className="mt-3 space-y-2 text-sm">
                {loaderData.informationRequests.map((q) => (
                  <li key={q.id} className="rounded-lg bg-muted/50 p-3">
                    <p className="whitespace-pre-line">{q.question}</p>
                    <p className="mt-1 text-muted-foreground text-xs">
                      Sent {formatDateTime(q.sentAt)} ·{" "}
                      {q.answeredAt
                        ? `answered ${formatDateTime(q.answeredAt)}`
                        : "waiting for the employee's answer"}
                    </p>
                    {q.reply ? (
                      <blockquote
                        className="mt-2 whitespace-pre-line border-primary border-l-4 pl-3"
                        data-testid="subject-reply"
                      >
                        {q.reply}
                      </blockquote>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
            <IntentForm
              form={askForm.form}
              intent="ask"
              className="mt-4 space-y-3"
              key={loaderData.informationRequests.length}
            >
              <FormField id="question" label="Your question" error={askForm.errorOf("question")}>
                <Textarea
                  name="question"
                  rows={2}
                  maxLength={2000}
                  defaultValue={askForm.fields.question.initialValue}
                />
              </FormField>
              <Button type="submit" variant="outline" disabled={!!busy}>
                {busy === "ask" ? "Sending..." : "Send question"}
              </Button>
            </IntentForm>
          </section>
        </div>
        <aside className="lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:rounded-xl">
          <CasePanel referral={r} questions={questions} unanswered={unanswered} answers={answers} />
        </aside>
      </div>
    </div>
  );
}

/** A field of the report beside the draft's statements for it and the answers they rest on. */
/** One radio button per value, the saved one checked. */
function RadioChoices<V extends string>({
  name,
  values,
  checked,
  label,
  columns = 2,
}: {
  name: string;
  values: readonly V[];
  checked: string | undefined;
  label: (value: V) => string;
  /** Short choices sit in a row of three at wide widths. */
  columns?: 2 | 3;
}) {
  return (
    <div className={columns === 3 ? "grid gap-2 sm:grid-cols-3" : "grid gap-2 sm:grid-cols-2"}>
      {values.map((value) => (
        <label key={value} htmlFor={`${name}-${value}`} className="flex items-center gap-3">
          <NativeRadio
            id={`${name}-${value}`}
            name={name}
            value={value}
            defaultChecked={checked === value}
          />
          {label(value)}
        </label>
      ))}
    </div>
  );
}

function EvidenceRow({
  children,
  statements,
  answers,
}: {
  children: ReactNode;
  statements: readonly DraftStatement[] | undefined;
  answers: Record<string, AnswerEvidence>;
}) {
  return (
    <div className="space-y-2">
      <div>{children}</div>
      <FieldEvidence statements={statements} answers={answers} />
    </div>
  );
}

/** Which of the employer's questions a field answers, and whether it still needs an answer. */
function QuestionTag({
  questions,
  answers: answered,
  unanswered,
}: {
  questions: readonly ReferralQuestion[];
  answers: readonly ReferralQuestion[];
  unanswered: readonly ReferralQuestion[];
}) {
  const asked = answered.filter((q) => questions.includes(q));
  if (asked.length === 0) return null;
  return (
    <ul className="mb-2 space-y-1 text-sm">
      {asked.map((q) => (
        <li key={q} className="flex flex-wrap items-center gap-2">
          <span className="text-muted-foreground">
            Employer asks: “{REFERRAL_QUESTION_LABELS[q]}”
          </span>
          {unanswered.includes(q) ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 text-xs">
              Unanswered
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const TERMS_HINT =
  "For one that lasts a time, give how many weeks, a date to review it by, or both; choose Lasting for a permanent one. Save the draft for more rows.";

const OPTIONAL_FIELDS = [
  {
    name: "formalProcesses",
    question: "engageInProcesses",
    label: "Ability to engage in formal processes",
    hint: undefined,
  },
  {
    name: "equalityActOpinion",
    question: "equalityAct",
    label: "Your reason, in terms of duration and day-to-day effects",
    hint: "The report prints the advisory caveat once; do not repeat it here.",
  },
  {
    name: "followUp",
    question: "followUp",
    label: "Follow-up or review",
    hint: "Say when: a review date or a number of weeks.",
  },
  {
    name: "diagnosis",
    question: "underlyingCondition",
    label: "Diagnosis or underlying condition",
    hint: "The only place for a diagnosis. The employer sees it only if the employee agrees when reviewing the report.",
  },
] as const satisfies readonly {
  name: keyof ManagementReportBody;
  question: ReferralQuestion;
  label: string;
  hint: string | undefined;
}[];

function summaryErrors(errors: Record<string, string | undefined>): Record<string, string> {
  // Radio groups and row lists are reached through their first control.
  const ids: Record<string, string> = {
    fitness: "fitness-fit",
    outcome: "outcome-fit",
    recurrence: "recurrence-unlikely",
    equalityActView: "equalityActView-likely",
    planInterim: "planInterim-may-start",
    drivingGroup: "drivingGroup-group-1",
    adjustments: "adjustments-0-text",
    recommendations: "recommendations-0-text",
  };
  return Object.fromEntries(
    Object.entries(errors)
      .filter((e): e is [string, string] => Boolean(e[1]))
      .map(([id, m]) => [ids[id] ?? id, m]),
  );
}

type EditorFindings = Parameters<typeof FieldFindings>[0]["findings"];

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
  errors: Record<string, string | undefined>;
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
        <FormFieldset id="planInterim" legend="In the meantime" error={errors.planInterim}>
          <RadioChoices
            name="planInterim"
            values={interimAdvice}
            checked={plan?.interim}
            label={(value) => INTERIM_LABELS[value]}
          />
        </FormFieldset>
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
  errors: Record<string, string | undefined>;
  findings: EditorFindings;
}) {
  return (
    <section className="grid gap-4 rounded-lg border p-4" aria-labelledby="driving-heading">
      <h2 id="driving-heading" className="font-medium">
        Driving: the DVLA standard
      </h2>
      <FormFieldset id="drivingGroup" legend="DVLA group considered" error={errors.drivingGroup}>
        <RadioChoices
          name="drivingGroup"
          values={dvlaGroups}
          checked={driving?.group}
          label={(value) => DVLA_GROUP_LABELS[value]}
        />
      </FormFieldset>
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
