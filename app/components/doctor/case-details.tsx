import type { SubmissionResult } from "@conform-to/react";
import { AlertTriangleIcon, MailIcon, PhoneIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { StatementList } from "~/components/doctor/draft-evidence.tsx";
import { IntentForm, useSubmittingIntent } from "~/components/forms/intent-form.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { DetailRow } from "~/components/referrals/detail-row.tsx";
import { ReferralStatusBadge } from "~/components/referrals/status-badge.tsx";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOptions } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { contactMethods, contactOutcomes } from "~/db/schema/doctor-review.ts";
import type { getDoctorCase } from "~/domain/doctor/get-doctor-case.server.ts";
import {
  contactAttemptSchema,
  contactMethodLabels,
  contactOutcomeLabels,
} from "~/domain/doctor/safety-contact-form.ts";
import { canAct } from "~/domain/referrals/lifecycle.ts";
import { askedQuestions, questionText } from "~/domain/referrals/management-questions.ts";
import { cn } from "~/lib/cn";
import { formatDateTime, formatShortDate } from "~/lib/dates.ts";

/*
 * A doctor's case as the doctor reads it: its facts, what the AI drafted, the transcript, the way
 * to reach the person and the safety contact log, and what the doctor may do next. One page of
 * its own (/doctor/cases/:referralId, which works without JavaScript) and the dashboard's sheet
 * (the same case over the list, with JavaScript) are both drawn from these parts, so the two
 * never say different things.
 */

/** The case as getDoctorCase returns it (read and audited on the server). */
type DoctorCaseView = Awaited<ReturnType<typeof getDoctorCase>>;

/** The server's answer to a refused contact attempt, which fills the form again as it was sent. */
export type AttemptResult = SubmissionResult<string[]> | undefined;

type HeadingLevel = 2 | 3;

/**
 * Taking: a submitted case nobody holds, or one an administrator gave this doctor. Open: the
 * doctor may go on to the editor (taking first when it is still to be taken).
 */
function caseOptions(detail: DoctorCaseView) {
  const r = detail.referral;
  const takeable =
    canAct(r.status, "doctor", "take") && (r.assignedDoctorId === null || detail.mine);
  return { takeable, open: takeable || (detail.mine && canAct(r.status, "doctor", "send_report")) };
}

/** The status, flags, and the times the case was sent and is due. */
export function CaseFacts({ detail }: { detail: DoctorCaseView }) {
  const r = detail.referral;
  const { open } = caseOptions(detail);
  return (
    <div className="flex flex-wrap items-center gap-2 pt-1">
      <ReferralStatusBadge status={r.status} />
      {r.urgent ? <Badge variant="destructive">Urgent</Badge> : null}
      {detail.urgentOpen && !r.safetyContactedAt ? (
        <Badge variant="destructive">Not yet contacted</Badge>
      ) : null}
      {r.submittedAt ? (
        <span className="text-muted-foreground text-sm">
          Submitted {formatDateTime(r.submittedAt)}
        </span>
      ) : null}
      {r.slaDueAt && open ? (
        <span className="text-muted-foreground text-sm">· Due {formatDateTime(r.slaDueAt)}</span>
      ) : null}
    </div>
  );
}

/** Everything the doctor reads on the case, under a heading of the given level. */
export function CaseDetails({
  detail,
  attemptResult,
  headingLevel,
}: {
  detail: DoctorCaseView;
  attemptResult: AttemptResult;
  headingLevel: HeadingLevel;
}) {
  const r = detail.referral;
  const draft = detail.draft;
  const questions = askedQuestions(r.questions);
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      {detail.safety && detail.safety.level !== "none" ? (
        <Alert variant="destructive">
          <AlertTriangleIcon aria-hidden="true" />
          <AlertTitle>
            Safety flag: {detail.safety.level === "urgent" ? "urgent" : "review"}
          </AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-5">
              {detail.safety.reasons.map((reason) => (
                <li key={reason.linkId}>{reason.message}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}

      {detail.contact ? (
        <section className="space-y-2" aria-labelledby="contact-heading">
          <H id="contact-heading" className="font-semibold text-base">
            Contact the person
          </H>
          <ContactLinks contact={detail.contact} />
        </section>
      ) : null}

      {r.urgent ? (
        <ContactLog
          // A fresh, empty form once an attempt is logged; a refused one keeps what was typed.
          key={detail.contactAttempts.length}
          referralId={r.id}
          attempts={detail.contactAttempts}
          contactedAt={r.safetyContactedAt}
          canRecord={detail.urgentOpen}
          lastResult={attemptResult}
          headingLevel={headingLevel}
        />
      ) : null}

      {detail.access === "urgent" ? (
        <p className="rounded-lg border bg-muted/40 p-3 text-sm">
          {r.status === "in_progress"
            ? "The person has not sent their answers yet. You see this case because of its urgent safety flag: reach the person and record each attempt. The case enters the queue for a report when they send their answers."
            : "Another doctor is on this case. You see it because of its urgent safety flag: the draft and the report stay with the doctor on the case."}
        </p>
      ) : null}

      {r.status === "on_hold" ? (
        <p className="rounded-lg border bg-muted/40 p-3 text-sm" data-testid="case-on-hold">
          ReferOH has put this case on hold. It cannot be taken or its report sent until the hold is
          lifted; its turnaround is paused meanwhile.
        </p>
      ) : null}

      {detail.access === "urgent" ? null : (
        <>
          <section className="space-y-2">
            <H className="font-semibold text-base">Referral</H>
            <dl className="space-y-2 text-sm">
              <DetailRow
                label="Type"
                value={r.type === "management" ? "Management referral" : "Pre-employment check"}
              />
              {r.type === "pre_employment" ? (
                <DetailRow label="Job role" value={r.jobRole} />
              ) : (
                <>
                  <DetailRow label="Reason for referral" value={r.reason} />
                  <DetailRow label="Job details" value={r.jobDetails} />
                  <DetailRow
                    label="Existing adjustments"
                    value={r.existingAdjustments}
                    empty="None"
                  />
                </>
              )}
            </dl>
            {r.type === "management" ? (
              questions.length === 0 ? (
                <p className="text-muted-foreground text-sm">
                  No assessment questions were selected.
                </p>
              ) : (
                <ul className="list-disc space-y-1 pl-5 text-sm">
                  {questions.map((q) => (
                    <li key={q}>{questionText(q)}</li>
                  ))}
                </ul>
              )
            ) : null}
          </section>

          <section className="space-y-2" aria-labelledby="ai-draft-heading">
            <H id="ai-draft-heading" className="font-semibold text-base">
              AI draft report
            </H>
            {draft ? (
              <div className="space-y-3 rounded-lg border bg-muted/40 p-4 text-sm">
                <p className="text-muted-foreground text-xs">
                  Drafted by {draft.drafter.id} ({draft.drafter.model}, {draft.drafter.version}). A
                  suggestion only: the report is yours.
                </p>
                <StatementList statements={draft.prominentNotes} answers={detail.answers} />
                {draft.outcome ? (
                  <p>
                    <span className="font-medium">Suggested outcome:</span> {draft.outcome.label}
                  </p>
                ) : null}
                <StatementList statements={draft.summary} answers={detail.answers} />
                {draft.caveats.length > 0 ? (
                  <ul className="list-disc pl-5 text-muted-foreground text-xs">
                    {draft.caveats.map((c) => (
                      <li key={c}>{c}</li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : (
              <p className="text-muted-foreground text-sm">No AI report available.</p>
            )}
          </section>

          <div className="space-y-2">
            <H id="transcript-heading" className="font-semibold text-base">
              Assessment transcript
            </H>
            {detail.transcript.length > 0 ? (
              <section
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
                tabIndex={0}
                aria-labelledby="transcript-heading"
                className="max-h-[400px] space-y-2 overflow-y-auto rounded-lg border p-3 text-sm"
                data-testid="transcript"
              >
                {detail.transcript.map((item, i) => (
                  <p
                    key={i}
                    className={cn(
                      "max-w-[85%] whitespace-pre-line rounded-lg px-3 py-2",
                      item.type === "assistant" ? "bg-muted" : "ml-auto bg-primary/10",
                    )}
                  >
                    {item.content}
                  </p>
                ))}
              </section>
            ) : (
              <p className="text-muted-foreground text-sm">
                No chat transcript available for this assessment.
              </p>
            )}
          </div>
        </>
      )}
    </>
  );
}

/**
 * What the doctor may do next: take the case and open the editor (one step), open the editor of
 * a case already theirs, or read the versions of a report that has gone out.
 */
export function CaseActions({ detail }: { detail: DoctorCaseView }) {
  const r = detail.referral;
  const { takeable, open } = caseOptions(detail);
  return (
    <>
      {takeable ? (
        <Form method="post" className="contents">
          <input type="hidden" name="intent" value="take" />
          <input type="hidden" name="referralId" value={r.id} />
          <TakeAndOpen />
        </Form>
      ) : open ? (
        <Button asChild>
          <Link to={`/doctor-referrals/${r.id}/report`}>Review &amp; Create Report</Link>
        </Button>
      ) : detail.report && detail.mine ? (
        <>
          {r.status !== "complete" ? (
            <p className="text-muted-foreground text-sm">
              Report {detail.report.reference}:{" "}
              {detail.report.status === "awaiting_subject"
                ? `with the employee for review until ${formatShortDate(detail.report.reviewDueAt ?? new Date())}`
                : detail.report.status.replaceAll("_", " ")}
            </p>
          ) : null}
          <Button asChild variant="outline">
            <Link to={`/doctor-referrals/${r.id}/versions`}>Open report versions</Link>
          </Button>
          {detail.amendable ? <AmendReport referralId={r.id} /> : null}
        </>
      ) : null}
    </>
  );
}

/**
 * Amending the released report, behind a disclosure that says what it sets off (a confirmation
 * that works without JavaScript): a new version, the person's review again, and the employer
 * keeping the released version meanwhile (docs/architecture.md §4, "Amending a released report").
 */
function AmendReport({ referralId }: { referralId: string }) {
  return (
    <details className="w-full rounded-lg border border-border p-4" data-testid="amend-report">
      <summary className="cursor-pointer font-medium">Amend the released report</summary>
      <div className="mt-3 grid gap-3 text-sm">
        <p>
          Amend the report only where your answer to a question changes what it says. A
          clarification that changes nothing belongs in a message.
        </p>
        <p>
          The amended version opens in the editor. Once you sign it, the employee reviews it again.
          The employer keeps the released version until the employee approves the amendment.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="amend" />
          <input type="hidden" name="referralId" value={referralId} />
          <Button type="submit">Start the amendment</Button>
        </Form>
      </div>
    </details>
  );
}

/** What an action on the case did, as the server answered it. */
type CaseActionResult =
  | { ok: false; message: string }
  | { ok: true; intent: string; contacted?: boolean };

/**
 * What the last action on the case did, written on the page: the case's page always says it; the
 * dashboard says it this way only without JavaScript (with it, a toast does).
 */
export function CaseActionOutcome({
  outcome,
  className,
}: {
  outcome: CaseActionResult;
  className?: string;
}) {
  if (!outcome.ok)
    return (
      <Alert variant="destructive" className={className}>
        <AlertTitle>Not done</AlertTitle>
        <AlertDescription>{outcome.message}</AlertDescription>
      </Alert>
    );
  return (
    <Alert role="status" className={className}>
      {outcome.intent === "contact-attempt" ? (
        <>
          <AlertTitle>Contact attempt recorded</AlertTitle>
          <AlertDescription>
            {outcome.contacted
              ? "The case no longer shows \u201cnot yet contacted\u201d."
              : "Keep trying: the case stays \u201cnot yet contacted\u201d until someone reaches the person."}
          </AlertDescription>
        </>
      ) : (
        <>
          <AlertTitle>Reminder sent</AlertTitle>
          <AlertDescription>
            The employee has been e-mailed a fresh link to their report.
          </AlertDescription>
        </>
      )}
    </Alert>
  );
}

export function ContactLinks({
  contact,
  compact = false,
}: {
  contact: { email: string; phone: string | null; phoneDisplay: string | null };
  compact?: boolean;
}) {
  return (
    <span
      className={cn("flex flex-col gap-1", compact ? "mt-1 text-xs" : "text-sm")}
      data-testid="contact-details"
    >
      <a className="inline-flex items-center gap-1 underline" href={`mailto:${contact.email}`}>
        <MailIcon aria-hidden="true" className="size-3.5" />
        {contact.email}
      </a>
      {contact.phone ? (
        <a className="inline-flex items-center gap-1 underline" href={`tel:${contact.phone}`}>
          <PhoneIcon aria-hidden="true" className="size-3.5" />
          {contact.phoneDisplay ?? contact.phone}
        </a>
      ) : (
        <span className="text-muted-foreground">No phone number given</span>
      )}
    </span>
  );
}

type Attempt = DoctorCaseView["contactAttempts"][number];

function ContactLog({
  referralId,
  attempts,
  contactedAt,
  canRecord,
  lastResult,
  headingLevel,
}: {
  referralId: string;
  attempts: Attempt[];
  contactedAt: Date | string | null;
  canRecord: boolean;
  lastResult: AttemptResult;
  headingLevel: HeadingLevel;
}) {
  const H = headingLevel === 2 ? "h2" : "h3";
  const busy = useSubmittingIntent() === "contact-attempt";
  const [form, fields] = useSchemaForm({
    id: "contact-attempt-form",
    schema: contactAttemptSchema(new Date()),
    lastResult,
  });
  return (
    <section className="space-y-3" aria-labelledby="contact-log-heading">
      <H id="contact-log-heading" className="font-semibold text-base">
        Safety contact log
      </H>
      <p
        className={cn("font-medium text-sm", contactedAt ? "text-foreground" : "text-destructive")}
      >
        {contactedAt
          ? `Contacted: the person was reached on ${formatDateTime(contactedAt)}.`
          : "Not yet contacted."}
      </p>
      {attempts.length === 0 ? (
        <p className="text-muted-foreground text-sm">No contact attempts recorded yet.</p>
      ) : (
        <ol className="space-y-2 text-sm" data-testid="contact-attempts">
          {attempts.map((a) => (
            <li key={a.id} className="rounded-md border p-2">
              <span className="font-medium">{formatDateTime(a.attemptedAt)}</span> ·{" "}
              {contactMethodLabels[a.method]} · {contactOutcomeLabels[a.outcome]}
              {a.doctorName ? (
                <span className="text-muted-foreground"> · {a.doctorName}</span>
              ) : null}
              {a.note ? <p className="mt-1 whitespace-pre-line">{a.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
      {canRecord ? (
        <IntentForm
          form={form}
          intent="contact-attempt"
          preventScrollReset
          className="space-y-3 rounded-lg border p-3"
        >
          <input type="hidden" name="referralId" value={referralId} />
          <p className="font-medium text-sm">Record a contact attempt</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id="contact-method" label="How" error={fields.method.errors}>
              <NativeSelect
                name="method"
                defaultValue={fields.method.initialValue?.toString() ?? "phone"}
              >
                <NativeSelectOptions
                  values={contactMethods}
                  label={(method) => contactMethodLabels[method]}
                />
              </NativeSelect>
            </FormField>
            <FormField id="contact-outcome" label="Outcome" error={fields.outcome.errors}>
              <NativeSelect
                name="outcome"
                defaultValue={fields.outcome.initialValue?.toString() ?? ""}
              >
                <option value="" disabled>
                  Choose…
                </option>
                <NativeSelectOptions
                  values={contactOutcomes}
                  label={(outcome) => contactOutcomeLabels[outcome]}
                />
              </NativeSelect>
            </FormField>
          </div>
          <FormField
            id="contact-time"
            label="When"
            optional
            hint="UK time. Leave empty for now."
            error={fields.attemptedAt.errors}
          >
            <Input
              type="datetime-local"
              name="attemptedAt"
              defaultValue={fields.attemptedAt.initialValue?.toString()}
            />
          </FormField>
          <FormField id="contact-note" label="Note" optional error={fields.note.errors}>
            <Textarea
              name="note"
              rows={3}
              maxLength={2000}
              defaultValue={fields.note.initialValue?.toString()}
            />
          </FormField>
          <Button type="submit" disabled={busy}>
            {busy ? "Recording..." : "Record attempt"}
          </Button>
        </IntentForm>
      ) : null}
    </section>
  );
}

/** Taking the case and opening the editor are one step for the doctor. */
function TakeAndOpen() {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Button type="submit" disabled={busy}>
      {busy ? "Taking the case..." : "Review & Create Report"}
    </Button>
  );
}
