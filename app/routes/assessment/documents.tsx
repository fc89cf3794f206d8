import {
  DocumentList,
  DocumentSent,
  DocumentUploadForm,
} from "~/components/case-conversation/case-documents.tsx";
import { PageBackLink } from "~/components/page-back-link.tsx";
import { getCaseDocuments } from "~/domain/case-conversation/get-case-documents.server.ts";
import {
  reachUploadCase,
  uploadCaseDocument,
} from "~/domain/case-conversation/upload-case-document.server.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { caseDocumentUpload } from "../shared/case-document-actions.server.ts";
import type { Route } from "./+types/documents";
import { requireAssessmentLink } from "./link.server.ts";
import { assessmentPath } from "./paths.ts";

/*
 * The person's documents (docs/architecture.md §4, "The case conversation"): a fit note or a
 * letter they send the doctor, which their employer never sees, and what the doctor or the
 * employer shared with them.
 */

export const meta: Route.MetaFunction = () => privatePageMeta("Your documents");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { scope } = await requireAssessmentLink(context, params.token);
  const { documents, state } = await getCaseDocuments(scope, { referralKey: "" });
  return {
    token: params.token,
    documents,
    state,
    sent: new URL(request.url).searchParams.get("sent") === "document",
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { scope } = await requireAssessmentLink(context, params.token);
  return caseDocumentUpload(
    await request.formData(),
    {
      reach: () => reachUploadCase(scope, { referralKey: "" }),
      upload: (input) => uploadCaseDocument(scope, { ...input, referralKey: "" }),
    },
    assessmentPath(params.token, "documents"),
  );
}

export default function SubjectDocuments({ loaderData, actionData }: Route.ComponentProps) {
  const { token, documents, state, sent } = loaderData;
  return (
    <div className="grid max-w-prose gap-6">
      <PageBackLink to={assessmentPath(token)}>Back to your assessment</PageBackLink>
      <div>
        <h1 className="font-semibold text-3xl leading-tight">Your documents</h1>
        <p className="mt-2">
          Send the occupational health doctor a fit note, or a letter from your GP or a specialist.
          Your employer does not see what you send here.
        </p>
      </div>
      {sent && !actionData ? <DocumentSent /> : null}
      <DocumentList
        viewer="subject"
        documents={documents}
        hrefOf={(id) => assessmentPath(token, "documents", id)}
      />
      <DocumentUploadForm viewer="subject" state={state} lastResult={actionData?.result} />
    </div>
  );
}
