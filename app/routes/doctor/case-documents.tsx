import { CaseDocumentsPage } from "~/components/case-conversation/case-documents.tsx";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { caseDocumentsPage, caseDocumentUpload } from "../shared/case-document-actions.server.ts";
import type { Route } from "./+types/case-documents";

/*
 * A case's documents, for the doctor on it (docs/architecture.md §4, "The case conversation"):
 * everything the employer and the person sent, and what the doctor shared with either; and the
 * form to send a document to the employer's thread or the person's.
 */

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(`Documents: ${loaderData?.referral.reference ?? "case"}`);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // The doctor on the case only: another doctor's is not found.
  return caseDocumentsPage(currentScope(context), request, params.referralId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const referralKey = params.referralId;
  return caseDocumentUpload(
    await request.formData(),
    currentScope(context),
    referralKey,
    `/doctor/cases/${encodeURIComponent(referralKey)}/documents`,
  );
}

export default function CaseDocuments({ loaderData, actionData }: Route.ComponentProps) {
  const { referral, documents, state, sent } = loaderData;
  return (
    <CaseDocumentsPage
      viewer="doctor"
      casePath={`/doctor/cases/${referral.id}`}
      caseLabel="case"
      referral={referral}
      documents={documents}
      state={state}
      sent={sent}
      lastResult={actionData?.result}
    />
  );
}
