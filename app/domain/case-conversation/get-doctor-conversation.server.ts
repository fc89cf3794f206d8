import type { CaseThread } from "~/db/schema/index.ts";
import { auditCase, ownCase } from "~/domain/doctor/case-access.server.ts";
import type { DoctorActor } from "~/domain/kernel/actor.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { readThread, threadStateOf } from "./case-thread.server.ts";

/** One thread of the doctor's own case as the doctor reads it (marking the other side's read). */
function readAsDoctor(doctor: Scope<DoctorActor>, referralId: string, thread: CaseThread) {
  return readThread(doctor.db, doctor, {
    referralId,
    thread,
    reader: "doctor",
    readerUserId: doctor.actor.userId,
  });
}

/**
 * The doctor's side of both threads (docs/architecture.md §4, "The case conversation"): only the
 * doctor the case is assigned to (a doctor who sees it in the queue, or for its urgent flag, is
 * told it is not found). Reading marks the employer's and the person's messages read, and is
 * audited.
 */
export async function getDoctorConversation(scope: Scope, { referralId }: { referralId: string }) {
  const doctor = requireDoctor(scope);
  const { db } = doctor;
  const row = await ownCase(db, doctor, referralId);
  const [messages, personMessages] = [
    await readAsDoctor(doctor, row.id, "employer_doctor"),
    await readAsDoctor(doctor, row.id, "person_doctor"),
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
  const { db } = doctor;
  const row = await ownCase(db, doctor, referralId);
  const messages = await readAsDoctor(doctor, row.id, "person_doctor");
  const state = await threadStateOf(db, doctor, "doctor", row);
  await auditCase(db, doctor, row.id, "conversation.read", {
    threads: ["person_doctor"],
    messagesShown: messages.length,
  });
  return { messages, state };
}
