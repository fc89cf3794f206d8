import { auditCase, ownCase } from "~/domain/doctor/case-access.server.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { readThread, threadStateOf } from "./case-thread.server.ts";

/**
 * The doctor's side of both threads (docs/architecture.md §4, "The case conversation"): only the
 * doctor the case is assigned to (a doctor who sees it in the queue, or for its urgent flag, is
 * told it is not found). Reading marks the employer's and the person's messages read, and is
 * audited.
 */
export async function getDoctorConversation(scope: Scope, { referralId }: { referralId: string }) {
  const doctor = requireDoctor(scope);
  const { db, actor } = doctor;
  const row = await ownCase(db, doctor, referralId);
  const [messages, personMessages] = [
    await readThread(db, doctor, {
      referralId: row.id,
      thread: "employer_doctor",
      reader: "doctor",
      readerUserId: actor.userId,
    }),
    await readThread(db, doctor, {
      referralId: row.id,
      thread: "person_doctor",
      reader: "doctor",
      readerUserId: actor.userId,
    }),
  ];
  const state = await threadStateOf(db, doctor, "doctor", row);
  await auditCase(db, doctor, row.id, "conversation.read", {
    threads: ["employer_doctor", "person_doctor"],
    messagesShown: messages.length + personMessages.length,
  });
  return { messages, personMessages, state };
}

/**
 * The person's thread alone, where the doctor writes the report: the editor's "ask the employee"
 * box writes into it (`sendMessageToPerson`). Reading marks the person's messages read and is
 * audited; the employer's thread stays unread until the doctor opens the case page.
 */
export async function getDoctorPersonThread(scope: Scope, { referralId }: { referralId: string }) {
  const doctor = requireDoctor(scope);
  const { db, actor } = doctor;
  const row = await ownCase(db, doctor, referralId);
  const messages = await readThread(db, doctor, {
    referralId: row.id,
    thread: "person_doctor",
    reader: "doctor",
    readerUserId: actor.userId,
  });
  const state = await threadStateOf(db, doctor, "doctor", row);
  await auditCase(db, doctor, row.id, "conversation.read", {
    threads: ["person_doctor"],
    messagesShown: messages.length,
  });
  return { messages, state };
}
