import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { consultation, referral, user } from "~/db/schema/index.ts";
import { requireSystem } from "~/domain/kernel/guards.ts";
import { outboxMailer, transactionWithMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { issueInvitationToken } from "~/domain/referrals/invitations.server.ts";
import { roomUrl } from "./booking.server.ts";
import { reminderEmail } from "./emails.ts";

export const CONSULTATION_REMINDER_JOB = "consultation-reminders";

const HOUR = 3_600_000;

/**
 * Sends the 24-hour and 1-hour reminders that are due. Each reminder is claimed by setting its
 * timestamp in the same UPDATE that finds it, so a second run — or a second worker — finds
 * nothing to send. A booking made less than an hour ahead gets only the 1-hour reminder. The
 * claims and the e-mails are one transaction (docs/architecture.md §8, "The mail outbox"): a
 * crash after the claim can no longer lose a reminder, and they are sent once it commits.
 */
export async function sendDueConsultationReminders(
  scope: Scope,
): Promise<{ sent24h: number; sent1h: number }> {
  const system = requireSystem(scope);
  const { now } = system;
  return transactionWithMail(system, async (db, queue) => {
    const claimed1h = await db
      .update(consultation)
      .set({ reminder1hSentAt: now, reminder24hSentAt: now })
      .where(
        and(
          eq(consultation.status, "booked"),
          isNull(consultation.reminder1hSentAt),
          gt(consultation.startsAt, now),
          lte(consultation.startsAt, new Date(now.getTime() + HOUR)),
        ),
      )
      .returning();
    const claimed24h = await db
      .update(consultation)
      .set({ reminder24hSentAt: now })
      .where(
        and(
          eq(consultation.status, "booked"),
          isNull(consultation.reminder24hSentAt),
          gt(consultation.startsAt, new Date(now.getTime() + HOUR)),
          lte(consultation.startsAt, new Date(now.getTime() + 24 * HOUR)),
        ),
      )
      .returning();
    for (const [rows, lead] of [
      [claimed24h, "24h"],
      [claimed1h, "1h"],
    ] as const) {
      for (const c of rows) {
        const [r] = await db
          .select()
          .from(referral)
          .where(and(eq(referral.id, c.referralId), visibleReferrals(scope)));
        const [doctor] = await db
          .select({ name: user.name, email: user.email })
          .from(user)
          .where(eq(user.id, c.doctorId));
        if (!r || !c.startsAt) continue;
        const { token } = await issueInvitationToken(db, {
          referralId: r.id,
          invitedAt: now,
          now,
        });
        const mailer = outboxMailer(queue, { referralId: r.id });
        await mailer.send({
          to: r.subjectEmail,
          ...reminderEmail({
            recipientName: r.subjectName,
            reference: r.reference,
            start: c.startsAt,
            joinUrl: roomUrl(scope.adapters.publicUrl, c.id, token),
            lead,
          }),
        });
        if (doctor?.email)
          await mailer.send({
            to: doctor.email,
            ...reminderEmail({
              recipientName: doctor.name,
              reference: r.reference,
              start: c.startsAt,
              joinUrl: roomUrl(scope.adapters.publicUrl, c.id),
              lead,
              urgent: r.urgent,
            }),
          });
      }
    }
    return { sent24h: claimed24h.length, sent1h: claimed1h.length };
  });
}
