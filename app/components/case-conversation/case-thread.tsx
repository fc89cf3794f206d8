import type { SubmissionResult } from "@conform-to/react";
import { CheckCheckIcon, ClockIcon, MessageSquareIcon } from "lucide-react";
import { useNavigation } from "react-router";
import { IntentForm } from "~/components/forms/intent-form.tsx";
import { TextAreaField } from "~/components/forms/text-field.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import type { CaseAuthorRole } from "~/db/schema/case-conversation.ts";
import {
  AUTHOR_ROLE_LABELS,
  caseMessageForm,
  MESSAGE_MAX,
  type ThreadState,
} from "~/domain/case-conversation/conversation-rules.ts";
import { formatDateTime } from "~/lib/dates.ts";

/*
 * The employer–doctor thread of a case (docs/architecture.md §4, "The case conversation"), as the
 * employer's referral page and the doctor's case page show it: the messages oldest first, each
 * with who wrote it, when, and whether the other side has read it; then the message box, or why
 * the thread is closed. The box is a plain form that works without JavaScript.
 */

export interface ThreadMessageView {
  id: string;
  authorRole: CaseAuthorRole;
  authorName: string;
  body: string;
  sentAt: Date | string;
  readAt: Date | string | null;
  sharedWithPerson: boolean;
  mine: boolean;
}

/** Which side looks at which thread: the copy, the anchor and the form differ by it. */
type ThreadView = "employer" | "doctor" | "doctor-person" | "subject";

interface EmployerThreadProps {
  viewer: ThreadView;
  messages: readonly ThreadMessageView[];
  state: ThreadState;
  /** The page's answer to a message it could not send: what was typed, and why. */
  lastResult: SubmissionResult<string[]> | undefined;
  refusals: readonly string[];
  /** The page was reached by sending a message (`?sent=message`). */
  justSent: boolean;
  /** Employer only: no doctor has taken the case yet. */
  awaitingDoctor?: boolean;
}

/**
 * Each view's words; `id` is the thread's anchor, `other` who is e-mailed and reads what this side
 * writes, `from` whom the new-messages notice names as the sender.
 */
const copy = {
  employer: {
    id: "messages",
    heading: "Messages with the doctor",
    intro:
      "Ask the occupational health doctor about the job, the workplace or the report. The employee does not see these messages.",
    empty: "No messages yet.",
    label: "Your message to the doctor",
    hint: "Do not include health information about the employee that they have not shared with you.",
    send: "Send to the doctor",
    other: "the doctor",
    from: "the doctor",
  },
  doctor: {
    id: "messages",
    heading: "Messages with the employer",
    intro:
      "The employer's HR and managers on this referral read this thread. The employee does not, unless you share a message with them. What you write passes the same disclosure check as the report.",
    empty: "The employer has not written yet.",
    label: "Your message to the employer",
    hint: "Write about function, adjustments and the report. Clinical detail the employee has not agreed to share is refused.",
    send: "Send to the employer",
    other: "the employer",
    from: "the employer",
  },
  "doctor-person": {
    id: "person-messages",
    heading: "Messages with the employee",
    intro: "Only you and the employee read this thread. Their employer never sees it.",
    empty: "No messages with the employee yet.",
    label: "Your message to the employee",
    hint: "They are e-mailed a link to read it; the e-mail does not contain your message.",
    send: "Send to the employee",
    other: "the employee",
    from: "the employee",
  },
  subject: {
    id: "messages",
    heading: "Messages with your doctor",
    intro:
      "Only you and the occupational health doctor read these messages. Your employer does not.",
    empty: "No messages yet.",
    label: "Your message to the doctor",
    hint: "For example, a change in your health or your work since you answered the questions.",
    send: "Send to the doctor",
    other: "the doctor",
    from: "your doctor",
  },
} as const;

export function CaseThread({
  viewer,
  messages,
  state,
  lastResult,
  refusals,
  justSent,
  awaitingDoctor = false,
}: EmployerThreadProps) {
  const words = copy[viewer];
  // Nothing to read and nothing to write (a draft, an unpaid checkout): no section at all.
  if (!state.open && messages.length === 0) return null;
  return (
    <section
      id={words.id}
      aria-labelledby={`${words.id}-heading`}
      className="scroll-mt-20 space-y-4"
      data-testid={viewer === "doctor-person" ? "person-thread" : "employer-thread"}
    >
      <div>
        <h2 id={`${words.id}-heading`} className="font-semibold text-xl">
          {words.heading}
        </h2>
        <p className="mt-1 text-muted-foreground">{words.intro}</p>
      </div>
      {justSent ? (
        <Alert role="status">
          <CheckCheckIcon aria-hidden="true" />
          <AlertTitle>Message sent</AlertTitle>
          <AlertDescription>
            {awaitingDoctor
              ? "The doctor who takes the case will read it first."
              : `We have e-mailed ${words.other} to say it is waiting.`}
          </AlertDescription>
        </Alert>
      ) : null}
      {messages.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-muted-foreground">{words.empty}</p>
      ) : (
        <ol className="space-y-3" aria-label={words.heading}>
          {messages.map((m) => (
            <li
              key={m.id}
              className={`rounded-lg border p-4 ${m.mine ? "bg-surface" : "bg-background"}`}
              data-testid="thread-message"
            >
              <p className="text-sm">
                <span className="font-medium">{m.mine ? "You" : m.authorName}</span>
                {viewer === "doctor" && m.sharedWithPerson ? (
                  <span className="text-muted-foreground"> · shared with the employee</span>
                ) : null}
                <span className="text-muted-foreground">
                  {" · "}
                  {AUTHOR_ROLE_LABELS[m.authorRole]}
                  {" · "}
                  <time dateTime={new Date(m.sentAt).toISOString()}>
                    {formatDateTime(new Date(m.sentAt))}
                  </time>
                </span>
              </p>
              <p className="mt-2 whitespace-pre-wrap break-words">{m.body}</p>
              {m.mine ? <ReadReceipt readAt={m.readAt} other={words.other} /> : null}
            </li>
          ))}
        </ol>
      )}
      {state.open ? (
        <MessageForm
          // A new form once a message has gone: the box starts empty again.
          key={messages.length}
          viewer={viewer}
          lastResult={lastResult}
          refusals={refusals}
        />
      ) : (
        <p className="rounded-lg border bg-surface p-4" data-testid="thread-closed">
          {state.reason}
        </p>
      )}
    </section>
  );
}

function ReadReceipt({ readAt, other }: { readAt: Date | string | null; other: string }) {
  return (
    <p className="mt-2 flex items-center gap-1.5 text-muted-foreground text-sm">
      {readAt ? (
        <>
          <CheckCheckIcon aria-hidden="true" className="size-4" />
          Read by {other} on {formatDateTime(new Date(readAt))}
        </>
      ) : (
        <>
          <ClockIcon aria-hidden="true" className="size-4" />
          Not read yet
        </>
      )}
    </p>
  );
}

function MessageForm({
  viewer,
  lastResult,
  refusals,
}: {
  viewer: ThreadView;
  lastResult: SubmissionResult<string[]> | undefined;
  refusals: readonly string[];
}) {
  const words = copy[viewer];
  const thread = viewer === "doctor-person" ? "person_doctor" : "employer_doctor";
  const navigation = useNavigation();
  const sending =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "message" &&
    (navigation.formData.get("thread") ?? "employer_doctor") === thread;
  // Two boxes on the doctor's page: each shows only its own answer.
  const own = (lastResult?.initialValue?.thread ?? "employer_doctor") === thread;
  const [form, fields] = useSchemaForm({
    id: `case-message-${thread}`,
    schema: caseMessageForm,
    lastResult: own ? lastResult : undefined,
  });
  return (
    <IntentForm form={form} intent="message" className="grid gap-3">
      <input type="hidden" name="thread" value={thread} />
      {own && refusals.length > 0 ? (
        <Alert variant="destructive" data-testid="message-refusals">
          <AlertTitle>Not sent: rewrite these parts</AlertTitle>
          <AlertDescription>
            <ul className="list-disc space-y-1 pl-5">
              {refusals.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
      <TextAreaField
        id={`${words.id}-body`}
        label={words.label}
        hint={words.hint}
        field={fields.body}
        rows={5}
        maxLength={MESSAGE_MAX}
      />
      {viewer === "doctor" ? (
        <div className="flex items-start gap-3">
          <NativeCheckbox id="share-message-with-person" name="shareWithPerson" />
          <label htmlFor="share-message-with-person">
            Show this message to the employee as well
          </label>
        </div>
      ) : null}
      <div>
        <Button type="submit" disabled={sending}>
          {sending ? "Sending..." : words.send}
        </Button>
      </div>
    </IntentForm>
  );
}

/**
 * How many of a thread's messages the other side wrote since this reader's side last opened it:
 * a colleague's question is not news to the rest of the employer's team, nor a doctor's own
 * earlier message to the doctor (the same sides as the lists' flag, unread-messages.server.ts).
 */
export function unreadCount(
  messages: readonly ThreadMessageView[],
  reader: "employer" | "doctor",
): number {
  const fromOtherSide = (m: ThreadMessageView) =>
    reader === "doctor" ? m.authorRole !== "doctor" : m.authorRole === "doctor";
  return messages.filter((m) => !m.mine && m.readAt === null && fromOtherSide(m)).length;
}

/**
 * Near the top of a long case page: the threads with messages new since the reader last looked,
 * each a link down to its thread (the anchor CaseThread gives it), so nothing waits unseen below
 * the transcript.
 */
export function NewMessagesNotice({
  threads,
  className,
}: {
  /** `page`: the thread is on another page (the person's landing page links to their messages). */
  threads: readonly { viewer: ThreadView; count: number; page?: string }[];
  className?: string;
}) {
  const waiting = threads.filter((t) => t.count > 0);
  if (waiting.length === 0) return null;
  return (
    <Alert data-testid="new-messages" className={className}>
      <MessageSquareIcon aria-hidden="true" />
      <AlertTitle>New messages</AlertTitle>
      <AlertDescription>
        <ul className="grid gap-1">
          {waiting.map(({ viewer, count, page = "" }) => (
            <li key={viewer}>
              <a href={`${page}#${copy[viewer].id}`} className="underline underline-offset-4">
                {count === 1 ? "1 new message" : `${count} new messages`} from {copy[viewer].from}
              </a>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
