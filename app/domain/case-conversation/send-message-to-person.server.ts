import { caseMessage } from "~/db/schema/index.ts";
import { auditCase, lockOwnCase } from "~/domain/doctor/case-access.server.ts";
import { informationRequestEmail } from "~/domain/doctor/doctor-emails.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import { transactionWithMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { issueInvitationToken } from "~/domain/referrals/invitations.server.ts";
import { authorNameOf, messageBodyOf, threadClosed, threadStateOf } from "./case-thread.server.ts";

/**
 * The doctor on the case writes to the person in their own thread (docs/architecture.md §4, "The
 * case conversation"), while the case is open to the doctor. It is the person's own health, so no
 * disclosure gate; the employer never reads this thread. The person is e-mailed a fresh link to
 * read it (the message itself stays behind the link, as every question from the doctor does).
 */
export async function sendMessageToPerson(
  scope: Scope,
  { referralId, body }: { referralId: string; body: string },
): Promise<{ ok: true; messageId: string } | { ok: false; message: string }> {
  const doctor = requireDoctor(scope);
  const { actor, now } = doctor;
  const parsed = messageBodyOf(body);
  if (!parsed.ok) return parsed;
  return transactionWithMail(doctor, async (tx, queue) => {
    const current = await lockOwnCase(tx, doctor, referralId);
    const state = await threadStateOf(tx, doctor, "doctor", current);
    if (!state.open) throw threadClosed(state);
    const [message] = await tx
      .insert(caseMessage)
      .values({
        referralId: current.id,
        thread: "person_doctor",
        authorUserId: actor.userId,
        authorRole: "doctor",
        authorName: await authorNameOf(tx, actor.userId),
        body: parsed.text,
        sentAt: now,
      })
      .returning({ id: caseMessage.id });
    await auditCase(tx, doctor, current.id, "conversation.message_sent", {
      thread: "person_doctor",
      messageId: message!.id,
    });
    const { token } = await issueInvitationToken(tx, {
      referralId: current.id,
      invitedAt: now,
      now,
    });
    await queue(
      [
        {
          to: current.subjectEmail,
          ...informationRequestEmail({
            subjectName: current.subjectName,
            reference: current.reference,
            link: new URL(`/assessment/${token}/documents`, doctor.adapters.publicUrl).toString(),
          }),
        },
      ],
      { referralId: current.id },
    );
    return { ok: true as const, messageId: message!.id };
  });
}
