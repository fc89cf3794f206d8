import { and, eq, isNull } from "drizzle-orm";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import type { InboxKind } from "./inbox.ts";
import { inboxes } from "./inbox-tables.ts";

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
