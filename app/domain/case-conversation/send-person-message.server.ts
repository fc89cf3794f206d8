import {
  auditSubjectEvent,
  lockSubjectReferral,
} from "~/domain/assessments/lock-referral.server.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import { transactionWithMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import {
  messageBodyOf,
  postMessage,
  requireThreadOpen,
  tellAssignedDoctor,
} from "./case-thread.server.ts";
import { personMessageEmail } from "./conversation-emails.ts";

/**
 * The person writes to the doctor from their link (docs/architecture.md §4, "The case
 * conversation"), while the case is open for them; the employer never reads it. The doctor on the
 * case, once one has taken it, is e-mailed that a message is waiting, with no text.
 */
export async function sendPersonMessage(
  scope: Scope,
  { body }: { body: string },
): Promise<{ ok: true; messageId: string } | { ok: false; message: string }> {
  const subject = requireSubject(scope);
  const { now } = subject;
  const parsed = messageBodyOf(body);
  if (!parsed.ok) return parsed;
  return transactionWithMail(subject, async (tx, queue) => {
    const current = await lockSubjectReferral(tx, subject);
    await requireThreadOpen(tx, subject, "subject", current);
    const messageId = await postMessage(tx, {
      referralId: current.id,
      thread: "person_doctor",
      authorRole: "person",
      authorName: current.subjectName,
      body: parsed.text,
      sentAt: now,
    });
    await auditSubjectEvent(tx, subject, {
      action: "conversation.message_sent",
      details: { thread: "person_doctor", messageId },
    });
    await tellAssignedDoctor(
      tx,
      queue,
      current,
      personMessageEmail({
        reference: current.reference,
        urgent: current.urgent,
        caseUrl: new URL(
          `/doctor/cases/${current.id}#person-messages`,
          subject.adapters.publicUrl,
        ).toString(),
      }),
    );
    return { ok: true as const, messageId };
  });
}
