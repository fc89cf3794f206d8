import { data, redirect } from "react-router";
import { ReportEditor } from "~/components/doctor/report-editor/report-editor.tsx";
import { runtimeContext } from "~/context.ts";
import { getDoctorPersonThread } from "~/domain/case-conversation/get-doctor-conversation.server.ts";
import { sendMessageToPerson } from "~/domain/case-conversation/send-message-to-person.server.ts";
import { readCaseConsultationNotes } from "~/domain/consultations/after-call.server.ts";
import { readClinicalNotes } from "~/domain/doctor/clinical-notes.server.ts";
import { doctorSignature } from "~/domain/doctor/doctor-signature.server.ts";
import { getEarlierCases } from "~/domain/doctor/earlier-cases.server.ts";
import { getDoctorCase } from "~/domain/doctor/get-doctor-case.server.ts";
import { editorFindings, marksOf } from "~/domain/doctor/report-disclosures.server.ts";
import { reportEditorFormSchema, reportEditorForms } from "~/domain/doctor/report-editor-forms.ts";
import { fieldIdOfIssue, reportBodyFromForm, sentFields } from "~/domain/doctor/report-form.ts";
import { reportBodyFromDraft } from "~/domain/doctor/report-from-draft.ts";
import { saveClinicalNotes } from "~/domain/doctor/save-clinical-notes.server.ts";
import { saveReportDraft } from "~/domain/doctor/save-report.server.ts";
import {
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
import { askedQuestions } from "~/domain/referrals/management-questions.ts";
import type { ReportBody } from "~/domain/reports/report-body.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { currentSession, requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/report-editor";
import { reviewWindow } from "./review-window.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(`Review & Create Report ${loaderData?.referral.reference ?? ""}`);

export async function loader({ params, context }: Route.LoaderArgs) {
  const runtime = context.get(runtimeContext);
  const scope = currentScope(context);
  let detail: Awaited<ReturnType<typeof getDoctorCase>>;
  try {
    detail = await getDoctorCase(scope, { referralId: params.referralId, purpose: "editor" });
  } catch (error) {
    throw refusalResponse(error, refusalMessage);
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
  // The person's thread, as on the case page: what the doctor asks while writing goes there.
  const personThread = await getDoctorPersonThread(scope, { referralId: detail.referral.id });
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
  // A follow-up's earlier cases, where the person let the doctor see them (else none).
  const earlierCases = await getEarlierCases(scope, {
    referralId: detail.referral.id,
    purpose: "editor",
  });
  return {
    earlierCases,
    findings,
    removalAsked,
    clinicalNotes,
    personThread,
    // The scope's time, as the step-up was recorded in and as signing will check it: a clock of its
    // own here would tell the doctor a code is fresh that signing then refuses, or the reverse.
    stepUpFresh: stepUpIsFresh(stepUpAt, scope.now),
    stepUpMinutes: STEP_UP_MAX_AGE_MS / 60_000,
    consultationNotes,
    ...detail,
    questions: askedQuestions(detail.referral.questions),
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
    if (form.intent === "message") {
      // Into the person's thread (docs/architecture.md §4, "The case conversation"). No redirect:
      // the report's unsaved fields stay as typed in the page above.
      try {
        const sent = await sendMessageToPerson(scope, { referralId, body: form.body });
        return sent.ok ? { intent, ok: true as const } : refusedField("body", sent.message);
      } catch (error) {
        // The case moved on while the page was open: said beside the box.
        if (isDomainError(error, "invalid_state")) return refusedField("body", error.message);
        throw error;
      }
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
        const declined = await declineReportCorrection(scope, reviewWindow(context), {
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
    const questions = askedQuestions(detail.referral.questions);
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
      await signAndSendReport(scope, reviewWindow(context), { referralId, stepUpAt });
    } catch (error) {
      // These two refusals are answered on their fields at 200 rather than with the map's 4xx:
      // the edits were saved above, and after a 4xx action React Router does not read the
      // page's data again, so the saved version would be out of date on screen.
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
    return refusalResponse(error, (refusal) => ({
      intent,
      ok: false as const,
      message: refusal.message,
    }));
  }
}

export default function ReportEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ReportEditor data={loaderData} result={actionData} />;
}
