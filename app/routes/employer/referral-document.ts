import { downloadCaseDocument } from "~/domain/case-conversation/download-case-document.server.ts";
import { getReferralForEmployer } from "~/domain/referrals/get-referral.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { caseDocumentDownload } from "../shared/case-document-actions.server.ts";
import type { Route } from "./+types/referral-document";

/** One of a referral's documents the employer may read, as a download (audited). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const scope = currentScope(context);
  return caseDocumentDownload(async () => {
    const referral = await getReferralForEmployer(scope, params.referralId);
    return downloadCaseDocument(scope, { referralId: referral.id, documentId: params.documentId });
  });
}
