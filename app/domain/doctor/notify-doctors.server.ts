import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import {
  doctorProfile,
  type OutboxMessage,
  referral,
  slaWarning,
  user,
} from "~/db/schema/index.ts";
import { requireSystem } from "~/domain/kernel/guards.ts";
import { queueMail, sendQueuedMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { claimDueReferrals } from "~/domain/referrals/claim-due-referrals.server.ts";
import { caseSubmittedEmail, slaWarningEmail } from "./doctor-emails.ts";
import { SLA_AT_RISK_FRACTION, slaRunningStatuses } from "./doctor-queue.ts";

export const CASE_SUBMITTED_JOB = "doctor-case-submitted";
export const SLA_WARNING_JOB = "doctor-sla-warnings";

/** Active doctors who have set a password (verified address): the people who can take a case. */
async function activeDoctorEmails(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(doctorProfile)
    .innerJoin(user, eq(user.id, doctorProfile.userId))
    .where(
      and(eq(doctorProfile.active, true), eq(user.emailVerified, true), eq(user.role, "doctor")),
    );
  return rows.map((r) => r.email);
}

/**
 * A case entered the queue (its draft is ready): every active doctor hears of it. The e-mails are
 * written to the mail outbox under the submission's key and sent at once (docs/architecture.md
 * §8, "The mail outbox"), so a retried job tells no doctor twice and a failed send is the drain's.
 */
export async function notifyDoctorsOfSubmission(
  scope: Scope,
  { referralId }: { referralId: string },
): Promise<number> {
  const [row] = await scope.db
    .select({
      reference: referral.reference,
      status: referral.status,
      urgent: referral.urgent,
      contactedAt: referral.safetyContactedAt,
      submittedAt: referral.submittedAt,
    })
    .from(referral)
    .where(and(eq(referral.id, referralId), visibleReferrals(scope)));
  // Someone may have taken it already; then there is nobody left to tell.
  if (row?.status !== "submitted") return 0;
  const dashboardUrl = new URL("/doctor-dashboard", scope.adapters.publicUrl).toString();
  const recipients = await activeDoctorEmails(scope.db);
  const mail = caseSubmittedEmail({
    reference: row.reference,
    dashboardUrl,
    urgent: row.urgent,
    contactedAt: row.contactedAt,
  });
  const key = `case-submitted:${referralId}:${row.submittedAt?.toISOString() ?? ""}`;
  const queued = await scope.db.transaction((tx) =>
    queueMail(
      tx,
      { now: scope.now, referralId, key },
      recipients.map((to) => ({ to, ...mail })),
    ),
  );
  await sendQueuedMail(scope, queued);
  return queued.length;
}

/**
 * The SLA warning: each open case that has used 75 % of its turnaround is claimed once in
 * `sla_warning`, and the e-mails to its doctor (if any) and the administrators are written to the
 * mail outbox in the same transaction and sent once it commits, so a repeated run sends nothing
 * twice and a failed send is the drain's.
 */
export async function sendSlaWarnings(scope: Scope): Promise<number> {
  const { db, now } = requireSystem(scope);
  const iso = now.toISOString();
  const due = await db
    .select({
      id: referral.id,
      reference: referral.reference,
      slaDueAt: referral.slaDueAt,
      assignedDoctorId: referral.assignedDoctorId,
      organisationId: referral.organisationId,
      urgent: referral.urgent,
    })
    .from(referral)
    .leftJoin(slaWarning, eq(slaWarning.referralId, referral.id))
    .where(
      and(
        visibleReferrals(scope),
        inArray(referral.status, [...slaRunningStatuses]),
        isNotNull(referral.slaDueAt),
        isNotNull(referral.submittedAt),
        isNull(slaWarning.referralId),
        sql`${iso}::timestamptz >= ${referral.submittedAt} + (${referral.slaDueAt} - ${referral.submittedAt}) * ${SLA_AT_RISK_FRACTION}::float8`,
      ),
    )
    .limit(200);
  if (due.length === 0) return 0;
  const admins = await db.select({ email: user.email }).from(user).where(eq(user.role, "admin"));
  const dashboardUrl = new URL("/doctor-dashboard", scope.adapters.publicUrl).toString();
  const adminUrl = new URL("/admin", scope.adapters.publicUrl).toString();
  return claimDueReferrals(scope, due, "referral.sla_warning", async (tx, queue, c) => {
    const claimed = await tx
      .insert(slaWarning)
      .values({ referralId: c.id, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: slaWarning.referralId });
    if (claimed.length === 0) return null;
    const mail = {
      reference: c.reference,
      dueAt: c.slaDueAt!,
      assigned: c.assignedDoctorId !== null,
      urgent: c.urgent,
    };
    const messages: OutboxMessage[] = [];
    if (c.assignedDoctorId) {
      const [doctor] = await tx
        .select({ email: user.email })
        .from(user)
        .where(eq(user.id, c.assignedDoctorId));
      if (doctor)
        messages.push({ to: doctor.email, ...slaWarningEmail({ ...mail, dashboardUrl }) });
    }
    for (const admin of admins)
      messages.push({ to: admin.email, ...slaWarningEmail({ ...mail, dashboardUrl: adminUrl }) });
    await queue(messages);
    return { assigned: c.assignedDoctorId !== null, admins: admins.length };
  });
}
