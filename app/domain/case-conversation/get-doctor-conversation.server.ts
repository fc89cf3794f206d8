import { auditCase, ownCase } from "~/domain/doctor/case-access.server.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { readEmployerThread, threadStateOf } from "./employer-thread.server.ts";

/**
 * The doctor's side of the employer's thread (docs/architecture.md §4, "The case conversation"):
 * only the doctor the case is assigned to (a doctor who sees it in the queue, or for its urgent
 * flag, is told it is not found). Reading marks the employer's messages read, and is audited.
 */
export async function getDoctorConversation(scope: Scope, { referralId }: { referralId: string }) {
  const doctor = requireDoctor(scope);
  const { db, actor } = doctor;
  const row = await ownCase(db, doctor, referralId);
  const messages = await readEmployerThread(db, doctor, {
    referralId: row.id,
    reader: "doctor",
    readerUserId: actor.userId,
  });
  const state = await threadStateOf(db, doctor, "doctor", row);
  await auditCase(db, doctor, row.id, "conversation.read", {
    thread: "employer_doctor",
    messagesShown: messages.length,
  });
  return { messages, state };
}
