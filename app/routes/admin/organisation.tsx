import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { AdminPageHeader, adminDate } from "~/components/admin/pagination.tsx";
import { AdminSection } from "~/components/admin/section.tsx";
import { ConfirmButtons } from "~/components/forms/intent-form.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { errorSummary } from "~/components/forms/use-validated-form.ts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { adjustOrganisationCredits } from "~/domain/admin/adjust-organisation-credits.server.ts";
import { getOrganisationDetail } from "~/domain/admin/get-organisation-detail.server.ts";
import { type CreditAdjustment, creditAdjustmentSchema } from "~/domain/admin/organisations.ts";
import { formatDateTime } from "~/lib/dates.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import type { Route } from "./+types/organisation";
import { adminScope } from "./admin-scope.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.organisation.name ?? "Organisation"} | ReferOH administration`,
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const detail = await getOrganisationDetail(adminScope(context), params.organisationId);
  if (!detail) throw data("Organisation not found", { status: 404 });
  return detail;
}

type ActionResult =
  | { ok: true; balance: number; result: SubmissionResult<string[]>; confirm: null }
  | { ok: false; result: SubmissionResult<string[]> | null; confirm: CreditAdjustment | null };

export async function action({ context, params, request }: Route.ActionArgs) {
  const scope = adminScope(context);
  const submission = parseSubmission(await request.formData(), creditAdjustmentSchema);
  if (submission.status !== "success")
    return data<ActionResult>(
      { ok: false, result: submission.reply(), confirm: null },
      { status: 400 },
    );
  // Taking credits away is destructive: it needs a second, explicit confirmation.
  const { confirm, ...adjustment } = submission.value;
  if (adjustment.credits < 0 && confirm !== "yes")
    return data<ActionResult>({ ok: false, result: null, confirm: adjustment });
  const result = await adjustOrganisationCredits(scope, {
    organisationId: params.organisationId,
    ...adjustment,
  });
  if (result.status === "not-found") throw data("Organisation not found", { status: 404 });
  if (result.status === "insufficient")
    return data<ActionResult>(
      {
        ok: false,
        result: submission.reply({
          fieldErrors: {
            credits: [
              `The balance is ${result.balance}: you can remove at most ${result.balance} credits.`,
            ],
          },
        }),
        confirm: null,
      },
      { status: 400 },
    );
  return data<ActionResult>({
    ok: true,
    balance: result.balance,
    result: submission.reply({ resetForm: true }),
    confirm: null,
  });
}

export default function AdminOrganisation({ loaderData, actionData }: Route.ComponentProps) {
  const { organisation, members, membership, credits, ledger } = loaderData;
  const confirm = actionData?.confirm ?? null;
  const [form, fields] = useSchemaForm({
    id: "adjust-credits",
    schema: creditAdjustmentSchema,
    lastResult: actionData?.result,
  });
  const summary = errorSummary(fields, { credits: "credits", reason: "reason" });
  useEffect(() => {
    if (actionData?.ok)
      toast("Credits adjusted", { description: `New balance: ${actionData.balance}` });
  }, [actionData]);
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <div>
        <Link
          to="/admin/organisations"
          className="text-primary text-sm underline-offset-4 hover:underline"
        >
          All organisations
        </Link>
        <div className="mt-2">
          <AdminPageHeader
            title={organisation.name}
            description={
              [organisation.industry, organisation.phone, organisation.address]
                .filter(Boolean)
                .join(" · ") || "No contact details given."
            }
          />
        </div>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <AdminSection id="membership-heading" title="Membership and credits" card>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Membership</dt>
            <dd>
              {membership
                ? `${membership.interval === "annual" ? "Annual" : "Monthly"}, ${membership.status.replace("_", " ")}, until ${adminDate.format(new Date(membership.currentPeriodEnd))}`
                : "No membership"}
            </dd>
            <dt className="text-muted-foreground">Credit balance</dt>
            <dd className="font-semibold text-base" data-testid="credit-balance">
              {credits}
            </dd>
          </dl>
        </AdminSection>

        <AdminSection id="members-heading" title="Members" card>
          <ul className="mt-4 grid gap-2 text-sm">
            {members.map((m) => (
              <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium">{m.name}</span>{" "}
                  <span className="break-all text-muted-foreground">{m.email}</span>
                </span>
                <Badge variant="outline">{m.role === "owner" ? "Owner" : "Manager"}</Badge>
              </li>
            ))}
            {members.length === 0 ? <li className="text-muted-foreground">No members.</li> : null}
          </ul>
        </AdminSection>
      </div>

      <AdminSection id="adjust-heading" title="Adjust credits" card>
        <p className="mt-1 text-muted-foreground text-sm">
          A positive number adds a lot valid for 12 months; a negative number removes credits,
          soonest-expiring first. The balance cannot go below zero. Every adjustment is recorded in
          the ledger and the audit log.
        </p>
        {confirm ? (
          <div role="alert" className="mt-4 rounded-lg border border-destructive bg-background p-4">
            <p className="font-semibold">
              Remove {-confirm.credits} credits from {organisation.name}?
            </p>
            <p className="mt-1 text-sm">Reason: {confirm.reason}</p>
            <Form method="post" className="mt-3 flex flex-wrap gap-2">
              <input type="hidden" name="credits" value={confirm.credits} />
              <input type="hidden" name="reason" value={confirm.reason} />
              <input type="hidden" name="confirm" value="yes" />
              <ConfirmButtons yes={<>Yes, remove {-confirm.credits} credits</>} />
            </Form>
          </div>
        ) : (
          <>
            <ErrorSummary errors={summary} className="mt-4" />
            <Form
              method="post"
              {...getFormProps(form)}
              noValidate
              className="mt-4 grid gap-5 md:grid-cols-[12rem_1fr]"
            >
              <FormField
                id="credits"
                label="Credits"
                hint="For example 5 or -2"
                error={fields.credits.errors}
              >
                <Input
                  name="credits"
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={fields.credits.initialValue as string | undefined}
                />
              </FormField>
              <FormField
                id="reason"
                label="Reason"
                hint="Shown in the ledger and the audit log"
                error={fields.reason.errors}
              >
                <Textarea name="reason" rows={2} defaultValue={fields.reason.initialValue} />
              </FormField>
              <div className="md:col-span-2">
                <Button type="submit">Adjust credits</Button>
              </div>
            </Form>
          </>
        )}
      </AdminSection>

      <AdminSection id="ledger-heading" title="Recent credit movements">
        {ledger.length === 0 ? (
          <p className="mt-4 text-muted-foreground">No credit movements yet.</p>
        ) : (
          <ul className="mt-4 grid gap-2 text-sm">
            {ledger.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-wrap gap-x-4 rounded-lg border bg-card px-4 py-2"
              >
                <span className="w-40 text-muted-foreground">
                  {formatDateTime(entry.createdAt)}
                </span>
                <span className="w-12 font-semibold">
                  {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
                </span>
                <span className="w-24">{entry.reason}</span>
                {entry.note ? <span className="text-muted-foreground">{entry.note}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
    </div>
  );
}
