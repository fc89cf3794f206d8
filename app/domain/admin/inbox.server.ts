import { and, count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { contactMessage, interestRegistration } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import {
  type AdminRequest,
  adminPageSize,
  type Page,
  pageOf,
  parsePage,
  requireAdministrator,
} from "./guard.ts";

import { type InboxKind, type InboxState, inboxKinds, inboxStates } from "./inbox.ts";

export type { InboxKind };

export interface InboxFilter {
  kind: InboxKind;
  state: InboxState;
  page: number;
}

export function parseInboxFilter(params: URLSearchParams): InboxFilter {
  const kind = params.get("kind");
  const state = params.get("state");
  return {
    kind: inboxKinds.includes(kind as InboxKind) ? (kind as InboxKind) : "contact",
    state: inboxStates.includes(state as InboxState) ? (state as InboxState) : "open",
    page: parsePage(params.get("page")),
  };
}

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

const tables = { contact: contactMessage, interest: interestRegistration } as const;

export async function listInbox(
  db: Database,
  input: { actor: Actor; filter: InboxFilter },
): Promise<Page<InboxItem> & { open: Record<InboxKind, number> }> {
  requireAdministrator(input.actor);
  const { kind, state, page } = input.filter;
  const table = tables[kind];
  const where: SQL | undefined =
    state === "open"
      ? isNull(table.handledAt)
      : state === "handled"
        ? isNotNull(table.handledAt)
        : undefined;
  const [total] = await db.select({ count: count() }).from(table).where(where);
  const offset = (page - 1) * adminPageSize;
  const rows: InboxItem[] =
    kind === "contact"
      ? (
          await db
            .select()
            .from(contactMessage)
            .where(where)
            .orderBy(desc(contactMessage.createdAt), desc(contactMessage.id))
            .limit(adminPageSize)
            .offset(offset)
        ).map((m) => ({
          id: m.id,
          kind,
          createdAt: m.createdAt,
          name: m.name,
          email: m.email,
          company: m.company,
          body: m.message,
          handledAt: m.handledAt,
        }))
      : (
          await db
            .select()
            .from(interestRegistration)
            .where(where)
            .orderBy(desc(interestRegistration.createdAt), desc(interestRegistration.id))
            .limit(adminPageSize)
            .offset(offset)
        ).map((r) => ({
          id: r.id,
          kind,
          createdAt: r.createdAt,
          name: r.fullName,
          email: r.email,
          company: r.companyName,
          body: r.role,
          handledAt: r.handledAt,
        }));
  const [openContacts] = await db
    .select({ count: count() })
    .from(contactMessage)
    .where(isNull(contactMessage.handledAt));
  const [openInterest] = await db
    .select({ count: count() })
    .from(interestRegistration)
    .where(isNull(interestRegistration.handledAt));
  return {
    ...pageOf(rows, page, total?.count ?? 0),
    open: { contact: openContacts?.count ?? 0, interest: openInterest?.count ?? 0 },
  };
}

/** Marks a message or registration as dealt with; marking it twice changes nothing. */
export async function markInboxItemHandled(
  db: Database,
  input: { actor: Actor; kind: InboxKind; id: string; request: AdminRequest; now?: Date },
): Promise<"handled" | "already-handled" | "not-found"> {
  requireAdministrator(input.actor);
  if (!/^[0-9a-f-]{36}$/i.test(input.id)) return "not-found";
  const table = tables[input.kind];
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(table)
      .set({ handledAt: input.now ?? new Date(), handledBy: input.actor.userId })
      .where(and(eq(table.id, input.id), isNull(table.handledAt)))
      .returning({ id: table.id });
    if (updated.length === 0) {
      const [exists] = await tx.select({ id: table.id }).from(table).where(eq(table.id, input.id));
      return exists ? "already-handled" : "not-found";
    }
    await recordAuditEvent(tx, {
      action: "admin.enquiry_handled",
      outcome: "success",
      actor: { id: input.actor.userId, role: input.actor.role },
      object: {
        type: input.kind === "contact" ? "contact_message" : "interest_registration",
        id: input.id,
      },
      request: input.request,
    });
    return "handled";
  });
}
