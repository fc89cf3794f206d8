import { getFormProps, type SubmissionResult } from "@conform-to/react";
import {
  AlertTriangleIcon,
  ClipboardCheckIcon,
  FileTextIcon,
  InboxIcon,
  MailIcon,
  PhoneIcon,
  SearchIcon,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useLocation, useNavigate, useNavigation } from "react-router";
import { StatementList } from "~/components/doctor/draft-evidence.tsx";
import { IntentForm } from "~/components/forms/intent-form.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { ListPagination } from "~/components/list-pagination.tsx";
import { DetailRow } from "~/components/referrals/detail-row.tsx";
import { ReferralStatusBadge } from "~/components/referrals/status-badge.tsx";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { focusLinkTo } from "~/components/ui/reveal-focus";
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "~/components/ui/sheet";
import { DataTable, TableCell, TableRow } from "~/components/ui/table";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import {
  type DoctorListQuery,
  dashboardFormSchema,
  doctorListQuerySchema,
  parseDoctorListQuery,
} from "~/domain/doctor/dashboard-forms.ts";
import {
  getDoctorCase,
  listDoctorCases,
  takeReferral,
} from "~/domain/doctor/doctor-cases.server.ts";
import { type DoctorTab, doctorRowAction } from "~/domain/doctor/doctor-queue.ts";
import { recordContactAttempt } from "~/domain/doctor/safety-contact.server.ts";
import {
  contactAttemptSchema,
  contactMethodLabels,
  contactOutcomeLabels,
} from "~/domain/doctor/safety-contact-form.ts";
import { remindSubjectOfReport } from "~/domain/doctor/send-report.server.ts";
import { REFERRAL_QUESTION_LABELS, REFERRAL_QUESTIONS } from "~/domain/reports/drafter.ts";
import { cn } from "~/lib/cn";
import { formatDateTime, formatShortDate } from "~/lib/dates.ts";
import { excerpt } from "~/lib/excerpt.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { currentSession } from "~/middleware/session.server.ts";
import type { Route } from "./+types/dashboard";
import { caseErrorMessage } from "./case-errors.server.ts";
import { reportMailDeps } from "./mail-deps.server.ts";

export const meta: Route.MetaFunction = () => privatePageMeta("Doctor dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseDoctorListQuery(url.searchParams);
  const scope = currentScope(context);
  const caseId = url.searchParams.get("case");
  const [list, detail] = await Promise.all([
    listDoctorCases(scope, query),
    caseId
      ? getDoctorCase(scope, { referralId: caseId, purpose: "queue" }).catch((error) => {
          caseErrorMessage(error);
          return null;
        })
      : null,
  ]);
  return {
    name: currentSession(context).user.name,
    query,
    list,
    detail,
    completed: url.searchParams.get("completed"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const scope = currentScope(context);
  const submission = parseSubmission(await request.formData(), dashboardFormSchema(scope.now));
  const intent = String(submission.payload.intent ?? "");
  const referralId = String(submission.payload.referralId ?? "");
  if (!["take", "remind", "contact-attempt"].includes(intent))
    return { ok: false as const, intent, referralId, message: "Unknown action." };
  // The case's id is the page's own hidden field: one that does not read is not ours.
  if (submission.status !== "success" && submission.error?.referralId)
    throw data("Not found", { status: 404 });
  const refused = (result: SubmissionResult<string[]>) =>
    data(
      { ok: false as const, intent, referralId, message: "Check the contact attempt.", result },
      { status: 400 },
    );
  if (submission.status !== "success") return refused(submission.reply());
  const form = submission.value;
  try {
    if (form.intent === "take") {
      await takeReferral(scope, referralId);
      return redirect(`/doctor-referrals/${referralId}/report`);
    }
    if (form.intent === "contact-attempt") {
      // The form's values as sent: the domain reads them with the same schema again.
      const { method, outcome, attemptedAt, note } = submission.payload;
      const result = await recordContactAttempt(scope, {
        referralId,
        input: { method, outcome, attemptedAt, note },
      });
      if (!result.ok)
        return refused(
          submission.reply({
            fieldErrors: Object.fromEntries(
              Object.entries(result.fieldErrors).map(([k, v]) => [k, [v]]),
            ),
          }),
        );
      return { ok: true as const, intent, referralId, contacted: result.contacted };
    }
    await remindSubjectOfReport(scope, reportMailDeps(context), referralId);
    return { ok: true as const, intent, referralId };
  } catch (error) {
    return { ok: false as const, intent, referralId, message: caseErrorMessage(error) };
  }
}

const tabLabels: Record<DoctorTab, string> = {
  all: "All Referrals",
  pending: "Pending",
  completed: "Completed",
};

function listLink(query: DoctorListQuery, changes: Partial<DoctorListQuery> & { case?: string }) {
  const next = { ...query, page: 1, ...changes };
  const params = new URLSearchParams();
  if (next.tab !== "all") params.set("tab", next.tab);
  if (next.search) params.set("q", next.search);
  if (next.page > 1) params.set("page", String(next.page));
  if (changes.case) params.set("case", changes.case);
  const search = params.toString();
  return search ? `?${search}` : ".";
}

export default function DoctorDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, detail, completed } = loaderData;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();

  // The editor returns here with ?completed=REF after sending: the seed's toast, sheet closed.
  useEffect(() => {
    if (!completed) return;
    toast.success("Review completed", {
      description: `Referral ${completed} has been marked as completed.`,
    });
    const params = new URLSearchParams(location.search);
    params.delete("completed");
    const search = params.toString();
    navigate({ search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  }, [completed, location.search, navigate]);

  useEffect(() => {
    if (!actionData) return;
    if (!actionData.ok) toast.error("Not done", { description: actionData.message });
    else if (actionData.intent === "contact-attempt")
      toast.success("Contact attempt recorded", {
        description: actionData.contacted
          ? "The case no longer shows \u201cnot yet contacted\u201d."
          : "Keep trying: the case stays \u201cnot yet contacted\u201d until someone reaches the person.",
      });
    else if (actionData.intent === "remind")
      toast.success("Reminder sent", {
        description: "The employee has been e-mailed a fresh link to their report.",
      });
  }, [actionData]);

  // The case outlives the sheet's close, to give focus back to its row's link.
  const shownCase = useRef<{ hrefPart: string; openedOn: string } | null>(null);
  if (detail)
    shownCase.current = { hrefPart: `case=${detail.referral.id}`, openedOn: location.pathname };
  const closeSheet = () =>
    navigate(listLink(query, { page: query.page }), { preventScrollReset: true });

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="font-semibold text-3xl tracking-tight">Doctor Dashboard</h1>
      <p className="mt-2 text-lg text-muted-foreground">Signed in as {loaderData.name}</p>

      {list.counts.urgent > 0 ? (
        <Alert variant="destructive" className="mt-6" data-testid="urgent-banner">
          <AlertTriangleIcon aria-hidden="true" />
          <AlertTitle>
            {list.counts.urgent} urgent safety flag{list.counts.urgent === 1 ? "" : "s"}
          </AlertTitle>
          <AlertDescription>
            {list.counts.urgentNotContacted > 0
              ? `${list.counts.urgentNotContacted} not yet contacted. Contact the person today and record each attempt on the case.`
              : "Each person has been reached; the cases stay at the top of the queue until their reports go out."}
          </AlertDescription>
        </Alert>
      ) : null}

      <div className="mt-8 grid gap-4 sm:grid-cols-3">
        <CounterCard
          title="Pending Review"
          value={list.counts.pending}
          icon={<InboxIcon aria-hidden="true" className="size-5 text-muted-foreground" />}
          note={pendingNote(list.counts)}
        />
        <CounterCard
          title="Completed Reports"
          value={list.counts.completed}
          icon={<ClipboardCheckIcon aria-hidden="true" className="size-5 text-muted-foreground" />}
          note="Sent to the employee"
        />
        <CounterCard
          title="Drafts"
          value={list.counts.drafts}
          icon={<FileTextIcon aria-hidden="true" className="size-5 text-muted-foreground" />}
          note="Cases you are reviewing"
        />
      </div>

      {/* The search goes under the tabs whenever both do not fit on one line (640 px is 1280 px
          at 200 % zoom), and fills the width on a phone. */}
      <div className="mt-8 flex flex-wrap items-end justify-between gap-4">
        {/* Wraps rather than pushing the page sideways when a reader's own text spacing (WCAG
            1.4.12) widens the labels at 320 px. */}
        <nav
          aria-label="Referral tabs"
          className="inline-flex max-w-full flex-wrap rounded-lg bg-muted p-1"
        >
          {(["all", "pending", "completed"] as const).map((tab) => (
            <Link
              key={tab}
              to={listLink(query, { tab })}
              aria-current={query.tab === tab ? "page" : undefined}
              className={cn(
                "rounded-md px-3 py-1.5 font-medium text-sm",
                query.tab === tab
                  ? "bg-background text-foreground shadow-sm"
                  : "text-muted-foreground hover:text-foreground",
              )}
            >
              {tabLabels[tab]}
            </Link>
          ))}
        </nav>
        <SearchForm query={query} />
      </div>

      <div className="mt-4" aria-busy={navigation.state === "loading"}>
        {list.rows.length === 0 ? (
          <div className="rounded-xl border border-dashed bg-card p-10 text-center">
            <p className="font-semibold text-lg">No referrals found matching your criteria</p>
            <p className="mt-1 text-muted-foreground">
              Cases appear here when employees have completed their assessments.
            </p>
          </div>
        ) : (
          <>
            <DataTable columns={["ID", "Employee Name", "Issue", "Date", "Status", "Actions"]}>
              {list.rows.map((r) => {
                const action = doctorRowAction(r.status);
                return (
                  <TableRow
                    key={r.id}
                    data-urgent={r.urgentOpen ? "true" : undefined}
                    className={cn(
                      r.urgentOpen && "bg-destructive/5",
                      !r.urgentOpen && r.needsAttention && "bg-amber-50",
                    )}
                  >
                    <TableCell label="ID" className="font-medium">
                      {r.reference}
                      <span className="mt-1 flex flex-wrap gap-1">
                        {r.urgentOpen ? <Badge variant="destructive">Urgent</Badge> : null}
                        {r.urgentOpen && !r.contacted ? (
                          <Badge variant="destructive">Not yet contacted</Badge>
                        ) : null}
                        {r.sla === "breached" ? (
                          <Badge variant="destructive">SLA breached</Badge>
                        ) : r.sla === "at-risk" ? (
                          <Badge variant="pending">SLA at risk</Badge>
                        ) : null}
                        {r.reportStatus === "correction_requested" ? (
                          <Badge variant="pending">Correction requested</Badge>
                        ) : null}
                      </span>
                    </TableCell>
                    <TableCell label="Employee Name">
                      {r.subjectName}
                      {r.flagAge ? (
                        <span className="block font-medium text-destructive text-xs">
                          {r.flagAge}
                        </span>
                      ) : null}
                      {r.contact ? <ContactLinks contact={r.contact} compact /> : null}
                    </TableCell>
                    <TableCell label="Issue" className="md:max-w-xs">
                      {excerpt(r.issue)}
                    </TableCell>
                    <TableCell label="Date">
                      {r.submittedAt
                        ? formatShortDate(r.submittedAt)
                        : r.status === "in_progress"
                          ? "Not sent yet"
                          : "—"}
                    </TableCell>
                    <TableCell label="Status">
                      <span className="flex flex-col items-start gap-1">
                        <ReferralStatusBadge status={r.status} />
                        {r.status === "in_progress" ? (
                          <span className="text-muted-foreground text-xs">
                            Answers not sent yet
                          </span>
                        ) : r.status === "submitted" && !r.assignedDoctorId ? (
                          <span className="text-muted-foreground text-xs">In the queue</span>
                        ) : r.mine && r.status === "submitted" ? (
                          <span className="text-muted-foreground text-xs">Assigned to you</span>
                        ) : r.mine && r.status === "in_review" ? (
                          <span className="text-muted-foreground text-xs">Taken by you</span>
                        ) : null}
                      </span>
                    </TableCell>
                    <TableCell label="Actions">
                      {action === "review" || action === "report" ? (
                        <Button asChild variant="outline" size="sm">
                          <Link
                            to={listLink(query, { page: query.page, case: r.id })}
                            preventScrollReset
                            aria-label={`${action === "review" ? "Review" : "Report"} ${r.reference}`}
                          >
                            {action === "review" ? "Review" : "Report"}
                          </Link>
                        </Button>
                      ) : action === "remind" ? (
                        <Form method="post" preventScrollReset>
                          <input type="hidden" name="intent" value="remind" />
                          <input type="hidden" name="referralId" value={r.id} />
                          <Button
                            type="submit"
                            variant="outline"
                            size="sm"
                            aria-label={`Remind ${r.subjectName} about ${r.reference}`}
                          >
                            <MailIcon aria-hidden="true" />
                            Remind
                          </Button>
                        </Form>
                      ) : (
                        <Button asChild variant="ghost" size="sm">
                          <Link
                            to={listLink(query, { page: query.page, case: r.id })}
                            preventScrollReset
                            aria-label={`View ${r.reference}`}
                          >
                            View
                          </Link>
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </DataTable>
            <ListPagination
              list={list}
              noun="referral"
              hrefFor={(page) => listLink(query, { page })}
            />
          </>
        )}
      </div>

      <Sheet open={detail !== null} onOpenChange={(open) => !open && closeSheet()}>
        <SheetContent
          side="right"
          width="wide"
          onCloseAutoFocus={(event) => {
            if (shownCase.current) focusLinkTo(event, shownCase.current);
          }}
        >
          {detail ? (
            <CaseSheet
              detail={detail}
              attemptResult={
                actionData &&
                !actionData.ok &&
                actionData.intent === "contact-attempt" &&
                actionData.referralId === detail.referral.id &&
                "result" in actionData
                  ? actionData.result
                  : undefined
              }
            />
          ) : null}
        </SheetContent>
      </Sheet>
    </div>
  );
}

/** "Nothing at risk" only when there is no urgent flag and no case needing attention. */
function pendingNote(counts: { urgent: number; needsAttention: number }): string {
  const parts: string[] = [];
  if (counts.urgent > 0) parts.push(`${counts.urgent} urgent`);
  if (counts.needsAttention > 0)
    parts.push(
      `${counts.needsAttention} need${counts.needsAttention === 1 && parts.length === 0 ? "s" : ""} attention`,
    );
  return parts.length > 0 ? parts.join(", ") : "Nothing at risk";
}

function CounterCard({
  title,
  value,
  icon,
  note,
}: {
  title: string;
  value: number;
  icon: React.ReactNode;
  note: string;
}) {
  return (
    <Card>
      <div className="flex items-center justify-between gap-2 px-6">
        {/* h2: the counters are the first sections under the page's h1. */}
        <h2 className="font-medium text-sm">{title}</h2>
        {icon}
      </div>
      <CardContent>
        <p className="font-semibold text-3xl">{value}</p>
        <p className="text-muted-foreground text-sm">{note}</p>
      </CardContent>
    </Card>
  );
}

type Detail = NonNullable<Route.ComponentProps["loaderData"]["detail"]>;

/** The server's answer to a refused contact attempt, which fills the form again as it was sent. */
type AttemptResult = SubmissionResult<string[]> | undefined;

function CaseSheet({ detail, attemptResult }: { detail: Detail; attemptResult: AttemptResult }) {
  const r = detail.referral;
  const draft = detail.draft;
  const takeable = r.status === "submitted" && (r.assignedDoctorId === null || detail.mine);
  const open = takeable || (detail.mine && r.status === "in_review");
  const questions = REFERRAL_QUESTIONS.filter((q) => r.questions?.[q]);
  return (
    <>
      <SheetHeader>
        <SheetTitle>Referral Details: {r.reference}</SheetTitle>
        <SheetDescription>
          {r.subjectName} · {r.issue}
        </SheetDescription>
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
            <span className="text-muted-foreground text-sm">
              · Due {formatDateTime(r.slaDueAt)}
            </span>
          ) : null}
        </div>
      </SheetHeader>
      <SheetBody className="space-y-6">
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
            <h3 id="contact-heading" className="font-semibold text-base">
              Contact the person
            </h3>
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
          />
        ) : null}

        {detail.access === "urgent" ? (
          <p className="rounded-lg border bg-muted/40 p-3 text-sm">
            {r.status === "in_progress"
              ? "The person has not sent their answers yet. You see this case because of its urgent safety flag: reach the person and record each attempt. The case enters the queue for a report when they send their answers."
              : "Another doctor is on this case. You see it because of its urgent safety flag: the draft and the report stay with the doctor on the case."}
          </p>
        ) : null}

        {detail.access === "urgent" ? null : (
          <>
            <section className="space-y-2">
              <h3 className="font-semibold text-base">Referral</h3>
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
                      <li key={q}>{REFERRAL_QUESTION_LABELS[q]}</li>
                    ))}
                  </ul>
                )
              ) : null}
            </section>

            <section className="space-y-2" aria-labelledby="ai-draft-heading">
              <h3 id="ai-draft-heading" className="font-semibold text-base">
                AI draft report
              </h3>
              {draft ? (
                <div className="space-y-3 rounded-lg border bg-muted/40 p-4 text-sm">
                  <p className="text-muted-foreground text-xs">
                    Drafted by {draft.drafter.id} ({draft.drafter.model}, {draft.drafter.version}).
                    A suggestion only: the report is yours.
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
              <h3 id="transcript-heading" className="font-semibold text-base">
                Assessment transcript
              </h3>
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
      </SheetBody>
      <SheetFooter className="flex-col gap-2 sm:flex-row sm:justify-end">
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
          </>
        ) : null}
      </SheetFooter>
    </>
  );
}

function ContactLinks({
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

type Attempt = Detail["contactAttempts"][number];

function ContactLog({
  referralId,
  attempts,
  contactedAt,
  canRecord,
  lastResult,
}: {
  referralId: string;
  attempts: Attempt[];
  contactedAt: Date | string | null;
  canRecord: boolean;
  lastResult: AttemptResult;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "contact-attempt";
  const [form, fields] = useSchemaForm({
    id: "contact-attempt-form",
    schema: contactAttemptSchema(new Date()),
    lastResult,
  });
  return (
    <section className="space-y-3" aria-labelledby="contact-log-heading">
      <h3 id="contact-log-heading" className="font-semibold text-base">
        Safety contact log
      </h3>
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
                {Object.entries(contactMethodLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
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
                {Object.entries(contactOutcomeLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
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

/** The list's search: the loader reads the query string with the same schema. */
function SearchForm({ query }: { query: DoctorListQuery }) {
  const [form] = useSchemaForm({
    id: "doctor-search",
    schema: doctorListQuerySchema,
    lastResult: null,
  });
  return (
    <Form
      method="get"
      role="search"
      {...getFormProps(form)}
      className="flex w-full gap-2 sm:w-auto"
      key={query.search}
    >
      {query.tab !== "all" ? <input type="hidden" name="tab" value={query.tab} /> : null}
      <Label htmlFor="q" className="sr-only">
        Search referrals
      </Label>
      <Input
        id="q"
        name="q"
        type="search"
        defaultValue={query.search}
        placeholder="Search referrals..."
        maxLength={100}
        className="min-w-0 flex-1 sm:w-72 sm:flex-none"
      />
      <Button type="submit" variant="outline">
        <SearchIcon aria-hidden="true" />
        Search
      </Button>
    </Form>
  );
}
