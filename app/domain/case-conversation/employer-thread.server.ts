import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import {
  type CaseAuthorRole,
  caseMessage,
  type referral,
  report,
  user,
} from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleCaseMessages, visibleReports } from "~/domain/kernel/visibility.server.ts";
import { employerThreadState, type ThreadState } from "./conversation-rules.ts";

/*
 * The employer–doctor thread as both sides read it (docs/architecture.md §4, "The case
 * conversation"). Helpers of the use cases beside this file: each caller has already reached the
 * referral through its own visibility, and every read of the messages goes through
 * `visibleCaseMessages` as well.
 */

interface ThreadMessage {
  id: string;
  authorRole: CaseAuthorRole;
  authorName: string;
  body: string;
  sentAt: Date;
  readAt: Date | null;
  /** Written by the reader themselves. */
  mine: boolean;
}

const employerRoles = ["owner", "hr_admin", "manager"] as const satisfies CaseAuthorRole[];

/**
 * The thread's messages, oldest first, and the other side's unread ones marked read now: the
 * employer reading marks the doctor's, the doctor reading marks the employer's.
 */
export async function readEmployerThread(
  db: Executor,
  scope: Scope,
  {
    referralId,
    reader,
    readerUserId,
  }: { referralId: string; reader: "employer" | "doctor"; readerUserId: string },
): Promise<ThreadMessage[]> {
  const inThread = and(
    eq(caseMessage.referralId, referralId),
    eq(caseMessage.thread, "employer_doctor"),
    visibleCaseMessages(scope),
  );
  const rows = await db
    .select({
      id: caseMessage.id,
      authorUserId: caseMessage.authorUserId,
      authorRole: caseMessage.authorRole,
      authorName: caseMessage.authorName,
      body: caseMessage.body,
      sentAt: caseMessage.sentAt,
      readAt: caseMessage.readAt,
    })
    .from(caseMessage)
    .where(inThread)
    .orderBy(asc(caseMessage.sentAt));
  const othersRoles: CaseAuthorRole[] = reader === "employer" ? ["doctor"] : [...employerRoles];
  if (rows.some((m) => m.readAt === null && othersRoles.includes(m.authorRole)))
    await db
      .update(caseMessage)
      .set({ readAt: scope.now })
      .where(
        and(inThread, inArray(caseMessage.authorRole, othersRoles), isNull(caseMessage.readAt)),
      );
  return rows.map(({ authorUserId, ...m }) => ({ ...m, mine: authorUserId === readerUserId }));
}

/** When the case's report was released (null before), through the reader's report visibility. */
async function releasedAtOf(db: Executor, scope: Scope, referralId: string) {
  const [row] = await db
    .select({ releasedAt: report.releasedAt })
    .from(report)
    .where(
      and(eq(report.referralId, referralId), eq(report.status, "released"), visibleReports(scope)),
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

/** A write to a closed thread: the page was open while the case moved on. */
export function threadClosed(state: Extract<ThreadState, { open: false }>): DomainError {
  return new DomainError("invalid_state", state.reason);
}

/** The author's name as it is now, kept on the message as it was when written. */
export async function authorNameOf(db: Executor, userId: string): Promise<string> {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name ?? "Unknown";
}
