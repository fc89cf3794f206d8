import { downloadCaseDocument } from "~/domain/case-conversation/download-case-document.server.ts";
import { caseDocumentDownload } from "../shared/case-document-actions.server.ts";
import type { Route } from "./+types/document";
import { requireAssessmentLink } from "./link.server.ts";

/** A document the person sent, or one shared with them, as a download (audited). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { scope, referral } = await requireAssessmentLink(context, params.token);
  return caseDocumentDownload(() =>
    downloadCaseDocument(scope, { referralId: referral.id, documentId: params.documentId }),
  );
}
