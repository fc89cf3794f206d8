import { and, eq } from "drizzle-orm";
import { organisation, referral, report, user } from "~/db/schema/index.ts";
import { requireSystem } from "~/domain/kernel/guards.ts";
import { alreadyQueued, transactionWithMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReports } from "~/domain/kernel/visibility.server.ts";
import { referralRecipients } from "~/domain/referrals/employer-notice.server.ts";
import { issueInvitationToken } from "~/domain/referrals/invitations.server.ts";
import {
  amendmentWithheldEmail,
  consentWithheldEmail,
  correctionRequestedEmail,
  type ReportEmail,
  reportReleasedEmail,
  subjectReportReleasedEmail,
} from "./report-emails.ts";
import type { ReportNotification } from "./report-jobs.ts";
import { selectReportsWithCase } from "./select-reports-with-case.server.ts";
import { SUBJECT_COPY_DAYS } from "./subject-copy.ts";

/**
 * Sends the e-mail for one outcome of the review, if the report is still in that state (a retry
 * after the state moved on sends nothing). The e-mails are written to the mail outbox under the
 * outcome's key (the report, its version and the outcome) and sent once that commits
 * (docs/architecture.md §8, "The mail outbox"): a job retried after some went sends none twice.
 * Returns how many were written, for the job's log.
 */
export async function sendReportNotification(
  scope: Scope,
  { reportId, kind, version }: ReportNotification,
): Promise<{ sent: number }> {
  const system = requireSystem(scope);
  const { db } = system;
  const [row] = await selectReportsWithCase(db, {
    referralReference: referral.reference,
    subjectName: referral.subjectName,
    subjectEmail: referral.subjectEmail,
    referralOwnerId: referral.ownerId,
    organisationName: organisation.name,
  }).where(and(eq(report.id, reportId), visibleReports(scope)));
  // An amendment withheld leaves the report released at the version before it.
  const state = kind === "amendment_withheld" ? "released" : kind;
  if (!row || row.report.status !== state) return { sent: 0 };
  const { organisationName } = row;
  const url = (path: string) => new URL(path, scope.adapters.publicUrl).toString();

  let recipients: string[];
  let mail: ReportEmail;
  if (kind === "correction_requested" || kind === "amendment_withheld") {
    const [doctor] = await db
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, row.report.doctorId));
    if (!doctor) return { sent: 0 };
    recipients = [doctor.email];
    mail = (kind === "correction_requested" ? correctionRequestedEmail : amendmentWithheldEmail)({
      doctorName: doctor.name,
      reportReference: row.report.reference,
      referralReference: row.referralReference,
      link: url("/doctor-dashboard"),
    });
  } else {
    // The referral's people only: the member it belongs to and the managers it names (docs/architecture.md §4).
    recipients = await referralRecipients(db, {
      id: row.report.referralId,
      organisationId: row.report.organisationId,
      ownerId: row.referralOwnerId,
    });
    mail =
      kind === "released"
        ? reportReleasedEmail({
            organisationName,
            reportReference: row.report.reference,
            referralReference: row.referralReference,
            link: url(`/employer-report/${row.report.reference}`),
          })
        : consentWithheldEmail({
            organisationName,
            referralReference: row.referralReference,
            link: url("/employer-referrals"),
          });
  }
  const key = `report-${kind}:${reportId}:v${version ?? row.report.currentVersion}`;
  const cause = { referralId: row.report.referralId, key };
  return transactionWithMail(system, async (tx, queue) => {
    await queue(
      recipients.map((to) => ({ to, ...mail })),
      cause,
    );
    // The person's copy: a personal link valid for the download period from release, issued
    // only with the e-mail that carries it (keyed apart: the person may also be a recipient).
    const copy = { ...cause, key: `${key}:copy` };
    if (kind !== "released" || (await alreadyQueued(tx, copy.key, row.subjectEmail)))
      return { sent: recipients.length };
    const releasedAt = row.report.releasedAt ?? new Date();
    const { token } = await issueInvitationToken(tx, {
      referralId: row.report.referralId,
      invitedAt: releasedAt,
      validDays: SUBJECT_COPY_DAYS,
    });
    await queue(
      [
        {
          to: row.subjectEmail,
          ...subjectReportReleasedEmail({
            subjectName: row.subjectName,
            reportReference: row.report.reference,
            link: url(`/assessment/${token}/report`),
            days: SUBJECT_COPY_DAYS,
          }),
        },
      ],
      copy,
    );
    return { sent: recipients.length + 1 };
  });
}
