import { and, eq, isNull, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { referral, report } from "~/db/schema/index.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { visibleReports } from "~/domain/kernel/visibility.server.ts";
import { issueInvitationToken, mailNewLink } from "~/domain/referrals/invitations.server.ts";
import { organisationDisplayName } from "~/domain/referrals/organisation-name.server.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
import { reviewReminderEmail } from "./report-emails.ts";
import { REPORT_REVIEW_REMINDER_JOB } from "./report-jobs.ts";
import { REMINDER_WORKING_DAYS_BEFORE_DUE, reviewReminderAt } from "./review-window.ts";

/**
 * Claims the reports whose one reminder is due: still with the person, no reminder yet, and at
 * most two working days before the window ends. The claim is one conditional UPDATE, so running
 * the hourly job twice (or in two processes) reminds each report once.
 */
export async function claimReviewReminders(db: Database, now = new Date()): Promise<string[]> {
  // Two working days before the due date is at most eight calendar days before it (Christmas,
  // its substitute days and a weekend in between); the exact rule is checked per row below.
  const horizon = new Date(now.getTime() + (REMINDER_WORKING_DAYS_BEFORE_DUE + 6) * 86_400_000);
  const candidates = await db
    .select({ id: report.id, reviewDueAt: report.reviewDueAt })
    .from(report)
    .where(
      and(
        eq(report.status, "awaiting_subject"),
        isNull(report.reviewReminderSentAt),
        lte(report.reviewDueAt, horizon),
      ),
    )
    .limit(500);
  const claimed: string[] = [];
  for (const c of candidates) {
    if (!c.reviewDueAt || reviewReminderAt(c.reviewDueAt).getTime() > now.getTime()) continue;
    const [row] = await db
      .update(report)
      .set({ reviewReminderSentAt: now })
      .where(
        and(
          eq(report.id, c.id),
          eq(report.status, "awaiting_subject"),
          isNull(report.reviewReminderSentAt),
        ),
      )
      .returning({ id: report.id });
    if (row) claimed.push(row.id);
  }
  return claimed;
}

/**
 * E-mails the person a fresh link to their report. Only the token's hash is stored; if the mail
 * cannot be sent the new link is revoked and the job throws, so pg-boss retries.
 */
export async function sendReviewReminder(
  deps: { db: Database; mailer: Mailer; publicUrl: string },
  { reportId, now = new Date() }: { reportId: string; now?: Date },
): Promise<"sent" | "skipped"> {
  // A job, so its system scope: read through the builder like every read by id (§3b).
  const scope = systemScope(deps.db, REPORT_REVIEW_REMINDER_JOB, { now });
  const [row] = await deps.db
    .select({ report, referral })
    .from(report)
    .innerJoin(referral, eq(referral.id, report.referralId))
    .where(and(eq(report.id, reportId), visibleReports(scope)));
  if (
    row?.report.status !== "awaiting_subject" ||
    row.referral.status !== "awaiting_subject" ||
    !row.report.reviewDueAt
  )
    return "skipped";
  const { token } = await issueInvitationToken(deps.db, {
    referralId: row.referral.id,
    invitedAt: now,
    now,
  });
  const mail = reviewReminderEmail({
    subjectName: row.referral.subjectName,
    organisationName: await organisationDisplayName(deps.db, row.referral.organisationId),
    link: new URL(`/assessment/${token}/report`, deps.publicUrl).toString(),
    dueAt: row.report.reviewDueAt,
  });
  await mailNewLink(deps, { token, message: { to: row.referral.subjectEmail, ...mail }, now });
  return "sent";
}
