import { auditCase } from "~/domain/doctor/case-access.server.ts";
import { informationRequestEmail } from "~/domain/doctor/doctor-emails.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { issueInvitationToken } from "~/domain/referrals/invitations.server.ts";
import { postMessage } from "./case-thread.server.ts";
import { writeAsDoctor } from "./doctor-message.server.ts";

/**
 * The doctor on the case writes to the person in their own thread (docs/architecture.md §4, "The
 * case conversation"), while the case is open to the doctor. It is the person's own health, so no
 * disclosure gate; the employer never reads this thread. The person is e-mailed a fresh link to
 * read it (the message itself stays behind the link, as every question from the doctor does).
 */
export function sendMessageToPerson(
  scope: Scope,
  { referralId, body }: { referralId: string; body: string },
): Promise<{ ok: true; messageId: string } | { ok: false; message: string }> {
  return writeAsDoctor(
    scope,
    { referralId, body },
    async (tx, queue, { doctor, current, message }) => {
      const messageId = await postMessage(tx, { ...message, thread: "person_doctor" });
      await auditCase(tx, doctor, current.id, "conversation.message_sent", {
        thread: "person_doctor",
        messageId,
      });
      const { token } = await issueInvitationToken(tx, {
        referralId: current.id,
        invitedAt: message.sentAt,
        now: message.sentAt,
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
      return { ok: true as const, messageId };
    },
  );
}
