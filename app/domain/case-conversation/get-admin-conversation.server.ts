import { and, asc, eq } from "drizzle-orm";
import { caseMessage, referral } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleCaseMessages, visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { messageColumns } from "./case-thread.server.ts";
import { adminConversationForm } from "./conversation-rules.ts";
import { listCaseDocuments } from "./list-case-documents.server.ts";

/**
 * Both threads of a case and its documents' list (docs/architecture.md §4, "The case
 * conversation"), for an administrator who says why: the reason is required and stands on the
 * audit event with how much was shown. Never opened by just viewing the case.
 */
export async function getAdminConversation(
  scope: Scope,
  { referralId, accessReason }: { referralId: string; accessReason: string },
) {
  const admin = requireAdmin(scope);
  const reason = adminConversationForm.shape.accessReason.safeParse(accessReason);
  if (!reason.success)
    throw new DomainError(
      "invalid_input",
      reason.error.issues[0]?.message ?? "Say why you need to read it.",
    );
  const [row] = await admin.db
    .select({ id: referral.id, organisationId: referral.organisationId })
    .from(referral)
    .where(and(eq(referral.id, referralId), visibleReferrals(admin)));
  if (!row) throw new DomainError("not_found", "Case not found.");
  const [messages, documents] = await Promise.all([
    admin.db
      .select({ ...messageColumns, thread: caseMessage.thread })
      .from(caseMessage)
      .where(and(eq(caseMessage.referralId, row.id), visibleCaseMessages(admin)))
      .orderBy(asc(caseMessage.thread), asc(caseMessage.sentAt)),
    listCaseDocuments(admin, { referralId: row.id }),
  ]);
  await recordAuditEventAs(admin, {
    action: "admin.conversation_opened",
    object: { type: "referral", id: row.id },
    organisationId: row.organisationId,
    details: {
      accessReason: reason.data,
      messagesShown: messages.length,
      documentsShown: documents.length,
    },
  });
  return { messages, documents };
}
