import { downloadCaseDocument } from "~/domain/case-conversation/download-case-document.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { caseDocumentDownload } from "../shared/case-document-actions.server.ts";
import type { Route } from "./+types/case-document";

/** One of the case's documents, for the doctor on it, as a download (audited). */
export function loader({ params, context }: Route.LoaderArgs) {
  return caseDocumentDownload(() =>
    downloadCaseDocument(currentScope(context), {
      referralId: params.referralId,
      documentId: params.documentId,
    }),
  );
}
