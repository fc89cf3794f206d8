import { DocumentsLink } from "~/components/case-conversation/case-documents.tsx";
import {
  CaseThread,
  NewMessagesNotice,
  unreadCount,
} from "~/components/case-conversation/case-thread.tsx";
import { CasePageHeading } from "~/components/case-page-heading.tsx";
import {
  CaseActionOutcome,
  CaseActions,
  CaseDetails,
  CaseFacts,
} from "~/components/doctor/case-details.tsx";
import { EarlierCases } from "~/components/doctor/earlier-cases.tsx";
import { casePageIntent } from "~/domain/case-conversation/conversation-rules.ts";
import { getDoctorConversation } from "~/domain/case-conversation/get-doctor-conversation.server.ts";
import { listCaseDocuments } from "~/domain/case-conversation/list-case-documents.server.ts";
import { sendMessageToEmployer } from "~/domain/case-conversation/send-message-to-employer.server.ts";
import { sendMessageToPerson } from "~/domain/case-conversation/send-message-to-person.server.ts";
import { getEarlierCases } from "~/domain/doctor/earlier-cases.server.ts";
import { getDoctorCase } from "~/domain/doctor/get-doctor-case.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { caseMessageAction } from "../shared/case-message-action.server.ts";
import type { Route } from "./+types/case";
import { doctorCaseAction } from "./case-actions.server.ts";

/*
 * The doctor's case as a page of its own: what the dashboard's sheet shows, with the same
 * actions (take and open the editor, record a safety contact attempt), as server-rendered links
 * and forms that work without JavaScript. The dashboard's rows link here; with JavaScript a click
 * opens the sheet over the list instead.
 */

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(`Referral ${loaderData?.detail.referral.reference ?? ""}`);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  try {
    const scope = currentScope(context);
    // Read, authorised for this doctor (another doctor's case is not found) and audited.
    const detail = await getDoctorCase(scope, {
      referralId: params.referralId,
      purpose: "case",
    });
    // The employer's thread is the doctor's on the case only (docs/architecture.md §4).
    const [conversation, documents] = detail.mine
      ? await Promise.all([
          getDoctorConversation(scope, { referralId: detail.referral.id }),
          listCaseDocuments(scope, { referralId: detail.referral.id }),
        ])
      : [null, []];
    // A follow-up's earlier cases, where the person let this doctor on it see them (else none).
    const earlierCases = detail.mine
      ? await getEarlierCases(scope, { referralId: detail.referral.id, purpose: "case" })
      : [];
    const messageSent = new URL(request.url).searchParams.get("sent") === "message";
    return { detail, conversation, messageSent, documentCount: documents.length, earlierCases };
  } catch (error) {
    throw refusalResponse(error, refusalMessage);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await request.clone().formData();
  const sent = parseSubmission(formData, casePageIntent);
  if (sent.status === "success" && sent.value.intent === "message")
    return caseMessageAction(
      formData,
      ({ body, thread, shareWithPerson }) =>
        thread === "person_doctor"
          ? sendMessageToPerson(currentScope(context), { referralId: params.referralId, body })
          : sendMessageToEmployer(currentScope(context), {
              referralId: params.referralId,
              body,
              sharedWithPerson: shareWithPerson === "on",
            }),
      `/doctor/cases/${encodeURIComponent(params.referralId)}`,
    );
  return doctorCaseAction(request, context);
}

export default function DoctorCase({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, conversation, messageSent, documentCount, earlierCases } = loaderData;
  const r = detail.referral;
  const messageRefused = actionData && "form" in actionData ? actionData : undefined;
  const caseOutcome = actionData && "intent" in actionData ? actionData : undefined;
  const attemptResult =
    caseOutcome &&
    !caseOutcome.ok &&
    caseOutcome.intent === "contact-attempt" &&
    "result" in caseOutcome
      ? caseOutcome.result
      : undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <CasePageHeading
        back={{ to: "/doctor-dashboard", label: "Back to the dashboard" }}
        title={`Referral Details: ${r.reference}`}
        subjectName={r.subjectName}
        issue={r.issue}
      >
        <CaseFacts detail={detail} />
      </CasePageHeading>

      {caseOutcome ? <CaseActionOutcome outcome={caseOutcome} className="mt-6" /> : null}
      {conversation ? (
        <NewMessagesNotice
          className="mt-6"
          threads={[
            { viewer: "doctor", count: unreadCount(conversation.messages, "doctor") },
            {
              viewer: "doctor-person",
              count: unreadCount(conversation.personMessages, "doctor"),
            },
          ]}
        />
      ) : null}

      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <CaseActions detail={detail} />
      </div>

      <div className="mt-8 space-y-8">
        <CaseDetails detail={detail} attemptResult={attemptResult} headingLevel={2} />
        <EarlierCases cases={earlierCases} />
        {conversation ? (
          <>
            {/* The doctor's two threads: with the employer, where the page's "sent" notice
                belongs, and with the employee. */}
            {(
              [
                ["doctor", conversation.messages, messageSent && !messageRefused],
                ["doctor-person", conversation.personMessages, false],
              ] as const
            ).map(([viewer, messages, justSent]) => (
              <CaseThread
                key={viewer}
                viewer={viewer}
                messages={messages}
                state={conversation.state}
                lastResult={messageRefused?.result}
                refusals={messageRefused?.refusals ?? []}
                justSent={justSent}
              />
            ))}
            <DocumentsLink
              to={`/doctor/cases/${r.id}/documents`}
              count={documentCount}
              intro="What the employer and the employee sent, and what you shared with either."
            />
          </>
        ) : null}
      </div>
    </div>
  );
}
