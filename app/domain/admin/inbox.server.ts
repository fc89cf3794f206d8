import { desc, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { contactMessage, interestRegistration } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Page } from "~/domain/kernel/list.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import type { InboxFilter, InboxKind } from "./inbox.ts";
import { inboxes } from "./inbox-tables.ts";
import { countRows, readPage } from "./list.server.ts";

export type { InboxKind };

export interface InboxItem {
  id: string;
  kind: InboxKind;
  createdAt: Date;
  name: string;
  email: string;
  company: string | null;
  /** The message, or the role given when registering interest. */
  body: string;
  handledAt: Date | null;
}

/** Messages and registrations nobody has handled yet, by inbox. */
export async function openEnquiries(db: Executor): Promise<Record<InboxKind, number>> {
  return {
    contact: await countRows(db, contactMessage, isNull(contactMessage.handledAt)),
    interest: await countRows(db, interestRegistration, isNull(interestRegistration.handledAt)),
  };
}

export async function listInbox(
  scope: Scope,
  { kind, state, page }: InboxFilter,
): Promise<Page<InboxItem> & { open: Record<InboxKind, number> }> {
  const { db } = requireAdmin(scope);
  const inbox = inboxes[kind];
  const where: SQL | undefined =
    state === "open"
      ? isNull(inbox.table.handledAt)
      : state === "handled"
        ? isNotNull(inbox.table.handledAt)
        : undefined;
  const rows = await readPage(db, {
    table: inbox.table,
    where,
    page,
    rows: async (limit, offset) => {
      const rows = await db
        .select(inbox.columns)
        .from(inbox.table as PgTable)
        .where(where)
        .orderBy(desc(inbox.columns.createdAt), desc(inbox.columns.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row): InboxItem => ({ ...row, kind }));
    },
  });
  return { ...rows, open: await openEnquiries(db) };
}
