import { getFormProps } from "@conform-to/react";
import { ArrowLeftIcon, BarChart3Icon, CoinsIcon, DownloadIcon, InfoIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { OrganisationField } from "~/components/account/organisation-field.tsx";
import { BillingAddressField } from "~/components/billing/billing-address-field.tsx";
import { PostIntentForm } from "~/components/forms/intent-form.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardHeading,
  CardTitle,
} from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog.tsx";
import { ErrorSummary } from "~/components/ui/form-field";
import { Progress } from "~/components/ui/progress";
import { DataTable, TableCell, TableRow } from "~/components/ui/table";
import { billingAddressSchema } from "~/domain/billing/billing-address.ts";
import { billingAddressOf } from "~/domain/billing/billing-address-of.server.ts";
import { cancelMembership } from "~/domain/billing/cancel-membership.server.ts";
import {
  creditPacks,
  creditValidityMonths,
  formatPence,
  membership as membershipPlans,
  services,
} from "~/domain/billing/catalogue.ts";
import { changeMembershipInterval } from "~/domain/billing/change-membership-interval.server.ts";
import { getCreditUsage } from "~/domain/billing/get-credit-usage.server.ts";
import { lineText } from "~/domain/billing/invoice-lines.ts";
import { isMembershipInForce } from "~/domain/billing/membership.server.ts";
import { listOrders } from "~/domain/billing/orders.server.ts";
import { ownMembership } from "~/domain/billing/own-membership.server.ts";
import { resumeMembership } from "~/domain/billing/resume-membership.server.ts";
import { startPurchase } from "~/domain/billing/start-purchase.server.ts";
import { formatLongDate } from "~/lib/dates.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { teamRoleRefusal } from "~/middleware/employer.server.ts";
import { refusalResponse } from "~/middleware/refusal.server.ts";
import type { Route } from "./+types/subscription";
import { billingRequest } from "./billing.server.ts";

export const meta: Route.MetaFunction = () => privatePageMeta("Subscription Management");

const statusLabels = {
  active: "Active",
  cancelled: "Cancelled",
  pending_change: "Pending Change",
} as const;

const orderStatusLabels = {
  pending: "Awaiting payment",
  paid: "Paid",
  failed: "Failed",
  cancelled: "Cancelled",
  expired: "Expired unpaid",
  refunded: "Refunded",
} as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { scope } = billingRequest(context);
  const { now } = scope;
  const [current, usage, orders, address] = await Promise.all([
    ownMembership(scope),
    getCreditUsage(scope),
    listOrders(scope),
    billingAddressOf(scope),
  ]).catch(teamRoleRefusal("billing"));
  const inForce = isMembershipInForce(current, now);
  return {
    confirmCancel: new URL(request.url).searchParams.get("confirm") === "cancel",
    address,
    addressSaved: new URL(request.url).searchParams.get("notice") === "billing-address-saved",
    membership:
      current && inForce
        ? {
            interval: current.interval,
            status: current.status,
            pendingInterval: current.pendingInterval,
            pricePence: membershipPlans[current.interval].pricePence,
            periodEnd: formatLongDate(current.currentPeriodEnd),
          }
        : null,
    usage,
    // Checkouts that were started and left (e.g. replaced by a membership + pack order) are not
    // billing history: only orders a provider has ruled on are listed.
    orders: orders
      .filter((order) => order.status !== "pending")
      .map((order) => ({
        id: order.id,
        date: formatLongDate(order.paidAt ?? order.createdAt),
        description: order.items.map(lineText).join(" + "),
        totalPence: order.totalPence,
        status: order.status,
        invoiceId: order.invoiceId,
        invoiceNumber: order.invoiceNumber,
        creditNoteId: order.creditNoteId,
        creditNoteNumber: order.creditNoteNumber,
        refundPending: order.refundStatus === "pending",
      })),
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("interval"), interval: z.enum(["monthly", "annual"]) }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("resume") }),
  z.object({
    intent: z.literal("purchase"),
    packId: z.enum(["starter", "value", "plus", "enterprise"]),
  }),
]);

export async function action({ context, request }: Route.ActionArgs) {
  const { scope, audit } = billingRequest(context);
  const { actor } = scope;
  const auditMembership = (action: string, details: Record<string, unknown>) =>
    audit({
      action,
      outcome: "success",
      object: { type: "membership", id: actor.organisationId },
      details,
    });
  // Every form here is a button with its intent: nothing to correct field by field.
  const submission = parseSubmission(await request.formData(), actionSchema);
  if (submission.status !== "success") {
    return data({ error: "Choose an option and try again." }, { status: 400 });
  }
  const input = submission.value;
  try {
    switch (input.intent) {
      case "interval": {
        const before = await ownMembership(scope);
        const updated = await changeMembershipInterval(scope, input.interval);
        await auditMembership("membership.interval_changed", {
          from: before?.interval,
          to: input.interval,
          status: updated.status,
          appliesAt: updated.currentPeriodEnd.toISOString(),
        });
        return { done: "interval" as const };
      }
      case "cancel": {
        const updated = await cancelMembership(scope);
        await auditMembership("membership.cancelled", {
          accessUntil: updated.currentPeriodEnd.toISOString(),
        });
        throw redirect("/employer-subscription");
      }
      case "resume": {
        const updated = await resumeMembership(scope);
        await auditMembership("membership.resumed", {
          renewsAt: updated.currentPeriodEnd.toISOString(),
        });
        throw redirect("/employer-subscription");
      }
      case "purchase": {
        const started = await startPurchase(scope, {
          request: { kind: "credit_pack", packId: input.packId },
        });
        await audit({
          action: "billing.order_created",
          outcome: "success",
          object: { type: "payment_order", id: started.orderId },
          details: { packId: input.packId },
        });
        throw redirect(started.redirectUrl);
      }
    }
  } catch (error) {
    return refusalResponse(error, (refusal) => ({ error: refusal.message }), {
      notFound: "inline",
    });
  }
}

function StatusBadge({ status }: { status: keyof typeof statusLabels }) {
  const variant =
    status === "active" ? "complete" : status === "pending_change" ? "pending" : "info";
  return (
    <Badge variant={variant} data-testid="membership-status">
      {statusLabels[status]}
    </Badge>
  );
}

function CancelMembership({ periodEnd, confirmOpen }: { periodEnd: string; confirmOpen: boolean }) {
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const explanation = `Your membership will not renew. You keep member access, prices and your credits until ${periodEnd}.`;
  if (confirmOpen) {
    // Without JavaScript the confirmation is a page of its own (?confirm=cancel).
    return (
      <Alert>
        <AlertTitle>Cancel your membership?</AlertTitle>
        <AlertDescription>
          <p>{explanation}</p>
          <Form method="post" action="/employer-subscription" className="mt-3 flex gap-3">
            <OrganisationField />
            <Button type="submit" name="intent" value="cancel" variant="destructive">
              Cancel Membership
            </Button>
            <Button asChild variant="outline">
              <Link to="/employer-subscription">Keep membership</Link>
            </Button>
          </Form>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button asChild variant="outlineDestructive">
          <Link
            to="?confirm=cancel"
            onClick={(event) => {
              event.preventDefault();
              setOpen(true);
            }}
          >
            Cancel Membership
          </Link>
        </Button>
      }
      title="Cancel your membership?"
      description={explanation}
      cancelLabel="Keep membership"
    >
      <Form method="post" action="/employer-subscription" onSubmit={() => setOpen(false)}>
        <OrganisationField />
        <Button
          type="submit"
          name="intent"
          value="cancel"
          variant="destructive"
          disabled={navigation.state !== "idle"}
        >
          Yes, cancel membership
        </Button>
      </Form>
    </ConfirmDialog>
  );
}

/**
 * The address on the organisation's invoices. It posts to /billing-address, which answers a
 * refused address with the form and its message (the page works without JavaScript).
 */
function BillingAddressForm({ address, saved }: { address: string | null; saved: boolean }) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm({
    id: "subscription-billing-address",
    schema: billingAddressSchema,
    lastResult: undefined,
    defaultValue: { address: address ?? "" },
  });
  return (
    <>
      {saved ? (
        <Alert className="mt-4" role="status">
          <AlertTitle>Billing address saved</AlertTitle>
          <AlertDescription>Your invoices and credit notes print it from now on.</AlertDescription>
        </Alert>
      ) : !address ? (
        <Alert className="mt-4">
          <InfoIcon aria-hidden="true" />
          <AlertTitle>No billing address yet</AlertTitle>
          <AlertDescription>
            A VAT invoice must name your organisation's address. Add it here, or when you next pay.
          </AlertDescription>
        </Alert>
      ) : null}
      <Form
        method="post"
        action="/billing-address"
        {...getFormProps(form)}
        noValidate
        className="mt-4 grid max-w-xl gap-4"
      >
        <OrganisationField />
        <BillingAddressField
          hint="Printed on your invoices and credit notes: the street, the town and the postcode, each on its own line."
          field={fields.address}
        />
        <div>
          <Button type="submit" variant="outline" disabled={navigation.state !== "idle"}>
            Save billing address
          </Button>
        </div>
      </Form>
    </>
  );
}

/** One of the page's parts, named by its heading. */
function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="font-semibold text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function Subscription({ loaderData, actionData }: Route.ComponentProps) {
  const { membership, usage, orders, confirmCancel, address, addressSaved } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const error = actionData && "error" in actionData ? actionData.error : null;
  const active = membership?.status !== "cancelled" && membership !== null;
  // Member rights, credit packs included, last until the paid period ends, cancelled or not.
  const inForce = membership !== null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      {/* Near the heading's edge, with room left for the 5 px focus ring inside a 320 px window. */}
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to="/employer-dashboard">
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          Back
        </Link>
      </Button>
      <h1 className="mt-2 font-semibold text-3xl tracking-tight">Subscription Management</h1>
      <p className="mt-2 text-lg text-muted-foreground">Your membership, credits and invoices.</p>

      {error ? (
        <ErrorSummary
          className="mt-6"
          title="That did not work"
          errors={[{ id: "membership", message: error }]}
        />
      ) : null}

      {membership ? (
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <Card id="membership">
            <CardHeader>
              <div className="flex items-center justify-between gap-3">
                <CardHeading>{membershipPlans[membership.interval].label} membership</CardHeading>
                <StatusBadge status={membership.status} />
              </div>
              <CardDescription>
                {formatPence(membership.pricePence)}{" "}
                {membership.interval === "annual" ? "per year" : "per month"} (excluding VAT)
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              <dl className="grid gap-1 text-sm">
                {membership.status === "cancelled" ? (
                  <>
                    <dt className="text-muted-foreground">Access until</dt>
                    <dd className="font-medium" data-testid="access-until">
                      {membership.periodEnd} (it will not renew)
                    </dd>
                    <dd className="text-muted-foreground">
                      You keep every member benefit until then: member prices, 24-hour turnaround
                      and credit packs.
                    </dd>
                  </>
                ) : (
                  <>
                    <dt className="text-muted-foreground">Next payment date</dt>
                    <dd className="font-medium" data-testid="next-payment">
                      {membership.periodEnd}
                    </dd>
                  </>
                )}
              </dl>
              {membership.status === "pending_change" && membership.pendingInterval ? (
                <Alert>
                  <InfoIcon aria-hidden="true" />
                  <AlertTitle>Pending change</AlertTitle>
                  <AlertDescription>
                    Your membership switches to{" "}
                    {membershipPlans[membership.pendingInterval].label.toLowerCase()} billing (
                    {formatPence(membershipPlans[membership.pendingInterval].pricePence)}{" "}
                    {membership.pendingInterval === "annual" ? "per year" : "per month"}) on{" "}
                    {membership.periodEnd}.
                    <PostIntentForm intent="interval" className="mt-2">
                      <Button
                        type="submit"
                        name="interval"
                        value={membership.interval}
                        variant="outline"
                        size="sm"
                        disabled={busy}
                      >
                        Keep {membershipPlans[membership.interval].label.toLowerCase()} billing
                      </Button>
                    </PostIntentForm>
                  </AlertDescription>
                </Alert>
              ) : null}

              {active ? (
                <PostIntentForm intent="interval">
                  <fieldset>
                    <legend className="mb-2 font-medium text-sm">Billing interval</legend>
                    <div className="inline-flex rounded-lg bg-muted p-1">
                      {(["monthly", "annual"] as const).map((interval) => {
                        const chosen =
                          (membership.pendingInterval ?? membership.interval) === interval;
                        return (
                          <Button
                            key={interval}
                            type="submit"
                            name="interval"
                            value={interval}
                            size="sm"
                            variant={chosen ? "default" : "ghost"}
                            aria-pressed={chosen}
                            disabled={busy}
                          >
                            {interval === "monthly" ? "Monthly" : "Annual"}
                            {interval === "annual" ? (
                              <span className="rounded bg-accent px-1 text-accent-foreground text-xs">
                                -10%
                              </span>
                            ) : null}
                          </Button>
                        );
                      })}
                    </div>
                    <p className="mt-2 text-muted-foreground text-sm">
                      A change takes effect at the end of the current period.
                    </p>
                  </fieldset>
                </PostIntentForm>
              ) : null}

              {active ? (
                <CancelMembership periodEnd={membership.periodEnd} confirmOpen={confirmCancel} />
              ) : (
                <Form method="post">
                  <OrganisationField />
                  <Button type="submit" name="intent" value="resume" disabled={busy}>
                    Resume membership
                  </Button>
                  <p className="mt-2 text-muted-foreground text-sm">
                    It then renews on {membership.periodEnd} as before.
                  </p>
                </Form>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardHeading>Credits</CardHeading>
              <CardDescription>Credits from packs bought in the last 12 months.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              <div>
                <div className="mb-2 flex justify-between text-sm">
                  <span id="credits-used-label">Used credits</span>
                  <span data-testid="credits-used">
                    {usage.used} of {usage.total}
                  </span>
                </div>
                <Progress
                  aria-labelledby="credits-used-label"
                  value={usage.used}
                  max={Math.max(usage.total, 1)}
                  getValueLabel={() => `${usage.used} of ${usage.total} credits used`}
                />
              </div>
              <p className="flex items-center gap-2 text-lg">
                <CoinsIcon aria-hidden="true" className="size-5 text-primary" />
                <span>
                  <span className="font-semibold" data-testid="credits-remaining">
                    {usage.remaining}
                  </span>{" "}
                  credits remaining
                </span>
              </p>
              <Button asChild variant="outline" className="gap-2">
                <Link to="/reports">
                  <BarChart3Icon aria-hidden="true" />
                  View Usage Reports
                </Link>
              </Button>
            </CardContent>
          </Card>
        </div>
      ) : (
        <Card className="mt-8">
          <CardHeader>
            <CardHeading>You do not have a membership</CardHeading>
            <CardDescription>
              Members get priority scheduling, 24-hour turnaround, member prices and credit packs.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to="/package-selection">Choose a plan</Link>
            </Button>
          </CardContent>
        </Card>
      )}

      <PageSection id="purchase-credits" title="Purchase Credits">
        {!membership ? (
          <p className="mt-2 text-muted-foreground">Credit packs need an active membership.</p>
        ) : membership.status === "cancelled" ? (
          <p className="mt-2 text-muted-foreground">
            Packs bought now are yours to use for 12 months, after your membership ends too.
          </p>
        ) : null}
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {creditPacks.map((pack) => (
            <Card key={pack.id} className={pack.recommended ? "border-primary" : undefined}>
              <CardHeader>
                <div className="flex items-center justify-between gap-2">
                  <CardTitle asChild>
                    <h3>{pack.name}</h3>
                  </CardTitle>
                  {pack.recommended ? <Badge>Popular</Badge> : null}
                </div>
                <CardDescription>{pack.credits} credits</CardDescription>
              </CardHeader>
              <CardContent className="space-y-4">
                <p className="font-semibold text-2xl">{formatPence(pack.pricePence)}</p>
                <PostIntentForm intent="purchase">
                  <input type="hidden" name="packId" value={pack.id} />
                  <Button
                    type="submit"
                    className="w-full"
                    disabled={busy || !inForce}
                    aria-label={`Purchase Now: ${pack.name}, ${pack.credits} credits`}
                  >
                    Purchase Now
                  </Button>
                </PostIntentForm>
              </CardContent>
            </Card>
          ))}
        </div>
      </PageSection>

      <section aria-labelledby="how-credits-work" className="mt-12 rounded-xl border bg-card p-6">
        <h2 id="how-credits-work" className="flex items-center gap-2 font-semibold text-xl">
          <InfoIcon aria-hidden="true" className="size-5 text-primary" />
          How Credits Work
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-6 text-muted-foreground">
          <li>A pre-employment check uses {services.pre_employment.creditCost} credit.</li>
          <li>A management referral uses {services.management.creditCost} credits.</li>
          <li>Credits are valid for {creditValidityMonths} months from purchase.</li>
          <li>The oldest credits are used first, so none expire while newer ones wait.</li>
        </ul>
      </section>

      <PageSection id="billing-address" title="Billing address">
        <BillingAddressForm address={address} saved={addressSaved} />
      </PageSection>

      <PageSection id="billing-history" title="Billing history">
        {orders.length === 0 ? (
          <p className="mt-2 text-muted-foreground">No payments yet.</p>
        ) : (
          <DataTable
            className="mt-4"
            columns={["Date", "Description", "Total (inc. VAT)", "Status", "Invoice"]}
          >
            {orders.map((order) => (
              <TableRow key={order.id}>
                <TableCell label="Date">{order.date}</TableCell>
                <TableCell label="Description">{order.description}</TableCell>
                <TableCell label="Total (inc. VAT)">{formatPence(order.totalPence)}</TableCell>
                <TableCell label="Status">
                  <span data-testid="order-status">{orderStatusLabels[order.status]}</span>
                  {order.refundPending ? (
                    <span className="block text-muted-foreground text-sm">
                      Refund on its way to your card
                    </span>
                  ) : null}
                </TableCell>
                <TableCell label="Invoice">
                  {order.invoiceId ? (
                    <a
                      href={`/invoices/${order.invoiceId}.pdf`}
                      download
                      className="inline-flex items-center gap-1 text-primary underline"
                    >
                      <DownloadIcon aria-hidden="true" className="size-4" />
                      {order.invoiceNumber}
                      <span className="sr-only"> (PDF)</span>
                    </a>
                  ) : order.status === "paid" && !address ? (
                    <a href="#billing-address" className="text-primary underline">
                      Add your billing address to receive it
                    </a>
                  ) : (
                    <span className="text-muted-foreground">None</span>
                  )}
                  {order.creditNoteId ? (
                    <a
                      href={`/credit-notes/${order.creditNoteId}.pdf`}
                      download
                      className="mt-1 flex items-center gap-1 text-primary underline"
                    >
                      <DownloadIcon aria-hidden="true" className="size-4" />
                      {order.creditNoteNumber}
                      <span className="sr-only"> (credit note, PDF)</span>
                    </a>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </DataTable>
        )}
      </PageSection>
    </div>
  );
}
