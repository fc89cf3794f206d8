import { z } from "zod";
import {
  DocumentList,
  DocumentSent,
  DocumentUploadForm,
} from "~/components/case-conversation/case-documents.tsx";
import { CaseThread } from "~/components/case-conversation/case-thread.tsx";
import { PageBackLink } from "~/components/page-back-link.tsx";
import { getCaseDocuments } from "~/domain/case-conversation/get-case-documents.server.ts";
import { getPersonConversation } from "~/domain/case-conversation/get-person-conversation.server.ts";
import { sendPersonMessage } from "~/domain/case-conversation/send-person-message.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { caseDocumentUpload } from "../shared/case-document-actions.server.ts";
import { caseMessageAction } from "../shared/case-message-action.server.ts";
import type { Route } from "./+types/documents";
import { requireAssessmentLink } from "./link.server.ts";
import { assessmentPath } from "./paths.ts";

/*
 * The person's documents (docs/architecture.md §4, "The case conversation"): a fit note or a
 * letter they send the doctor, which their employer never sees, and what the doctor or the
 * employer shared with them.
 */

export const meta: Route.MetaFunction = () => privatePageMeta("Messages and documents");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { scope, referral } = await requireAssessmentLink(context, params.token);
  const { documents, state } = await getCaseDocuments(scope, { referralKey: "" });
  const conversation = await getPersonConversation(scope, referral);
  const sent = new URL(request.url).searchParams.get("sent");
  return { token: params.token, documents, state, conversation, sent };
}

/** Two forms on the page: a message to the doctor, or a document. */
const personPageIntent = z.object({
  intent: z.string().transform((intent) => (intent === "message" ? "message" : "upload")),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const { scope } = await requireAssessmentLink(context, params.token);
  const formData = await request.formData();
  const backTo = assessmentPath(params.token, "documents");
  const sent = parseSubmission(formData, personPageIntent);
  if (sent.status === "success" && sent.value.intent === "message")
    return caseMessageAction(formData, ({ body }) => sendPersonMessage(scope, { body }), backTo);
  return caseDocumentUpload(formData, scope, "", backTo);
}

export default function SubjectDocuments({ loaderData, actionData }: Route.ComponentProps) {
  const { token, documents, state, conversation, sent } = loaderData;
  const messageRefused = actionData && "form" in actionData ? actionData : undefined;
  const uploadRefused = actionData && !("form" in actionData) ? actionData : undefined;
  return (
    <div className="grid max-w-prose gap-8">
      <PageBackLink to={assessmentPath(token)}>Back to your assessment</PageBackLink>
      <div>
        <h1 className="font-semibold text-3xl leading-tight">Messages and documents</h1>
        <p className="mt-2">
          Write to the occupational health doctor, or send them a fit note or a letter from your GP
          or a specialist. Your employer does not see what you send here.
        </p>
      </div>
      <CaseThread
        viewer="subject"
        messages={conversation.messages}
        state={conversation.state}
        lastResult={messageRefused?.result}
        refusals={[]}
        justSent={sent === "message" && !messageRefused}
      />
      <section aria-labelledby="documents-heading" className="grid gap-4">
        <h2 id="documents-heading" className="font-semibold text-xl">
          Your documents
        </h2>
        {sent === "document" && !actionData ? <DocumentSent /> : null}
        <DocumentList
          viewer="subject"
          documents={documents}
          hrefOf={(id) => assessmentPath(token, "documents", id)}
        />
        <DocumentUploadForm viewer="subject" state={state} lastResult={uploadRefused?.result} />
      </section>
    </div>
  );
}
