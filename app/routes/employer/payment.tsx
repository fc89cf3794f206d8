import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { CreditCardIcon, FlaskConicalIcon } from "lucide-react";
import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { OrganisationField } from "~/components/account/organisation-field.tsx";
import { PlanCard } from "~/components/billing/plan-card.tsx";
import { useSubmittingIntent } from "~/components/forms/intent-form.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { LinkTabs } from "~/components/link-tabs.tsx";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardHeading, CardTitle } from "~/components/ui/card";
import { ErrorSummary } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { billingAddressOf } from "~/domain/billing/billing-address-of.server.ts";
import {
  type CreditPackId,
  creditPacks,
  formatPence,
  type MembershipInterval,
  membership,
  type ReferralType,
  services,
  vatRate,
} from "~/domain/billing/catalogue.ts";
import { confirmPayment } from "~/domain/billing/confirm-payment.server.ts";
import { getOrder, type PaymentOrder } from "~/domain/billing/orders.server.ts";
import {
  afterPaymentPath,
  bundleSelectionSchema,
  paymentPageForm,
  uuidSchema,
} from "~/domain/billing/plan-choice.ts";
import { startPurchase } from "~/domain/billing/start-purchase.server.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import { createDemoProvider } from "~/services/payments/demo-provider.server.ts";
import type { Route } from "./+types/payment";
import { billingRequest } from "./billing.server.ts";

export const meta: Route.MetaFunction = () => privatePageMeta("Payment");

const notFound = () => data("Order not found", { status: 404 });

/** The organisation's own demo order, or 404: another organisation's id reveals nothing. */
async function demoOrder(
  context: Route.LoaderArgs["context"],
  orderId: unknown,
): Promise<{ order: PaymentOrder } & ReturnType<typeof billingRequest>> {
  const billing = billingRequest(context);
  const id = uuidSchema.safeParse(orderId);
  if (!id.success) throw notFound();
  try {
    const order = await getOrder(billing.scope, id.data);
    // Stripe orders are paid on Stripe's page; this page only ever takes demo payments.
    if (order.provider !== "demo") throw notFound();
    return { order, ...billing };
  } catch (error) {
    throw refusalResponse(error, refusalMessage);
  }
}

type PaymentTab = "one-time" | "bundle";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { order, scope } = await demoOrder(context, url.searchParams.get("order"));
  if (order.status === "paid") throw redirect(afterPaymentPath(order));
  // A checkout begun before the organisation had an address asks for it before the payment
  // (docs/vat-invoices.md), as `startPurchase` does for a new one.
  if (order.vatPence > 0 && !(await billingAddressOf(scope)))
    throw redirect(`/billing-address?order=${order.id}`);
  if (order.status !== "pending" && order.status !== "failed")
    throw redirect(
      order.kind === "referral"
        ? "/employer-referrals?notice=order-closed"
        : "/package-selection?notice=order-closed",
    );
  const bundleAllowed = order.kind === "membership";
  const packId = (order.grants.packId as CreditPackId | undefined) ?? null;
  const requested = url.searchParams.get("tab");
  const tab: PaymentTab =
    bundleAllowed && (requested === "bundle" || (requested === null && packId))
      ? "bundle"
      : "one-time";
  return {
    tab,
    bundleAllowed,
    order: {
      id: order.id,
      kind: order.kind,
      status: order.status,
      items: order.items,
      netPence: order.netPence,
      vatPence: order.vatPence,
      totalPence: order.totalPence,
      interval: (order.grants.interval as MembershipInterval | undefined) ?? null,
      packId,
      referralType: (order.items[0]?.sku.replace("referral-", "") ?? null) as ReferralType | null,
    },
  };
}

const noSubscription = {
  title: "No subscription selected",
  message: "Please select a subscription plan to continue",
};
const paymentFailed = {
  title: "Payment failed",
  message: "There was an error processing your demo payment. Please try again.",
};

/** What went wrong, for the summary; `result` is the bundle form's own, for its fields. */
type ActionResult = {
  error: { title: string; message: string };
  result?: SubmissionResult<string[]>;
};

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const sent = parseSubmission(form, paymentPageForm);
  const page = sent.status === "success" ? sent.value : {};
  const { order, runtime, scope, audit } = await demoOrder(context, page.order);
  const intent = page.intent;

  if (intent === "bundle") {
    // A membership with a pack is a new order, priced on the server like any other.
    const submission = parseSubmission(form, bundleSelectionSchema);
    const pack =
      submission.status === "success"
        ? creditPacks.find((p) => `pack-${p.id}` === submission.value.plan)
        : undefined;
    const interval = order.grants.interval as MembershipInterval | undefined;
    if (!pack || order.kind !== "membership" || !interval) {
      return data<ActionResult>(
        { error: noSubscription, result: submission.reply() },
        { status: 400 },
      );
    }
    try {
      const started = await startPurchase(scope, {
        request: { kind: "membership", interval, packId: pack.id },
      });
      await audit({
        action: "billing.order_created",
        outcome: "success",
        object: { type: "payment_order", id: started.orderId },
        details: { replaces: order.id, interval, packId: pack.id },
      });
      throw redirect(`${started.redirectUrl}&tab=bundle`);
    } catch (error) {
      return refusalResponse(
        error,
        (refusal): ActionResult => ({
          error: { title: "Plan not available", message: refusal.message },
        }),
        { notFound: "inline" },
      );
    }
  }

  if (intent !== "pay") return data<ActionResult>({ error: paymentFailed }, { status: 400 });
  // Paying from the Credit Pack + Membership tab needs a pack in the order (seed §5).
  if (page.tab === "bundle" && !order.grants.packId)
    return data<ActionResult>({ error: noSubscription }, { status: 400 });
  try {
    // The same code path as a provider's webhook, in the provider's (system) scope on this
    // request: one event per order, confirmed once.
    const provider = systemScope(scope.db, "demo-payment", scope.adapters, {
      requestId: scope.origin.requestId,
    });
    const outcome = await confirmPayment(
      provider,
      runtime,
      createDemoProvider().confirmationEvent(order),
    );
    if (outcome !== "granted" && outcome !== "duplicate") {
      return data<ActionResult>({ error: paymentFailed }, { status: 502 });
    }
    await audit({
      action: "billing.demo_payment_confirmed",
      outcome: "success",
      object: { type: "payment_order", id: order.id },
      details: { outcome, totalPence: order.totalPence },
    });
  } catch (error) {
    runtime.logger.error({ err: error, orderId: order.id }, "demo payment failed");
    return data<ActionResult>({ error: paymentFailed }, { status: 500 });
  }
  throw redirect(afterPaymentPath(order));
}

function planSummary(order: Route.ComponentProps["loaderData"]["order"]) {
  if (order.kind === "referral" && order.referralType && services[order.referralType]) {
    return services[order.referralType].name;
  }
  return order.items.map((item) => item.description).join(" + ");
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const { order, tab, bundleAllowed } = loaderData;
  const hydrated = useHydrated();
  const [selected, setSelected] = useState<string | null>(
    order.packId ? `pack-${order.packId}` : null,
  );
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const paying = useSubmittingIntent() === "pay";
  const interval = order.interval;
  const [bundleForm, bundleFields] = useSchemaForm({
    id: "payment-bundle",
    schema: bundleSelectionSchema,
    lastResult: actionData?.result,
  });
  // A pack not chosen, found in the browser before the form is sent, reads as the server's would.
  const error =
    actionData?.error ??
    (bundleFields.plan.errors?.length
      ? { title: noSubscription.title, message: bundleFields.plan.errors[0]! }
      : undefined);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <Alert variant="pending">
        <FlaskConicalIcon aria-hidden="true" />
        <AlertTitle>Demo mode</AlertTitle>
        <AlertDescription>
          This is a demonstration payment page. No card is charged; your order, membership, credits
          and invoice are recorded as if the payment were real.
        </AlertDescription>
      </Alert>

      <h1 className="mt-8 font-semibold text-3xl tracking-tight">Payment</h1>
      <p className="mt-2 text-muted-foreground">Review your order and pay with the test card.</p>

      {error ? (
        <ErrorSummary
          className="mt-6"
          title={error.title}
          errors={[{ id: tab === "bundle" ? "bundle-options" : "pay", message: error.message }]}
        />
      ) : null}

      <div className="mt-6">
        <LinkTabs
          label="Payment type"
          current={tab}
          hrefFor={(value) => `/payment?order=${order.id}&tab=${value}`}
          tabs={[
            { value: "one-time", label: "One-time Payment" },
            {
              value: "bundle",
              label: "Credit Pack + Membership",
              disabled: !bundleAllowed,
              hint:
                order.kind === "credit_pack"
                  ? "You are buying additional credits for your membership."
                  : "Only available when starting a membership.",
            },
          ]}
        />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          {tab === "bundle" && interval ? (
            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2>
                    Add a credit pack to your {membership[interval].label.toLowerCase()} membership
                  </h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <Form method="post" key={order.id} {...getFormProps(bundleForm)} noValidate>
                  <OrganisationField />
                  <input type="hidden" name="order" value={order.id} />
                  <fieldset id="bundle-options">
                    <legend className="mb-4 text-muted-foreground text-sm">
                      Prices include the membership ({formatPence(membership[interval].pricePence)}{" "}
                      {interval === "annual" ? "per year" : "per month"}), before VAT.
                    </legend>
                    <div className="grid gap-4 sm:grid-cols-2">
                      {creditPacks.map((pack) => (
                        <PlanCard
                          key={pack.id}
                          name="plan"
                          value={`pack-${pack.id}`}
                          title={`${pack.name}: ${pack.credits} credits`}
                          price={formatPence(pack.pricePence + membership[interval].pricePence)}
                          defaultChecked={order.packId === pack.id}
                          onSelect={setSelected}
                          badge={order.packId === pack.id ? "In this order" : undefined}
                        >
                          {formatPence(pack.pricePence)} pack + membership
                        </PlanCard>
                      ))}
                    </div>
                  </fieldset>
                  <Button
                    type="submit"
                    name="intent"
                    value="bundle"
                    variant="outline"
                    className="mt-4"
                    disabled={(hydrated && !selected) || busy}
                  >
                    Use this plan
                  </Button>
                </Form>
              </CardContent>
            </Card>
          ) : (
            <Card>
              <CardHeader>
                <CardHeading>
                  {order.kind === "referral" ? "Assessment type" : "Your plan"}
                </CardHeading>
              </CardHeader>
              <CardContent>
                <p className="font-medium text-lg" data-testid="plan-summary">
                  {planSummary(order)}
                </p>
                {order.kind === "credit_pack" ? (
                  <p className="mt-1 text-muted-foreground text-sm">
                    Additional credits for your membership, valid for 12 months.
                  </p>
                ) : null}
              </CardContent>
            </Card>
          )}

          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="flex items-center gap-2">
                  <CreditCardIcon aria-hidden="true" className="size-5" />
                  Card details (test card)
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4 sm:grid-cols-2">
              {/* Test data only; these fields are never sent to the server. */}
              <div className="grid gap-2 sm:col-span-2">
                <Label htmlFor="card-number">Card number</Label>
                <Input
                  id="card-number"
                  readOnly
                  value="4242 4242 4242 4242"
                  aria-describedby="card-hint"
                />
                <p id="card-hint" className="text-muted-foreground text-sm">
                  A test card number: nothing is charged in demo mode.
                </p>
              </div>
              <div className="grid gap-2">
                <Label htmlFor="card-expiry">Expiry date</Label>
                <Input id="card-expiry" readOnly value="12 / 34" />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="card-cvc">Security code</Label>
                <Input id="card-cvc" readOnly value="123" />
              </div>
            </CardContent>
          </Card>
        </div>

        <Card className="h-fit">
          <CardHeader>
            <CardHeading>Order summary</CardHeading>
          </CardHeader>
          {tab === "bundle" && !order.packId ? (
            // No pack chosen yet: no price to pay, so none is shown (the server refuses a payment
            // from this tab without a pack), only what a pack needs and how to add one.
            <CardContent>
              <p className="text-sm" data-testid="bundle-explained">
                Credit packs are for members, so a pack comes with a membership. Choose a pack and
                press "Use this plan": it is added to your{" "}
                {interval ? `${membership[interval].label.toLowerCase()} ` : ""}membership, and the
                price of both is shown here before you pay.
              </p>
            </CardContent>
          ) : (
            <CardContent>
              <dl className="space-y-2 text-sm">
                {order.items.map((item) => (
                  <div key={item.sku} className="flex justify-between gap-4">
                    <dt>{item.description}</dt>
                    <dd className="font-medium">{formatPence(item.netPence)}</dd>
                  </div>
                ))}
                <div className="flex justify-between gap-4 border-t pt-2">
                  <dt className="text-muted-foreground">Subtotal</dt>
                  <dd>{formatPence(order.netPence)}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">VAT ({Math.round(vatRate * 100)}%)</dt>
                  <dd>{formatPence(order.vatPence)}</dd>
                </div>
                <div className="flex justify-between gap-4 border-t pt-2 font-semibold text-base">
                  <dt>Total</dt>
                  <dd data-testid="order-total">{formatPence(order.totalPence)}</dd>
                </div>
              </dl>
              <Form method="post" className="mt-6">
                <OrganisationField />
                <input type="hidden" name="order" value={order.id} />
                <input type="hidden" name="tab" value={tab} />
                <Button
                  id="pay"
                  type="submit"
                  name="intent"
                  value="pay"
                  size="lg"
                  className="w-full"
                  disabled={busy}
                >
                  {paying ? "Processing…" : `Pay ${formatPence(order.totalPence)}`}
                </Button>
              </Form>
            </CardContent>
          )}
        </Card>
      </div>
    </div>
  );
}
