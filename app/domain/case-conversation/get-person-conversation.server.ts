import { and, count, eq, isNull } from "drizzle-orm";
import { caseMessage } from "~/db/schema/index.ts";
import { auditSubjectEvent } from "~/domain/assessments/lock-referral.server.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleCaseMessages } from "~/domain/kernel/visibility.server.ts";
import { readThread, threadStateOf } from "./case-thread.server.ts";

/**
 * The person's side of the conversation (docs/architecture.md §4, "The case conversation"): their
 * thread with the doctor, and what the doctor shared with them of the employer's thread, never the
 * rest of it. Reading marks the doctor's messages read, and is audited.
 */
export async function getPersonConversation(
  scope: Scope,
  referral: { id: string; status: Parameters<typeof threadStateOf>[3]["status"] },
) {
  const subject = requireSubject(scope);
  const messages = await readThread(subject.db, subject, {
    referralId: subject.actor.referralId,
    thread: "person_doctor",
    reader: "subject",
    readerUserId: null,
  });
  const state = await threadStateOf(subject.db, subject, "subject", {
    id: subject.actor.referralId,
    status: referral.status,
  });
  await auditSubjectEvent(subject.db, subject, {
    action: "conversation.read",
    details: { thread: "person_doctor", messagesShown: messages.length },
  });
  return { messages, state };
}

/**
 * How many of the doctor's messages in the person's thread they have not opened yet, for the
 * link's landing page to point them to it: a count, no text, and nothing marked read.
 */
export async function newDoctorMessageCount(scope: Scope): Promise<number> {
  const subject = requireSubject(scope);
  const [row] = await subject.db
    .select({ n: count() })
    .from(caseMessage)
    .where(
      and(
        eq(caseMessage.referralId, subject.actor.referralId),
        eq(caseMessage.thread, "person_doctor"),
        eq(caseMessage.authorRole, "doctor"),
        isNull(caseMessage.readAt),
        visibleCaseMessages(subject),
      ),
    );
  return row?.n ?? 0;
}
