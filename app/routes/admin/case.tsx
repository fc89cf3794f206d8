import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/components/admin/pagination.tsx";
import { AdminSection } from "~/components/admin/section.tsx";
import { TextAreaField } from "~/components/forms/text-field.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { errorSummary } from "~/components/forms/use-validated-form.ts";
import { ReferralStatusBadge } from "~/components/referrals/status-badge.tsx";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormErrorMessage } from "~/components/ui/form-field";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import { getAdminCase } from "~/domain/admin/cases.server.ts";
import { adminConversationForm } from "~/domain/case-conversation/conversation-rules.ts";
import { getAdminConversation } from "~/domain/case-conversation/get-admin-conversation.server.ts";
import {
  adminCaseActionSchema,
  HOLD_REASON_MAX,
  putOnHoldSchema,
} from "~/domain/referrals/hold-input.ts";
import { putReferralOnHold } from "~/domain/referrals/hold-referral.server.ts";
import { canAct, statusLabels } from "~/domain/referrals/lifecycle.ts";
import { liftReferralHold } from "~/domain/referrals/lift-referral-hold.server.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { isUuid } from "~/lib/ids.ts";
import { refusalResponse } from "~/middleware/refusal.server.ts";
import type { Route } from "./+types/case";
import { adminScope } from "./admin-scope.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.case.reference ?? "Case"} | ReferOH administration` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const scope = adminScope(context);
  if (!isUuid(params.referralId)) throw data("Case not found", { status: 404 });
  const found = await getAdminCase(scope, params.referralId);
  if (!found) throw data("Case not found", { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  return {
    case: found,
    notice:
      done === "held" ? "The case is on hold." : done === "lifted" ? "The hold is lifted." : null,
  };
}

/** The page's three forms: hold, lift, and opening the conversation with a reason. */
const adminCasePageSchema = z.discriminatedUnion("intent", [
  ...adminCaseActionSchema.options,
  adminConversationForm,
]);

type ActionResult = {
  result: SubmissionResult<string[]>;
  /** Both threads and the documents' list, once the administrator gave a reason. */
  conversation?: Awaited<ReturnType<typeof getAdminConversation>>;
};

/**
 * Put on hold (reason and confirmation) or lift the hold (docs/architecture.md §4, "On hold"):
 * plain forms, answered by a redirect back to the page so a reload sends nothing again.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const scope = adminScope(context);
  if (!isUuid(params.referralId)) throw data("Case not found", { status: 404 });
  const referralId = params.referralId;
  const submission = parseSubmission(await request.formData(), adminCasePageSchema);
  if (submission.status !== "success")
    return data<ActionResult>({ result: submission.reply() }, { status: 400 });
  const form = submission.value;
  if (form.intent === "open-conversation") {
    // Reading the conversation: a reason, then the threads on this page (nothing changes).
    try {
      const conversation = await getAdminConversation(scope, {
        referralId,
        accessReason: form.accessReason,
      });
      return { result: submission.reply(), conversation } satisfies ActionResult;
    } catch (error) {
      return refusalResponse(
        error,
        (refusal): ActionResult => ({
          result: submission.reply({ formErrors: [refusal.message] }),
        }),
      );
    }
  }
  try {
    if (form.intent === "hold") await putReferralOnHold(scope, { referralId, reason: form.reason });
    else await liftReferralHold(scope, { referralId });
  } catch (error) {
    // Not found is the 404 page; any other refusal (a case that cannot be held or lifted now)
    // stays on the form, with the map's status.
    return refusalResponse(
      error,
      (refusal): ActionResult => ({ result: submission.reply({ formErrors: [refusal.message] }) }),
    );
  }
  return redirect(`/admin/cases/${referralId}?done=${form.intent === "hold" ? "held" : "lifted"}`);
}

export default function AdminCase({ loaderData, actionData }: Route.ComponentProps) {
  const { case: c, notice } = loaderData;
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-10 sm:px-6">
      <div>
        <Link to="/admin/cases" className="text-primary text-sm underline-offset-4 hover:underline">
          All cases
        </Link>
        <div className="mt-2">
          <AdminPageHeader
            title={`Case ${c.reference}`}
            description={`${c.type === "management" ? "Management referral" : "Pre-employment"} · ${c.subjectName} · ${c.organisationName ?? "Unknown organisation"}`}
          />
        </div>
      </div>
      {notice ? (
        <p role="status" className="rounded-lg border bg-muted/40 p-3">
          {notice}
        </p>
      ) : null}
      <AdminSection id="case-state-heading" title="Where the case stands" card>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Status</dt>
          <dd data-testid="admin-case-status">
            <ReferralStatusBadge status={c.status} />
          </dd>
          <dt className="text-muted-foreground">Doctor</dt>
          <dd>{c.assignedDoctorName ?? "None"}</dd>
          <dt className="text-muted-foreground">SLA due</dt>
          <dd>{c.slaDueAt ? formatDateTime(c.slaDueAt) : "Not started"}</dd>
          {c.status === "on_hold" ? (
            <>
              <dt className="text-muted-foreground">On hold since</dt>
              <dd>{c.heldAt ? formatDateTime(c.heldAt) : "Unknown"}</dd>
              <dt className="text-muted-foreground">Returns to</dt>
              <dd>{c.heldFromStatus ? statusLabels[c.heldFromStatus] : "Unknown"}</dd>
              <dt className="text-muted-foreground">Reason (ReferOH only)</dt>
              <dd className="whitespace-pre-wrap" data-testid="hold-reason">
                {c.holdReason}
              </dd>
            </>
          ) : null}
        </dl>
      </AdminSection>
      {actionData?.conversation ? (
        <AdminConversation conversation={actionData.conversation} />
      ) : (
        <OpenConversationForm
          lastResult={actionData && !actionData.conversation ? actionData.result : undefined}
        />
      )}
      {canAct(c.status, "admin", "hold") ? (
        <HoldForm
          lastResult={
            actionData?.result.initialValue?.intent === "hold" ? actionData.result : undefined
          }
        />
      ) : canAct(c.status, "admin", "lift_hold") ? (
        <LiftForm
          refusal={
            actionData?.result.initialValue?.intent === "lift"
              ? (actionData.result.error?.[""]?.join(" ") ?? null)
              : null
          }
        />
      ) : null}
    </div>
  );
}

function HoldForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm({ id: "put-on-hold", schema: putOnHoldSchema, lastResult });
  const summary = errorSummary(fields, { reason: "reason", confirm: "confirm" });
  return (
    <AdminSection id="hold-heading" title="Put on hold" card>
      <p className="mt-1 text-muted-foreground text-sm">
        Nothing moves on while a case is on hold: the person cannot continue, the doctor cannot take
        it or send its report, no reminders go out and its SLA clock stops. The employer is told it
        is on hold and that ReferOH will contact them, not why. Lifting the hold returns it to where
        it was.
      </p>
      <ErrorSummary errors={summary} className="mt-4" />
      {form.errors?.length ? (
        <p role="alert" className="mt-3 text-destructive text-sm">
          {form.errors.join(" ")}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate className="mt-4 grid gap-5">
        <input type="hidden" name="intent" value="hold" />
        <TextAreaField
          id="reason"
          label="Reason"
          hint={`For ReferOH's staff only; not shown to the employer, the person or the doctor. Up to ${HOLD_REASON_MAX} characters.`}
          field={fields.reason}
          rows={3}
          maxLength={HOLD_REASON_MAX}
        />
        <div>
          {fields.confirm.errors?.length ? (
            <FormErrorMessage id="confirm-error">{fields.confirm.errors[0]}</FormErrorMessage>
          ) : null}
          <label htmlFor="confirm" className="flex items-start gap-3">
            <NativeCheckbox
              id="confirm"
              name="confirm"
              value="yes"
              aria-describedby={fields.confirm.errors?.length ? "confirm-error" : undefined}
            />
            <span>I understand the case stops for everyone until the hold is lifted.</span>
          </label>
        </div>
        <div>
          <Button type="submit" variant="destructive">
            Put on hold
          </Button>
        </div>
      </Form>
    </AdminSection>
  );
}

function LiftForm({ refusal }: { refusal: string | null }) {
  return (
    <AdminSection id="lift-heading" title="Lift hold" card>
      <p className="mt-1 text-muted-foreground text-sm">
        The case returns to where it was when it was put on hold, with the time on hold added to its
        SLA due time.
      </p>
      {refusal ? (
        <p role="alert" className="mt-3 text-destructive text-sm">
          {refusal}
        </p>
      ) : null}
      {/* A form of one button: nothing to check but the intent. */}
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="lift" />
        <Button type="submit">Lift hold</Button>
      </Form>
    </AdminSection>
  );
}

/**
 * The case conversation stays closed until the administrator says why they need it
 * (docs/architecture.md §4, "The case conversation"): the reason is kept on the audit event.
 */
function OpenConversationForm({
  lastResult,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm({
    id: "open-conversation",
    schema: adminConversationForm,
    lastResult: lastResult?.initialValue?.intent === "open-conversation" ? lastResult : undefined,
  });
  return (
    <AdminSection id="conversation-heading" title="Messages and documents" card>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value="open-conversation" />
        <p className="text-muted-foreground text-sm">
          The conversation between the employer, the doctor and the employee may hold health
          information. Opening it is recorded in the audit trail with your reason.
        </p>
        <TextAreaField
          id="accessReason"
          label="Why do you need to read it?"
          hint="For example: a complaint from the employer about the doctor's reply on 3 March."
          field={fields.accessReason}
          rows={3}
          maxLength={200}
        />
        <div>
          <Button type="submit" variant="outline">
            Open messages and documents
          </Button>
        </div>
      </Form>
    </AdminSection>
  );
}

const threadTitles = {
  employer_doctor: "Employer and doctor",
  person_doctor: "Employee and doctor",
} as const;

function AdminConversation({
  conversation,
}: {
  conversation: NonNullable<ActionResult["conversation"]>;
}) {
  return (
    <AdminSection id="conversation-heading" title="Messages and documents" card>
      <p className="mt-2 text-muted-foreground text-sm">
        Opened with your reason; recorded in the audit trail.
      </p>
      {(["employer_doctor", "person_doctor"] as const).map((thread) => {
        const messages = conversation.messages.filter((m) => m.thread === thread);
        return (
          <div key={thread} className="mt-4">
            <h3 className="font-semibold">{threadTitles[thread]}</h3>
            {messages.length === 0 ? (
              <p className="text-muted-foreground text-sm">No messages.</p>
            ) : (
              <ol className="mt-2 grid gap-2" data-testid={`admin-thread-${thread}`}>
                {messages.map((m) => (
                  <li key={m.id} className="rounded-md border p-3 text-sm">
                    <p className="text-muted-foreground">
                      {m.authorName} ({m.authorRole.replace("_", " ")}) ·{" "}
                      {formatDateTime(new Date(m.sentAt))}
                      {m.readAt ? " · read" : " · not read yet"}
                    </p>
                    <p className="mt-1 whitespace-pre-wrap">{m.body}</p>
                  </li>
                ))}
              </ol>
            )}
          </div>
        );
      })}
      <h3 className="mt-4 font-semibold">Documents</h3>
      {conversation.documents.length === 0 ? (
        <p className="text-muted-foreground text-sm">No documents.</p>
      ) : (
        <ul className="mt-2 grid gap-1 text-sm" data-testid="admin-documents">
          {conversation.documents.map((d) => (
            <li key={d.id}>
              {d.fileName} · {d.uploaderName} ({d.uploaderRole.replace("_", " ")}) ·{" "}
              {threadTitles[d.thread]} · {formatDateTime(new Date(d.uploadedAt))}
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
