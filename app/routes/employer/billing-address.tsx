import { getFormProps } from "@conform-to/react";
import { ArrowLeftIcon } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { OrganisationField } from "~/components/account/organisation-field.tsx";
import { BillingAddressField } from "~/components/billing/billing-address-field.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { errorSummary } from "~/components/forms/use-validated-form.ts";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { ErrorSummary } from "~/components/ui/form-field";
import { billingAddressSchema } from "~/domain/billing/billing-address.ts";
import { billingAddressOf } from "~/domain/billing/billing-address-of.server.ts";
import { formatPence } from "~/domain/billing/catalogue.ts";
import { continuePurchase } from "~/domain/billing/continue-purchase.server.ts";
import { lineText } from "~/domain/billing/invoice-lines.ts";
import { getOrder } from "~/domain/billing/orders.server.ts";
import { uuidSchema } from "~/domain/billing/plan-choice.ts";
import { saveBillingAddress } from "~/domain/billing/save-billing-address.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { teamRoleRefusal } from "~/middleware/employer.server.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import type { Route } from "./+types/billing-address";
import { billingRequest } from "./billing.server.ts";

export const meta: Route.MetaFunction = () => privatePageMeta("Billing address");

/**
 * The organisation's billing address: asked at checkout when there is none (a full VAT invoice
 * names the customer's address, docs/vat-invoices.md), and changed from the subscription page.
 * With `?order=` the checkout of that order carries on once the address is saved.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { scope } = billingRequest(context);
  const id = uuidSchema.safeParse(new URL(request.url).searchParams.get("order"));
  const order = id.success
    ? await getOrder(scope, id.data).catch((error) => {
        throw refusalResponse(error, refusalMessage);
      })
    : null;
  return {
    address: await billingAddressOf(scope),
    order: order
      ? {
          id: order.id,
          summary: order.items.map(lineText).join(" + "),
          totalPence: order.totalPence,
        }
      : null,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { runtime, scope } = billingRequest(context);
  const submission = parseSubmission(await request.formData(), billingAddressSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { address, order } = submission.value;
  await saveBillingAddress(scope, runtime, { address }).catch(teamRoleRefusal("billing"));
  if (!order) throw redirect("/employer-subscription?notice=billing-address-saved#billing-address");
  const { redirectUrl } = await continuePurchase(scope, order);
  throw redirect(redirectUrl);
}

export default function BillingAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { address, order } = loaderData;
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm({
    id: "billing-address",
    schema: billingAddressSchema,
    lastResult: actionData?.result,
    // The address already given, to change; what was sent, once sent.
    defaultValue: { address: address ?? "" },
  });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to={order ? "/package-selection" : "/employer-subscription"}>
          <ArrowLeftIcon aria-hidden="true" className="size-4" />
          Back
        </Link>
      </Button>
      <h1 className="mt-2 font-semibold text-3xl tracking-tight">Billing address</h1>
      <p className="mt-2 max-w-prose text-lg text-muted-foreground">
        {order
          ? "Before you pay, tell us the address to put on your invoice. A VAT invoice must name your organisation's address."
          : "The address printed on your invoices and credit notes."}
      </p>
      <ErrorSummary className="mt-6" errors={errorSummary(fields, { address: "address" })} />
      {order ? (
        <p className="mt-6" data-testid="billing-address-order">
          Paying for: <span className="font-medium">{order.summary}</span>,{" "}
          {formatPence(order.totalPence)} including VAT.
        </p>
      ) : null}
      <Card className="mt-6">
        <CardContent className="pt-6">
          <Form method="post" {...getFormProps(form)} noValidate className="grid gap-5">
            <OrganisationField />
            {order ? <input type="hidden" name="order" value={order.id} /> : null}
            <BillingAddressField
              hint="The street, the town and the postcode, each on its own line."
              field={fields.address}
            />
            <div>
              <Button type="submit" disabled={navigation.state !== "idle"}>
                {order ? "Save and continue to payment" : "Save billing address"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
