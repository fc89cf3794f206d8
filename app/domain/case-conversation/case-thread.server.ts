import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import {
  type CaseAuthorRole,
  type CaseThread,
  caseMessage,
  type OutboxMessage,
  type referral,
  report,
  user,
} from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { QueueMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleCaseMessages, visibleReports } from "~/domain/kernel/visibility.server.ts";
import { caseMessageForm, employerThreadState, type ThreadState } from "./conversation-rules.ts";
import { othersOf } from "./unread-messages.server.ts";

/*
 * The employer–doctor thread as both sides read it (docs/architecture.md §4, "The case
 * conversation"). Helpers of the use cases beside this file: each caller has already reached the
 * referral through its own visibility, and every read of the messages goes through
 * `visibleCaseMessages` as well.
 */

/** What every reader of a thread is shown of a message. */
export const messageColumns = {
  id: caseMessage.id,
  authorRole: caseMessage.authorRole,
  authorName: caseMessage.authorName,
  body: caseMessage.body,
  sentAt: caseMessage.sentAt,
  readAt: caseMessage.readAt,
  sharedWithPerson: caseMessage.sharedWithPerson,
};

interface ThreadMessage {
  id: string;
  authorRole: CaseAuthorRole;
  authorName: string;
  body: string;
  sentAt: Date;
  readAt: Date | null;
  /** A doctor's employer-thread message the person may read too. */
  sharedWithPerson: boolean;
  /** Written by the reader themselves. */
  mine: boolean;
}

/**
 * A thread's messages this reader may see, oldest first, and the other side's unread ones marked
 * read now: the employer's or the person's opening marks the doctor's, the doctor's opening marks
 * the employer's or the person's. The person's view of their thread also holds what the doctor
 * shared with them from the employer's (`visibleCaseMessages`).
 */
export async function readThread(
  db: Executor,
  scope: Scope,
  {
    referralId,
    thread,
    reader,
    readerUserId,
  }: {
    referralId: string;
    thread: CaseThread;
    reader: "employer" | "doctor" | "subject";
    readerUserId: string | null;
  },
): Promise<ThreadMessage[]> {
  const inThread = and(
    eq(caseMessage.referralId, referralId),
    // The person reads one list: their thread and what was shared with them.
    reader === "subject" ? undefined : eq(caseMessage.thread, thread),
    visibleCaseMessages(scope),
  );
  const rows = await db
    .select({ ...messageColumns, authorUserId: caseMessage.authorUserId })
    .from(caseMessage)
    .where(inThread)
    .orderBy(asc(caseMessage.sentAt));
  const othersRoles = othersOf(reader, thread);
  // A shared employer-thread message is read by the employer's side, not marked by the person.
  const marks =
    reader === "subject" ? and(inThread, eq(caseMessage.thread, "person_doctor")) : inThread;
  if (rows.some((m) => m.readAt === null && othersRoles.includes(m.authorRole)))
    await db
      .update(caseMessage)
      .set({ readAt: scope.now })
      .where(and(marks, inArray(caseMessage.authorRole, othersRoles), isNull(caseMessage.readAt)));
  return rows.map(({ authorUserId, ...m }) => ({
    ...m,
    mine: reader === "subject" ? m.authorRole === "person" : authorUserId === readerUserId,
  }));
}

/** When the case's report was released (null before), through the reader's report visibility. */
async function releasedAtOf(db: Executor, scope: Scope, referralId: string) {
  const [row] = await db
    .select({ releasedAt: report.releasedAt })
    .from(report)
    .where(
      and(
        eq(report.referralId, referralId),
        isNotNull(report.releasedVersion),
        visibleReports(scope),
      ),
    );
  return row?.releasedAt ?? null;
}

/** Whether this side may write now, or the refusal that says why not. */
export async function threadStateOf(
  db: Executor,
  scope: Scope,
  side: "employer" | "doctor" | "subject",
  row: Pick<typeof referral.$inferSelect, "id" | "status">,
): Promise<ThreadState> {
  const releasedAt = row.status === "complete" ? await releasedAtOf(db, scope, row.id) : null;
  return employerThreadState(side, { status: row.status, releasedAt }, scope.now);
}

/**
 * Before a write: this side's thread must be open now (`threadStateOf`). A closed one means the
 * page was open while the case moved on, and the write is refused with the reason.
 */
export async function requireThreadOpen(...at: Parameters<typeof threadStateOf>): Promise<void> {
  const state = await threadStateOf(...at);
  if (!state.open) throw new DomainError("invalid_state", state.reason);
}

/** The author's name as it is now, kept on the message as it was when written. */
export async function authorNameOf(db: Executor, userId: string): Promise<string> {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name ?? "Unknown";
}

/** A message's text, checked with the form's own rule again: the domain does not trust the page. */
export function messageBodyOf(
  body: string,
): { ok: true; text: string } | { ok: false; message: string } {
  const parsed = caseMessageForm.shape.body.safeParse(body);
  return parsed.success
    ? { ok: true, text: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? "Check your message." };
}

/** Stores one message as written, by whom and when, and returns its id. */
export async function postMessage(
  db: Executor,
  message: typeof caseMessage.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(caseMessage).values(message).returning({ id: caseMessage.id });
  return row!.id;
}

/**
 * Queues a notice for the doctor on the case, once one has taken it; before that nobody is told,
 * and whoever takes the case finds the message waiting on it.
 */
export async function tellAssignedDoctor(
  db: Executor,
  queue: QueueMail,
  row: { id: string; assignedDoctorId: string | null },
  notice: Omit<OutboxMessage, "to">,
): Promise<void> {
  const to = await assignedDoctorEmail(db, row.assignedDoctorId);
  if (to) await queue([{ to, ...notice }], { referralId: row.id });
}

/** Where a notice for the doctor on the case goes: their address, or none before one takes it. */
export async function assignedDoctorEmail(
  db: Executor,
  doctorId: string | null,
): Promise<string | null> {
  if (!doctorId) return null;
  const [doctor] = await db.select({ email: user.email }).from(user).where(eq(user.id, doctorId));
  return doctor?.email ?? null;
}
