import { and, eq, or, type SQL } from "drizzle-orm";
import type { caseDocument, caseMessage } from "~/db/schema/index.ts";

/** The case conversation's two tables: its messages and its documents, each in a thread of a case. */
export type ThreadItems = typeof caseMessage | typeof caseDocument;

/**
 * What the person reads of a case's messages or documents (docs/architecture.md §4, "The case
 * conversation"): their own thread with the doctor, and what the doctor or an uploader shared with
 * them from the employer's thread.
 */
export function personsThreadItems(table: ThreadItems, referralId: string): SQL {
  return and(
    eq(table.referralId, referralId),
    or(eq(table.thread, "person_doctor"), eq(table.sharedWithPerson, true)),
  ) as SQL;
}
