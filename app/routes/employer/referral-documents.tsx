import { CaseDocumentsPage } from "~/components/case-conversation/case-documents.tsx";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { caseDocumentsPage, caseDocumentUpload } from "../shared/case-document-actions.server.ts";
import type { Route } from "./+types/referral-documents";

/*
 * A referral's documents, for the employer (docs/architecture.md §4, "The case conversation"):
 * what the organisation sent the doctor and what the doctor shared with it, never the person's;
 * and the form to send the doctor a job description, a risk assessment or a fit note.
 */

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(`Documents: ${loaderData?.referral.reference ?? "referral"}`);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return caseDocumentsPage(currentScope(context), request, params.referralId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const key = params.referralId;
  return caseDocumentUpload(
    await request.formData(),
    currentScope(context),
    key,
    `/employer-referrals/${encodeURIComponent(key)}/documents`,
  );
}

export default function ReferralDocuments({ loaderData, actionData }: Route.ComponentProps) {
  const { referral, documents, state, sent } = loaderData;
  return (
    <CaseDocumentsPage
      viewer="employer"
      casePath={`/employer-referrals/${referral.id}`}
      caseLabel="referral"
      referral={referral}
      documents={documents}
      state={state}
      sent={sent}
      lastResult={actionData?.result}
    />
  );
}
