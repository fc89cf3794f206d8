import { and, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { contactMessage, interestRegistration } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Page } from "~/domain/kernel/list.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import type { InboxFilter, InboxKind } from "./inbox.ts";
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

/** Each inbox's table, and its columns under the names the page shows. */
const inboxes = {
  contact: {
    table: contactMessage,
    columns: {
      id: contactMessage.id,
      createdAt: contactMessage.createdAt,
      name: contactMessage.name,
      email: contactMessage.email,
      company: contactMessage.company,
      body: contactMessage.message,
      handledAt: contactMessage.handledAt,
    },
  },
  interest: {
    table: interestRegistration,
    columns: {
      id: interestRegistration.id,
      createdAt: interestRegistration.createdAt,
      name: interestRegistration.fullName,
      email: interestRegistration.email,
      company: interestRegistration.companyName,
      body: interestRegistration.role,
      handledAt: interestRegistration.handledAt,
    },
  },
} as const;

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

/** Marks a message or registration as dealt with; marking it twice changes nothing. */
export async function markInboxItemHandled(
  scope: Scope,
  input: { kind: InboxKind; id: string },
): Promise<"handled" | "already-handled" | "not-found"> {
  const { db, now, actor } = requireAdmin(scope);
  if (!/^[0-9a-f-]{36}$/i.test(input.id)) return "not-found";
  const { table } = inboxes[input.kind];
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(table)
      .set({ handledAt: now, handledBy: actor.userId })
      .where(and(eq(table.id, input.id), isNull(table.handledAt)))
      .returning({ id: table.id });
    if (updated.length === 0) {
      const [exists] = await tx.select({ id: table.id }).from(table).where(eq(table.id, input.id));
      return exists ? "already-handled" : "not-found";
    }
    await recordAuditEventAs(
      scope,
      {
        action: "admin.enquiry_handled",
        object: {
          type: input.kind === "contact" ? "contact_message" : "interest_registration",
          id: input.id,
        },
      },
      tx,
    );
    return "handled";
  });
}
