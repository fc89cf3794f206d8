import { and, eq } from "drizzle-orm";
import { caseDocument } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleCaseDocuments } from "~/domain/kernel/visibility.server.ts";
import { isUuid } from "~/lib/ids.ts";
import { downloadName } from "./document-rules.ts";

const extensions: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
};

/**
 * One document of a case, opened for download by someone who may read it (docs/architecture.md
 * §4): through the documents' visibility builder and on the case the address names, so another
 * case's, or a document of a thread this side does not read, is not found. Each download is
 * audited with the document's id, never its name.
 */
export async function downloadCaseDocument(
  scope: Scope,
  { referralId, documentId }: { referralId: string; documentId: string },
) {
  if (!isUuid(documentId) || !isUuid(referralId))
    throw new DomainError("not_found", "Document not found.");
  const [row] = await scope.db
    .select({
      id: caseDocument.id,
      referralId: caseDocument.referralId,
      fileName: caseDocument.fileName,
      contentType: caseDocument.contentType,
      content: caseDocument.content,
    })
    .from(caseDocument)
    .where(
      and(
        eq(caseDocument.id, documentId),
        eq(caseDocument.referralId, referralId),
        visibleCaseDocuments(scope),
      ),
    );
  if (!row) throw new DomainError("not_found", "Document not found.");
  await recordAuditEventAs(scope, {
    action: "conversation.document_downloaded",
    object: { type: "referral", id: row.referralId },
    details: { documentId: row.id },
  });
  return {
    bytes: Buffer.from(row.content, "base64"),
    contentType: row.contentType,
    fileName: downloadName(row.fileName, extensions[row.contentType] ?? "bin"),
  };
}
