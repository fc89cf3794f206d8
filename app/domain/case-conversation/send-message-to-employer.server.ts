import { auditCase } from "~/domain/doctor/case-access.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { referralRecipients } from "~/domain/referrals/employer-notice.server.ts";
import { postMessage } from "./case-thread.server.ts";
import { doctorMessageEmail } from "./conversation-emails.ts";
import { writeAsDoctor } from "./doctor-message.server.ts";
import { employerDisclosureGate } from "./employer-disclosure.server.ts";

type SendResult =
  | { ok: true; messageId: string }
  | { ok: false; message: string; refusals?: string[] };

/**
 * The doctor on the case writes to the employer (docs/architecture.md §4, "The case
 * conversation"). What the doctor writes passes the disclosure gate of a report
 * (`checkEmployerMessage`): a clinical statement goes to the employer only where the person agreed
 * to release it in the released report; anything else is refused with each finding named, and
 * nothing is stored or sent. The owner and named managers of the referral are e-mailed that a
 * message is waiting, with no text.
 */
export function sendMessageToEmployer(
  scope: Scope,
  {
    referralId,
    body,
    sharedWithPerson = false,
  }: { referralId: string; body: string; sharedWithPerson?: boolean },
): Promise<SendResult> {
  return writeAsDoctor(
    scope,
    { referralId, body },
    async (tx, queue, { doctor, current, message }) => {
      const refusals = (await employerDisclosureGate(tx, doctor, current))(message.body);
      if (refusals.length > 0) {
        // The refusal is audited by kind of outcome, never with the words refused.
        await auditCase(tx, doctor, current.id, "conversation.message_refused", {
          thread: "employer_doctor",
          findings: refusals.length,
        });
        return {
          ok: false as const,
          message:
            "This message would tell the employer clinical detail the employee has not agreed to share. Nothing was sent.",
          refusals,
        };
      }
      const messageId = await postMessage(tx, {
        ...message,
        thread: "employer_doctor",
        sharedWithPerson,
      });
      await auditCase(tx, doctor, current.id, "conversation.message_sent", {
        thread: "employer_doctor",
        messageId,
        sharedWithPerson,
      });
      const recipients = await referralRecipients(tx, current);
      await queue(
        recipients.map((to) => ({
          to,
          ...doctorMessageEmail({
            reference: current.reference,
            urgent: current.urgent,
            referralUrl: new URL(
              `/employer-referrals/${current.id}#messages`,
              doctor.adapters.publicUrl,
            ).toString(),
          }),
        })),
        { referralId: current.id },
      );
      return { ok: true as const, messageId };
    },
  );
}
