import { MailIcon, SendIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { data, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { DocumentsLink } from "~/components/case-conversation/case-documents.tsx";
import {
  CaseThread,
  NewMessagesNotice,
  unreadCount,
} from "~/components/case-conversation/case-thread.tsx";
import { CasePageHeading } from "~/components/case-page-heading.tsx";
import { PostIntentForm, useSubmittingIntent } from "~/components/forms/intent-form.tsx";
import {
  type CaseConfirmation,
  cancelWording,
  closeConfirmation,
  reinviteConfirmation,
} from "~/components/referrals/referral-confirmations.ts";
import {
  DownloadReportButton,
  EditDraftLink,
  FollowUpLink,
  NewReferralLink,
  offersAction,
  PayNowButton,
  ReferralDetails,
  type ReferralDrawerData,
  ReferralFacts,
  referralTitle,
  shownReport,
} from "~/components/referrals/referral-details.tsx";
import type { DrawerAction } from "~/components/referrals/referral-drawer-states.ts";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { casePageIntent } from "~/domain/case-conversation/conversation-rules.ts";
import { getEmployerConversation } from "~/domain/case-conversation/get-employer-conversation.server.ts";
import { listCaseDocuments } from "~/domain/case-conversation/list-case-documents.server.ts";
import { sendMessageToDoctor } from "~/domain/case-conversation/send-message-to-doctor.server.ts";
import { closeReferral } from "~/domain/referrals/close-referral.server.ts";
import { cn } from "~/lib/cn";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { referralErrorResponse } from "~/middleware/employer.server.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { caseMessageAction } from "../shared/case-message-action.server.ts";
import type { Route } from "./+types/referral";
import {
  cancelReferralAndRefund,
  reinviteAndSend,
  sendReferralReminder,
} from "./referral-actions.server.ts";
import { loadReferralDetails } from "./referral-drawer.server.ts";

/*
 * A referral's own page: what the drawer shows, with its actions as server-rendered links and
 * forms, so an employer can read it, send a reminder, cancel it, invite the person again after the
 * link lapsed and close a complete case without JavaScript. Cancelling, re-inviting and closing
 * each have a confirmation step of their own (?confirm=cancel, =reinvite, =close), rendered by the
 * server, before the POST.
 * The dashboard's and the list's links lead here; with JavaScript they open the drawer instead.
 */

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(loaderData ? referralTitle(loaderData.referral) : "Referral");

/** The actions the page confirms as a state of its own (`?confirm=`) before their POST. */
const confirmedActions = ["cancel", "reinvite", "close"] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Through the employer's visibility (another organisation's is not found); a released report
  // is read and audited.
  const referral = await loadReferralDetails(context, params.referralId, "referral_page").catch(
    referralErrorResponse,
  );
  const url = new URL(request.url);
  const confirm = url.searchParams.get("confirm");
  // The employer–doctor thread: read, marked read and audited (docs/architecture.md §4).
  const scope = currentScope(context);
  const [conversation, documents] = await Promise.all([
    getEmployerConversation(scope, { referralKey: referral.id }),
    listCaseDocuments(scope, { referralId: referral.id }),
  ]);
  // Each confirmation only where the page offers its control (the drawer's rule).
  const confirming =
    confirmedActions.find((action) => action === confirm && offersAction(referral, action)) ?? null;
  const sent = url.searchParams.get("sent");
  return {
    referral,
    documentCount: documents.length,
    confirming,
    conversation,
    messageSent: sent === "message",
    invitationSent: sent === "invitation",
  };
}

const referralPageFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remind") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("reinvite") }),
  z.object({ intent: z.literal("close") }),
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const key = params.referralId;
  const sent = parseSubmission(formData, casePageIntent);
  if (sent.status === "success" && sent.value.intent === "message")
    return caseMessageAction(
      formData,
      ({ body }) => sendMessageToDoctor(currentScope(context), { referralKey: key, body }),
      `/employer-referrals/${encodeURIComponent(key)}`,
    );
  const submission = parseSubmission(formData, referralPageFormSchema);
  if (submission.status !== "success")
    return data({ ok: false as const, message: "Unknown action." }, { status: 400 });
  try {
    const page = `/employer-referrals/${encodeURIComponent(key)}`;
    switch (submission.value.intent) {
      case "remind":
        await sendReferralReminder(context, key);
        return { ok: true as const, intent: "remind" as const };
      case "reinvite":
        await reinviteAndSend(context, key);
        // Back to the page, now invited again, which says the e-mail went.
        return redirect(`${page}?sent=invitation`);
      case "close":
        await closeReferral(currentScope(context), key);
        // Back to the page, which now says the case is closed.
        return redirect(page);
    }
    const notice = await cancelReferralAndRefund(context, key);
    // Back to the page, which now says the referral is cancelled and what came back.
    return redirect(`/employer-referrals/${encodeURIComponent(key)}?${notice}`);
  } catch (error) {
    return refusalResponse(error, refusalMessage);
  }
}

export default function EmployerReferral({ loaderData, actionData }: Route.ComponentProps) {
  const { referral, confirming, conversation, messageSent, invitationSent, documentCount } =
    loaderData;
  const messageRefused = actionData && "form" in actionData ? actionData : undefined;
  const buttonOutcome = actionData && "ok" in actionData ? actionData : undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <CasePageHeading
        back={{ to: "/employer-referrals", label: "All referrals" }}
        title={referralTitle(referral)}
        subjectName={referral.subjectName}
        issue={referral.issue}
      >
        <ReferralFacts referral={referral} />
      </CasePageHeading>

      {buttonOutcome ? (
        buttonOutcome.ok ? (
          <Alert role="status" className="mt-6">
            <MailIcon aria-hidden="true" />
            <AlertTitle>Reminder Sent</AlertTitle>
            <AlertDescription>
              Reminder email sent to {referral.subjectName} with assessment code and link
            </AlertDescription>
          </Alert>
        ) : (
          <Alert variant="destructive" className="mt-6">
            <AlertTitle>Not done</AlertTitle>
            <AlertDescription>{buttonOutcome.message}</AlertDescription>
          </Alert>
        )
      ) : null}

      {invitationSent && !buttonOutcome ? (
        <Alert role="status" className="mt-6" data-testid="invitation-sent">
          <SendIcon aria-hidden="true" />
          <AlertTitle>New invitation sent</AlertTitle>
          <AlertDescription>
            We have e-mailed {referral.subjectName} a new link to the assessment, which works for 14
            days. Nothing was charged.
          </AlertDescription>
        </Alert>
      ) : null}

      <NewMessagesNotice
        className="mt-6"
        threads={[{ viewer: "employer", count: unreadCount(conversation.messages, "employer") }]}
      />

      {confirming === "cancel" ? (
        <CancelConfirmation referral={referral} />
      ) : confirming === "reinvite" ? (
        <PageConfirmation referral={referral} confirmation={reinviteConfirmation} />
      ) : confirming === "close" ? (
        <PageConfirmation referral={referral} confirmation={closeConfirmation} />
      ) : (
        <PageActions referral={referral} />
      )}

      <div className="mt-8 space-y-8">
        <ReferralDetails referral={referral} headingLevel={2} />
        <CaseThread
          viewer="employer"
          messages={conversation.messages}
          state={conversation.state}
          lastResult={messageRefused?.result}
          refusals={messageRefused?.refusals ?? []}
          justSent={messageSent && !messageRefused}
          awaitingDoctor={!conversation.doctorAssigned}
        />
        {conversation.state.open || documentCount > 0 ? (
          <DocumentsLink
            to={`/employer-referrals/${referral.id}/documents`}
            count={documentCount}
            intro="Send the doctor a job description, a risk assessment or a fit note, and read what the doctor shares with you."
          />
        ) : null}
      </div>
    </div>
  );
}

/**
 * A link to a confirmation, as the page's own state (`?confirm=`), never the action itself; it
 * reads as the drawer's button for the same action does.
 */
function ConfirmationLink({ confirmation }: { confirmation: CaseConfirmation }) {
  const { Icon, label, variant } = confirmation.trigger;
  return (
    <Button asChild variant={variant} className="w-full sm:w-auto">
      <Link to={`?confirm=${confirmation.intent}`} preventScrollReset>
        <Icon aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}

/** The state table's actions, as far as the server allows them now, as links and forms. */
function PageActions({ referral }: { referral: ReferralDrawerData }) {
  const offers = (action: DrawerAction) => offersAction(referral, action);
  const sending = useSubmittingIntent();
  const report = shownReport(referral);
  return (
    <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      {report && offers("downloadReport") ? <DownloadReportButton pdfUrl={report.pdfUrl} /> : null}
      {offers("payNow") ? <PayNowButton referral={referral} /> : null}
      {offers("remind") ? (
        <PostIntentForm intent="remind">
          <Button
            type="submit"
            variant="outline"
            disabled={sending === "remind"}
            className="w-full sm:w-auto"
          >
            <MailIcon aria-hidden="true" />
            {sending === "remind" ? "Sending..." : "Send Reminder"}
          </Button>
        </PostIntentForm>
      ) : null}
      {offers("edit") ? <EditDraftLink referral={referral} /> : null}
      {offers("reinvite") ? <ConfirmationLink confirmation={reinviteConfirmation} /> : null}
      <FollowUpLink referral={referral} />
      {offers("newReferral") ? <NewReferralLink referral={referral} /> : null}
      {offers("close") ? <ConfirmationLink confirmation={closeConfirmation} /> : null}
      {offers("cancel") ? (
        // A link to the confirmation, never the cancellation itself.
        <Button asChild variant="ghostDestructive">
          <Link to="?confirm=cancel" preventScrollReset>
            Cancel referral
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The confirmation before cancelling, as its own state of the page: what stops, what comes back,
 * and the destructive POST beside the way back.
 */
function CancelConfirmation({ referral }: { referral: ReferralDrawerData }) {
  return (
    <ConfirmationSection
      intent="cancel"
      tone="destructive"
      title={cancelWording.title(referral)}
      description={cancelWording.description(referral)}
      details={
        <p className="font-medium" data-testid="cancel-returns">
          {cancelWording.returns(referral)}
        </p>
      }
      confirm={{ label: "Yes, cancel referral", busy: "Cancelling...", variant: "destructive" }}
      back="Keep referral"
    />
  );
}

/**
 * A confirmation as its own state of the page (re-inviting, closing), in
 * referral-confirmations.ts's words, the drawer's dialog's too.
 */
function PageConfirmation({
  referral,
  confirmation,
}: {
  referral: ReferralDrawerData;
  confirmation: CaseConfirmation;
}) {
  return (
    <ConfirmationSection
      intent={confirmation.intent}
      tone="primary"
      title={confirmation.title(referral)}
      description={confirmation.description(referral)}
      details={<p className="font-medium">{confirmation.details(referral)}</p>}
      confirm={{ label: confirmation.confirm, busy: confirmation.busy }}
      back={confirmation.back}
    />
  );
}

/**
 * A confirmation as its own state of the page (`?confirm=`): the question, what it does, the
 * POST of its intent beside the way back. With JavaScript, focus moves to its heading, as the
 * page's state changed without a new address path.
 */
function ConfirmationSection({
  intent,
  tone,
  title,
  description,
  details,
  confirm,
  back,
}: {
  intent: string;
  /** A cancellation is marked destructive; re-inviting and closing are not. */
  tone: "destructive" | "primary";
  title: string;
  description: string;
  details: ReactNode;
  confirm: { label: string; busy: string; variant?: "destructive" };
  back: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <section
      className={cn(
        "mt-6 space-y-3 rounded-lg border border-l-4 p-4",
        tone === "destructive" ? "border-destructive" : "border-primary",
      )}
      aria-labelledby={`${intent}-heading`}
      data-testid={`${intent}-confirmation`}
    >
      <h2
        id={`${intent}-heading`}
        ref={heading}
        tabIndex={-1}
        className="font-semibold text-lg outline-none"
      >
        {title}
      </h2>
      <p>{description}</p>
      {details}
      <div className="flex flex-col gap-2 sm:flex-row">
        <PostIntentForm intent={intent}>
          <Button
            type="submit"
            variant={confirm.variant}
            disabled={busy}
            className="w-full sm:w-auto"
          >
            {busy ? confirm.busy : confirm.label}
          </Button>
        </PostIntentForm>
        <Button asChild variant="outline">
          <Link to="." preventScrollReset>
            {back}
          </Link>
        </Button>
      </div>
    </section>
  );
}
