import type { referral } from "~/db/schema/index.ts";
import { lockOwnCase } from "~/domain/doctor/case-access.server.ts";
import type { DoctorActor } from "~/domain/kernel/actor.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import { type QueueMail, transactionWithMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { authorNameOf, messageBodyOf, requireThreadOpen } from "./case-thread.server.ts";

/** The doctor's message as every thread stores it; the thread and what follows are the caller's. */
interface DoctorMessage {
  referralId: string;
  authorUserId: string;
  authorRole: "doctor";
  authorName: string;
  body: string;
  sentAt: Date;
}

/**
 * What the doctor's messages to the employer and to the person share (docs/architecture.md §4,
 * "The case conversation"): the text checked with the form's rule, the doctor's own case locked,
 * the doctor's side of the conversation open, and the message written in the doctor's name. `send`
 * stores it in its thread, in the same transaction, and queues who is told.
 */
export async function writeAsDoctor<Sent>(
  scope: Scope,
  { referralId, body }: { referralId: string; body: string },
  send: (
    tx: Tx,
    queue: QueueMail,
    writing: {
      doctor: Scope<DoctorActor>;
      current: typeof referral.$inferSelect;
      message: DoctorMessage;
    },
  ) => Promise<Sent>,
): Promise<Sent | { ok: false; message: string }> {
  const doctor = requireDoctor(scope);
  const { actor, now } = doctor;
  const parsed = messageBodyOf(body);
  if (!parsed.ok) return parsed;
  return transactionWithMail(doctor, async (tx, queue) => {
    const current = await lockOwnCase(tx, doctor, referralId);
    await requireThreadOpen(tx, doctor, "doctor", current);
    const message: DoctorMessage = {
      referralId: current.id,
      authorUserId: actor.userId,
      authorRole: "doctor",
      authorName: await authorNameOf(tx, actor.userId),
      body: parsed.text,
      sentAt: now,
    };
    return send(tx, queue, { doctor, current, message });
  });
}
