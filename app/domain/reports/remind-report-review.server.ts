import { and, eq, isNull, lte } from "drizzle-orm";
import { referral, report } from "~/db/schema/index.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { requireSystem } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReports } from "~/domain/kernel/visibility.server.ts";
import { issueInvitationToken, mailNewLink } from "~/domain/referrals/invitations.server.ts";
import { organisationDisplayName } from "~/domain/referrals/organisation-name.server.ts";
import { reviewReminderEmail } from "./report-emails.ts";
import { REMINDER_WORKING_DAYS_BEFORE_DUE, reviewReminderAt } from "./review-window.ts";

/**
 * Claims the reports whose one reminder is due: still with the person, no reminder yet, and at
 * most two working days before the window ends. The claim is one conditional UPDATE, so running
 * the hourly job twice (or in two processes) reminds each report once.
 */
export async function claimReviewReminders(
  scope: Scope,
  /**
   * Queues the reminder of a claimed report, in the claim's own transaction: a crash between the
   * claim and the queueing can no longer leave a report claimed and its reminder never sent.
   */
  onClaimed: (tx: Tx, reportId: string) => Promise<void>,
): Promise<string[]> {
  const { db, now } = requireSystem(scope);
  // Two working days before the due date is at most eight calendar days before it (Christmas,
  // its substitute days and a weekend in between); the exact rule is checked per row below.
  const horizon = new Date(now.getTime() + (REMINDER_WORKING_DAYS_BEFORE_DUE + 6) * 86_400_000);
  const candidates = await db
    .select({ id: report.id, reviewDueAt: report.reviewDueAt })
    .from(report)
    .where(
      and(
        visibleReports(scope),
        eq(report.status, "awaiting_subject"),
        isNull(report.reviewReminderSentAt),
        lte(report.reviewDueAt, horizon),
      ),
    )
    .limit(500);
  const claimed: string[] = [];
  for (const c of candidates) {
    if (!c.reviewDueAt || reviewReminderAt(c.reviewDueAt).getTime() > now.getTime()) continue;
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
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
      if (row) await onClaimed(tx, row.id);
      return row?.id;
    });
    if (id) claimed.push(id);
  }
  return claimed;
}

/**
 * E-mails the person a fresh link to their report. Only the token's hash is stored; if the mail
 * cannot be sent the new link is revoked and the job throws, so pg-boss retries.
 */
export async function sendReviewReminder(
  scope: Scope,
  { reportId }: { reportId: string },
): Promise<"sent" | "skipped"> {
  const { db, now } = requireSystem(scope);
  const [row] = await db
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
  const { token } = await issueInvitationToken(db, {
    referralId: row.referral.id,
    invitedAt: now,
    now,
  });
  const mail = reviewReminderEmail({
    subjectName: row.referral.subjectName,
    organisationName: await organisationDisplayName(db, row.referral.organisationId),
    link: new URL(`/assessment/${token}/report`, scope.adapters.publicUrl).toString(),
    dueAt: row.report.reviewDueAt,
  });
  await mailNewLink(scope, { token, message: { to: row.referral.subjectEmail, ...mail } });
  return "sent";
}
