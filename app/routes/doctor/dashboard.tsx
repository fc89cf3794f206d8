import { getFormProps } from "@conform-to/react";
import {
  AlertTriangleIcon,
  ClipboardCheckIcon,
  FileTextIcon,
  InboxIcon,
  MailIcon,
  SearchIcon,
} from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { NewMessageBadge } from "~/components/case-conversation/new-message-badge.tsx";
import {
  type AttemptResult,
  CaseActionOutcome,
  CaseActions,
  CaseDetails,
  CaseFacts,
  ContactLinks,
} from "~/components/doctor/case-details.tsx";
import { DrawerLink } from "~/components/drawer-link.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { LinkTabs } from "~/components/link-tabs.tsx";
import { ListPagination } from "~/components/list-pagination.tsx";
import { RecordSheet, RecordSheetParts } from "~/components/record-sheet.tsx";
import { ReferralStatusBadge } from "~/components/referrals/status-badge.tsx";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DataTable, TableCell, TableRow } from "~/components/ui/table";
import { toast } from "~/components/ui/toaster";
import { useRemoveQueryParams } from "~/components/use-remove-query-params.ts";
import {
  type DoctorListQuery,
  doctorListQuerySchema,
  parseDoctorListQuery,
} from "~/domain/doctor/dashboard-forms.ts";
import { listDoctorCases } from "~/domain/doctor/doctor-cases.server.ts";
import { type DoctorTab, doctorRowAction } from "~/domain/doctor/doctor-queue.ts";
import { getDoctorCase } from "~/domain/doctor/get-doctor-case.server.ts";
import { cn } from "~/lib/cn";
import { formatShortDate } from "~/lib/dates.ts";
import { excerpt } from "~/lib/excerpt.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { currentSession } from "~/middleware/session.server.ts";
import type { Route } from "./+types/dashboard";
import { doctorCaseAction } from "./case-actions.server.ts";

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
          throw refusalResponse(error, refusalMessage);
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

/** Take, remind, record a contact attempt: the same actions as the case's own page. */
export const action = ({ request, context }: Route.ActionArgs) =>
  doctorCaseAction(request, context);

const doctorTabs: ReadonlyArray<{ value: DoctorTab; label: string }> = [
  { value: "all", label: "All Referrals" },
  { value: "pending", label: "Pending" },
  { value: "completed", label: "Completed" },
];

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
  const removeQueryParams = useRemoveQueryParams();

  // The editor returns here with ?completed=REF after sending: the seed's toast, sheet closed.
  // Without JavaScript the page itself says what was done (below); with it, toasts do.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  useEffect(() => {
    if (!completed) return;
    toast.success("Review completed", {
      description: `Referral ${completed} has been marked as completed.`,
    });
    removeQueryParams(["completed"]);
  }, [completed, removeQueryParams]);

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

      {completed && !scripted ? (
        <Alert role="status" className="mt-6">
          <ClipboardCheckIcon aria-hidden="true" />
          <AlertTitle>Review completed</AlertTitle>
          <AlertDescription>Referral {completed} has been marked as completed.</AlertDescription>
        </Alert>
      ) : null}
      {actionData && !scripted ? <CaseActionOutcome outcome={actionData} className="mt-6" /> : null}

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
        <LinkTabs
          label="Referral tabs"
          tabs={doctorTabs}
          current={query.tab}
          hrefFor={(tab) => listLink(query, { tab })}
          replace={false}
        />
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
                        {r.newMessage ? (
                          <NewMessageBadge to={casePath(r.id)} reference={r.reference} />
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
                        {r.status === "on_hold" ? (
                          <span className="text-muted-foreground text-xs">
                            Paused by ReferOH until the hold is lifted
                          </span>
                        ) : r.status === "in_progress" ? (
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
                          <DrawerLink
                            to={casePath(r.id)}
                            drawer={listLink(query, { page: query.page, case: r.id })}
                            aria-label={`${action === "review" ? "Review" : "Report"} ${r.reference}`}
                          >
                            {action === "review" ? "Review" : "Report"}
                          </DrawerLink>
                        </Button>
                      ) : action === "remind" ? (
                        <Form
                          method="post"
                          // The list as it is, without a notice from an earlier step.
                          action={listLink(query, { page: query.page })}
                          preventScrollReset
                        >
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
                          <DrawerLink
                            to={casePath(r.id)}
                            drawer={listLink(query, { page: query.page, case: r.id })}
                            aria-label={`View ${r.reference}`}
                          >
                            View
                          </DrawerLink>
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

      <RecordSheet
        // The case's own page is its row's link: focus goes back there on close.
        linkHrefPart={detail ? casePath(detail.referral.id) : null}
        onClose={closeSheet}
        side="right"
        width="wide"
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
      </RecordSheet>
    </div>
  );
}

/** A case's own page; with JavaScript a row's link opens it as the sheet (`?case=`) instead. */
const casePath = (referralId: string) => `/doctor/cases/${referralId}`;

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

/**
 * The case over the list: the enhancement of the case's own page (/doctor/cases/:referralId),
 * drawn from the same parts. It opens on its heading, as every drawer does.
 */
function CaseSheet({ detail, attemptResult }: { detail: Detail; attemptResult: AttemptResult }) {
  const r = detail.referral;
  return (
    <RecordSheetParts
      title={`Referral Details: ${r.reference}`}
      subjectName={r.subjectName}
      issue={r.issue}
      facts={<CaseFacts detail={detail} />}
      actionsClassName="flex-col gap-2 sm:flex-row sm:justify-end"
      actions={<CaseActions detail={detail} />}
    >
      <CaseDetails detail={detail} attemptResult={attemptResult} headingLevel={3} />
    </RecordSheetParts>
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
