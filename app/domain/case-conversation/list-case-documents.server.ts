import { and, asc, eq } from "drizzle-orm";
import { caseDocument } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleCaseDocuments } from "~/domain/kernel/visibility.server.ts";

/**
 * The documents on a case that this caller may read (docs/architecture.md §4, "The case
 * conversation"), oldest first: what they are, who sent them and when, never their content. The
 * caller has already reached the case through its own visibility (its page's loader); the
 * documents' own builder decides which of them this side reads.
 */
export async function listCaseDocuments(scope: Scope, { referralId }: { referralId: string }) {
  return scope.db
    .select({
      id: caseDocument.id,
      kind: caseDocument.kind,
      thread: caseDocument.thread,
      fileName: caseDocument.fileName,
      contentType: caseDocument.contentType,
      size: caseDocument.size,
      uploaderRole: caseDocument.uploaderRole,
      uploaderName: caseDocument.uploaderName,
      sharedWithPerson: caseDocument.sharedWithPerson,
      uploadedAt: caseDocument.uploadedAt,
    })
    .from(caseDocument)
    .where(and(eq(caseDocument.referralId, referralId), visibleCaseDocuments(scope)))
    .orderBy(asc(caseDocument.uploadedAt));
}
