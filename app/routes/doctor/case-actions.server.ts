import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider, redirect } from "react-router";
import { startReportAmendment } from "~/domain/doctor/amend-report.server.ts";
import { dashboardFormSchema } from "~/domain/doctor/dashboard-forms.ts";
import { recordContactAttempt } from "~/domain/doctor/safety-contact.server.ts";
import { remindSubjectOfReport } from "~/domain/doctor/send-report.server.ts";
import { takeReferral } from "~/domain/doctor/take-referral.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";

/**
 * What a doctor does to a case from the dashboard's rows and sheet, and from the case's own page:
 * take it (and go on to the editor), remind the person of their report, amend a released report
 * (and go on to the editor), record a safety contact attempt. Each form posts to the page it is on, which answers with this one action; the domain
 * checks the doctor, the case and its state, and audits. A refusal comes back as a message (or,
 * for a contact attempt, the form's errors).
 */
export async function doctorCaseAction(request: Request, context: Readonly<RouterContextProvider>) {
  const scope = currentScope(context);
  const submission = parseSubmission(await request.formData(), dashboardFormSchema(scope.now));
  const intent = String(submission.payload.intent ?? "");
  const referralId = String(submission.payload.referralId ?? "");
  if (!["take", "remind", "amend", "contact-attempt"].includes(intent))
    return { ok: false as const, intent, referralId, message: "Unknown action." };
  // The case's id is the page's own hidden field: one that does not read is not ours.
  if (submission.status !== "success" && submission.error?.referralId)
    throw data("Not found", { status: 404 });
  const refused = (result: SubmissionResult<string[]>) =>
    data(
      { ok: false as const, intent, referralId, message: "Check the contact attempt.", result },
      { status: 400 },
    );
  if (submission.status !== "success") return refused(submission.reply());
  const form = submission.value;
  try {
    if (form.intent === "take") {
      await takeReferral(scope, referralId);
      return redirect(`/doctor-referrals/${referralId}/report`);
    }
    if (form.intent === "amend") {
      // A new version of the released report, written in the editor as the first one was.
      await startReportAmendment(scope, { referralId });
      return redirect(`/doctor-referrals/${referralId}/report`);
    }
    if (form.intent === "contact-attempt") {
      // The form's values as sent: the domain reads them with the same schema again.
      const { method, outcome, attemptedAt, note } = submission.payload;
      const result = await recordContactAttempt(scope, {
        referralId,
        input: { method, outcome, attemptedAt, note },
      });
      if (!result.ok)
        return refused(
          submission.reply({
            fieldErrors: Object.fromEntries(
              Object.entries(result.fieldErrors).map(([k, v]) => [k, [v]]),
            ),
          }),
        );
      return { ok: true as const, intent, referralId, contacted: result.contacted };
    }
    await remindSubjectOfReport(scope, referralId);
    return { ok: true as const, intent, referralId };
  } catch (error) {
    return refusalResponse(error, (refusal) => ({
      ok: false as const,
      intent,
      referralId,
      message: refusal.message,
      result: undefined,
    }));
  }
}
