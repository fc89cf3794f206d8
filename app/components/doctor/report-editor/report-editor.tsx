import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { NewMessagesNotice, unreadCount } from "~/components/case-conversation/case-thread.tsx";
import { CasePanel } from "~/components/doctor/case-panel.tsx";
import { EarlierCases } from "~/components/doctor/earlier-cases.tsx";
import { useSubmittingIntent } from "~/components/forms/intent-form.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { PageBackLink } from "~/components/page-back-link.tsx";
import { ReferralStatusBadge } from "~/components/referrals/status-badge.tsx";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { ErrorSummary } from "~/components/ui/form-field";
import type { getDoctorPersonThread } from "~/domain/case-conversation/get-doctor-conversation.server.ts";
import type { EarlierCase } from "~/domain/doctor/earlier-cases.server.ts";
import type { getDoctorCase } from "~/domain/doctor/get-doctor-case.server.ts";
import { reportEditorFormSchema } from "~/domain/doctor/report-editor-forms.ts";
import type { QuestionKey } from "~/domain/referrals/management-questions.ts";
import type { ReportBody } from "~/domain/reports/report-body.ts";
import { unansweredQuestions } from "~/domain/reports/unanswered-questions.ts";
import {
  AskEmployeeSection,
  ClinicalNotesSection,
  ConsultationSection,
} from "./case-work-sections.tsx";
import { CertificateFields } from "./certificate-fields.tsx";
import { CorrectionRequest, DeclineCorrection, RemovalRequest } from "./correction-request.tsx";
import { type EditorFindings, summaryErrors } from "./editor-controls.tsx";
import { ManagementFields } from "./management-fields.tsx";
import { SigningSection } from "./signing-section.tsx";

type DoctorCase = Awaited<ReturnType<typeof getDoctorCase>>;

/** What the editor's loader reads for the page (app/routes/doctor/report-editor.tsx). */
type ReportEditorData = Pick<
  DoctorCase,
  "referral" | "draft" | "answers" | "report" | "correction"
> & {
  personThread: Awaited<ReturnType<typeof getDoctorPersonThread>>;
  questions: QuestionKey[];
  body: ReportBody;
  findings: EditorFindings;
  removalAsked: { id: string; text: string; field: string }[];
  clinicalNotes: { notes: string; updatedAt: Date | null };
  consultationNotes: { consultationId: string; startsAt: Date | null; notes: string }[];
  earlierCases: EarlierCase[];
  stepUpFresh: boolean;
  stepUpMinutes: number;
  signature: { name: string; gmcNumber: string; qualifications: string | null };
  reviewWorkingDays: number;
};

/** What the editor's action answers: done, or refused with the report as sent and its errors. */
type ReportEditorResult =
  | { intent: string; ok: true; version?: number }
  | {
      intent: string;
      ok: false;
      message?: string;
      body?: ReportBody;
      errors?: Record<string, string>;
      /** A side form's refusal (notes, question, decline), shown beside its own fields. */
      result?: SubmissionResult<string[]>;
    };

/**
 * The doctor's report editor: the report's fields beside the draft's evidence, the signature
 * and step-up, the person's correction or removal request, and the doctor's work on the case
 * (private notes, consultation, the person's thread), with the case panel alongside.
 */
export function ReportEditor({
  data,
  result,
}: {
  data: ReportEditorData;
  result: ReportEditorResult | undefined;
}) {
  const { referral: r, draft, answers, questions, signature } = data;
  const busy = useSubmittingIntent();
  const failed = result && !result.ok ? result : null;
  const body: ReportBody = failed?.body ?? data.body;
  // The report's errors come from saving it (the body's schema and the release checks); the side
  // forms (notes, question, decline) show their own, beside their fields.
  const errors: Record<string, string | undefined> = failed?.errors ?? {};
  const resultFor = (intent: string) =>
    result && "result" in result && result.intent === intent ? result.result : undefined;
  const [reportForm] = useSchemaForm({
    id: "report",
    schema: reportEditorFormSchema,
    lastResult: null,
  });
  const unanswered = unansweredQuestions(body, questions);
  const version = data.report
    ? data.report.status === "correction_requested"
      ? data.report.currentVersion + 1
      : data.report.currentVersion
    : 1;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageBackLink to={`/doctor/cases/${r.id}`}>Back to the case</PageBackLink>
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
          {/* The person's thread is at the foot of the editor: a reply that came in is said here. */}
          <NewMessagesNotice
            className="mb-6"
            threads={[
              {
                viewer: "doctor-person",
                count: unreadCount(data.personThread.messages, "doctor"),
              },
            ]}
          />
          <RemovalRequest items={data.removalAsked} />
          <CorrectionRequest correction={data.correction} version={version} />
          {data.report?.status === "correction_requested" && data.removalAsked.length === 0 ? (
            <DeclineCorrection
              version={version}
              open={failed?.intent === "decline"}
              busy={busy}
              lastResult={resultFor("decline")}
              stepUpFresh={data.stepUpFresh}
              stepUpMinutes={data.stepUpMinutes}
            />
          ) : null}

          {failed?.message && failed.intent !== "message" && failed.intent !== "notes" ? (
            <Alert variant="destructive" className="mt-6">
              <AlertTitle>Not done</AlertTitle>
              <AlertDescription>{failed.message}</AlertDescription>
            </Alert>
          ) : null}
          {result?.ok && result.intent === "save" ? (
            <output className="mt-6 block rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm">
              Draft saved (version {result.version ?? version}).
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
              <ManagementFields
                body={body}
                draft={draft}
                answers={answers}
                questions={questions}
                unanswered={unanswered}
                errors={errors}
                findings={data.findings}
              />
            ) : (
              <CertificateFields
                body={body}
                draft={draft}
                answers={answers}
                drivingRequired={Boolean(r.drivingRequired)}
                errors={errors}
                findings={data.findings}
              />
            )}
            <SigningSection
              signature={signature}
              subjectName={r.subjectName}
              reviewWorkingDays={data.reviewWorkingDays}
              stepUpFresh={data.stepUpFresh}
              stepUpMinutes={data.stepUpMinutes}
              error={errors.stepUpCode}
              busy={busy}
            />
          </Form>

          <ClinicalNotesSection
            notes={data.clinicalNotes}
            saved={Boolean(result?.ok && result.intent === "notes")}
            busy={busy}
            lastResult={resultFor("notes")}
          />
          <ConsultationSection referralId={r.id} notes={data.consultationNotes} />
          <EarlierCases cases={data.earlierCases} />
          <AskEmployeeSection
            thread={data.personThread}
            sent={Boolean(result?.ok && result.intent === "message")}
            lastResult={resultFor("message")}
          />
        </div>
        <aside className="lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:rounded-xl">
          <CasePanel referral={r} questions={questions} unanswered={unanswered} answers={answers} />
        </aside>
      </div>
    </div>
  );
}
