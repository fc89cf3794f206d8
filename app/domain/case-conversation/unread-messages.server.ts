import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { type CaseAuthorRole, type CaseThread, caseMessage, referral } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleCaseMessages } from "~/domain/kernel/visibility.server.ts";

/*
 * What is unread, and for whom (docs/architecture.md §4, "The case conversation"). A message is
 * read once the other side opens its thread: `readThread` (case-thread.server.ts) marks the
 * messages written by `othersOf(reader, thread)`, and the lists' "new message" flag asks for
 * exactly those still unmarked, so a case stops being flagged when its page has been opened.
 */

const employerRoles = ["owner", "hr_admin", "manager"] as const satisfies CaseAuthorRole[];

/** Whose messages a reader's opening of a thread marks read: the other side's. */
export function othersOf(
  reader: "employer" | "doctor" | "subject",
  thread: CaseThread,
): CaseAuthorRole[] {
  if (reader !== "doctor") return ["doctor"];
  return thread === "employer_doctor" ? [...employerRoles] : ["person"];
}

/** The threads a list's reader opens on the case page, and what opening each would mark. */
function unmarkedFor(reader: "employer" | "doctor"): SQL {
  const threads: CaseThread[] =
    reader === "employer" ? ["employer_doctor"] : ["employer_doctor", "person_doctor"];
  return or(
    ...threads.map((thread) =>
      and(
        eq(caseMessage.thread, thread),
        inArray(caseMessage.authorRole, othersOf(reader, thread)),
      ),
    ),
  ) as SQL;
}

/**
 * For a list of cases read `from(referral)`: whether the row's case holds a message the caller's
 * side has not opened yet, as one boolean and nothing else (no count, no thread, no text). The
 * employer is asked about the employer–doctor thread only, so a list never tells them whether the
 * person's thread holds anything; the doctor about both, on the cases assigned to them
 * (`visibleCaseMessages`: a case in the open queue has no conversation of theirs yet). Anyone
 * else, nothing.
 *
 * A correlated EXISTS in the select list: Postgres evaluates it for the rows the page returns
 * (after the sort and limit), and each probe reads `case_message_unread_idx`, which holds only
 * unread messages, so the cost follows the page's size, not the case's or the table's history.
 * `offset 0` keeps it a probe per row: without it the planner may turn the EXISTS into a hash of
 * every unread message of its kind, joined to the visibility's referrals, built for each page
 * (seen on PGlite with 300 cases), a cost that grows with every case of every organisation.
 */
export function hasNewMessage(scope: Scope): SQL<boolean> {
  const reader = scope.actor.role;
  if (reader !== "employer" && reader !== "doctor") return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${caseMessage} where ${and(
    eq(caseMessage.referralId, referral.id),
    isNull(caseMessage.readAt),
    unmarkedFor(reader),
    visibleCaseMessages(scope),
  )} offset 0)`;
}
