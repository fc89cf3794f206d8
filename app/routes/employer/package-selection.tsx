import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { InfoIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { OrganisationField } from "~/components/account/organisation-field.tsx";
import { PlanCard } from "~/components/billing/plan-card.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { errorSummary } from "~/components/forms/use-validated-form.ts";
import { LinkTabs } from "~/components/link-tabs.tsx";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormErrorMessage } from "~/components/ui/form-field";
import {
  creditPacks,
  creditValidityMonths,
  formatPence,
  membership,
  services,
  turnaroundHours,
} from "~/domain/billing/catalogue.ts";
import { membershipStanding } from "~/domain/billing/membership.server.ts";
import { ownMembership } from "~/domain/billing/own-membership.server.ts";
import {
  orderRequestFor,
  type PlanTab,
  parsePlanChoice,
  planSelectionSchema,
  planTabFrom,
  referralFormPath,
} from "~/domain/billing/plan-choice.ts";
import { startPurchase } from "~/domain/billing/start-purchase.server.ts";
import { cn } from "~/lib/cn";
import { parseSubmission } from "~/lib/form-submission.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { teamRoleRefusal } from "~/middleware/employer.server.ts";
import { refusalResponse } from "~/middleware/refusal.server.ts";
import type { Route } from "./+types/package-selection";
import { billingRequest } from "./billing.server.ts";

export const meta: Route.MetaFunction = () => privatePageMeta("Choose Your Plan");

export async function loader({ context, request }: Route.LoaderArgs) {
  const { scope } = billingRequest(context);
  const current = await ownMembership(scope).catch(teamRoleRefusal("billing"));
  return {
    tab: planTabFrom(new URL(request.url).searchParams.get("tab")),
    standing: membershipStanding(current),
  };
}

/** The form's own result (a card not chosen), or the server's refusal of the plan chosen. */
type ActionResult = {
  result: SubmissionResult<string[]>;
  refusal?: { title: string; message: string };
};

export async function action({ context, request }: Route.ActionArgs) {
  const { scope, audit } = billingRequest(context);
  const submission = parseSubmission(await request.formData(), planSelectionSchema);
  if (submission.status !== "success")
    return data<ActionResult>({ result: submission.reply() }, { status: 400 });
  const choice = parsePlanChoice(submission.value.plan)!;
  if (choice.kind === "referral") throw redirect(referralFormPath(choice.referralType));
  // One purchase path: a non-member's pack comes with a monthly membership in one order (the
  // seed's Credit Pack + Membership bundle), rather than a refusal.
  const current = await ownMembership(scope).catch(teamRoleRefusal("billing"));
  const bundle = choice.kind === "credit_pack" && membershipStanding(current, scope.now) === "none";
  try {
    const started = await startPurchase(scope, {
      request:
        bundle && choice.kind === "credit_pack"
          ? { kind: "membership", interval: "monthly", packId: choice.packId }
          : orderRequestFor(choice),
    });
    await audit({
      action: "billing.order_created",
      outcome: "success",
      object: { type: "payment_order", id: started.orderId },
      details: { choice, withMembership: bundle },
    });
    // Our own demo page opens on its Credit Pack + Membership tab for a bundle.
    throw redirect(
      bundle && started.redirectUrl.startsWith("/payment?")
        ? `${started.redirectUrl}&tab=bundle`
        : started.redirectUrl,
    );
  } catch (error) {
    // Pricing refuses a pack only for want of a membership; anything else is the plan itself.
    const title =
      choice.kind === "credit_pack" && !bundle
        ? "Membership required"
        : "This plan is not available";
    return refusalResponse(
      error,
      (refusal): ActionResult => ({
        result: submission.reply(),
        refusal: { title, message: refusal.message },
      }),
      { notFound: "inline" },
    );
  }
}

const tabs: ReadonlyArray<{ value: PlanTab; label: string }> = [
  { value: "membership", label: "Membership" },
  { value: "packs", label: "Credit Packs" },
  { value: "referral", label: "Pay Per Referral" },
];

/** One tab's plans: what they have in common, a notice where the employer's standing needs one, the cards. */
function PlanOptions({
  hint,
  notice,
  className,
  children,
}: {
  hint: ReactNode;
  notice?: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <>
      <p id="plan-hint" className="mb-4 text-muted-foreground">
        {hint}
      </p>
      {notice}
      <div className={cn("grid gap-4", className)}>{children}</div>
    </>
  );
}

function PlanNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert className="mb-4">
      <InfoIcon aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}

export default function PackageSelection({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, standing } = loaderData;
  const hydrated = useHydrated();
  // A choice belongs to the tab it was made on: changing tab clears it (the form remounts too).
  const [choice, setChoice] = useState<{ tab: PlanTab; value: string } | null>(null);
  const selected = choice?.tab === tab ? choice.value : null;
  const setSelected = (value: string) => setChoice({ tab, value });
  // Every card on every tab is one choice of the same "plan" field.
  const plan = { name: "plan", onSelect: setSelected };
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const refusal = actionData?.refusal;
  const [form, fields] = useSchemaForm({
    id: "package-selection",
    schema: planSelectionSchema,
    lastResult: actionData?.result,
  });
  const summary = refusal
    ? [{ id: "plan-options", message: refusal.message }]
    : errorSummary(fields, { plan: "plan-options" });
  const planError = fields.plan.errors?.[0];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="font-semibold text-3xl tracking-tight">Choose Your Plan</h1>
      <p className="mt-2 text-lg text-muted-foreground">
        A membership, a pack of credits, or pay for each referral as you go. All prices exclude VAT.
      </p>

      {summary.length > 0 ? (
        <ErrorSummary
          className="mt-6"
          title={refusal?.title ?? "No plan selected"}
          errors={summary}
        />
      ) : null}

      <div className="mt-8">
        <LinkTabs
          label="Plan type"
          tabs={tabs}
          current={tab}
          hrefFor={(value) => `/package-selection?tab=${value}`}
        />
      </div>

      {/* Keyed by tab: changing tab clears the selection. */}
      <Form method="post" key={tab} {...getFormProps(form)} noValidate className="mt-6">
        <OrganisationField />
        <fieldset
          id="plan-options"
          aria-describedby={planError ? "plan-error plan-hint" : "plan-hint"}
        >
          <legend className="sr-only">{tabs.find((t) => t.value === tab)?.label}</legend>
          {planError ? (
            <FormErrorMessage id="plan-error" className="mb-4">
              {planError}
            </FormErrorMessage>
          ) : null}
          {tab === "membership" ? (
            <PlanOptions
              hint={membership.perks.join(" · ")}
              notice={
                standing !== "none" ? (
                  <PlanNotice title="You already have a membership">
                    Change or cancel it on{" "}
                    <Link to="/employer-subscription" className="underline">
                      your subscription page
                    </Link>
                    .
                  </PlanNotice>
                ) : null
              }
              className="md:grid-cols-2"
            >
              <PlanCard
                {...plan}
                value="membership-monthly"
                title="Monthly membership"
                price={formatPence(membership.monthly.pricePence)}
                period="per month"
              >
                Cancel at any time; access lasts to the end of the month you paid for.
              </PlanCard>
              <PlanCard
                {...plan}
                value="membership-annual"
                title="Annual membership"
                price={formatPence(membership.annual.pricePence)}
                period="per year"
                badge="Save 10%"
              >
                Twelve months for the price of {formatPence(membership.annual.pricePence / 12)} a
                month.
              </PlanCard>
            </PlanOptions>
          ) : null}

          {tab === "packs" ? (
            <PlanOptions
              hint={
                <>
                  Credits are valid for {creditValidityMonths} months. A pre-employment check uses{" "}
                  {services.pre_employment.creditCost} credit, a management referral{" "}
                  {services.management.creditCost}.
                </>
              }
              notice={
                standing === "none" ? (
                  <PlanNotice title="Credit packs need an active membership">
                    Choose a pack and it comes with a monthly membership (
                    {formatPence(membership.monthly.pricePence)} a month) in one payment. For annual
                    billing, choose the annual membership first and add a pack on the payment page.
                  </PlanNotice>
                ) : null
              }
              className="sm:grid-cols-2 lg:grid-cols-4"
            >
              {creditPacks.map((pack) => (
                <PlanCard
                  key={pack.id}
                  {...plan}
                  value={`pack-${pack.id}`}
                  title={pack.name}
                  price={formatPence(pack.pricePence)}
                  period={`for ${pack.credits} credits`}
                  badge={pack.recommended ? "Popular" : undefined}
                >
                  {pack.description}
                  {standing === "none"
                    ? ` With the monthly membership: ${formatPence(pack.pricePence + membership.monthly.pricePence)}.`
                    : null}
                </PlanCard>
              ))}
            </PlanOptions>
          ) : null}

          {tab === "referral" ? (
            <PlanOptions
              hint={
                <>
                  No commitment: you pay when you submit each referral.{" "}
                  {standing === "none"
                    ? `Reports within ${turnaroundHours.payPerReferral} hours.`
                    : `Member prices apply; reports within ${turnaroundHours.member} hours.`}
                </>
              }
              className="md:grid-cols-2"
            >
              {(["pre_employment", "management"] as const).map((type) => {
                const service = services[type];
                const price =
                  standing === "none" ? service.standardPricePence : service.memberPricePence;
                return (
                  <PlanCard
                    key={type}
                    {...plan}
                    value={`referral-${type}`}
                    title={service.name}
                    price={formatPence(price)}
                    period="per referral"
                  >
                    {standing === "none"
                      ? `Members pay ${formatPence(service.memberPricePence)}.`
                      : `Member price (standard ${formatPence(service.standardPricePence)}).`}
                  </PlanCard>
                );
              })}
            </PlanOptions>
          ) : null}
        </fieldset>

        <div className="mt-8 flex flex-wrap items-center gap-4">
          {/* Disabled until a card is chosen once JavaScript runs; the server checks it either way. */}
          <Button type="submit" size="lg" disabled={(hydrated && !selected) || submitting}>
            {submitting ? "Please wait…" : "Continue"}
          </Button>
          <Button asChild variant="ghost">
            <Link to="/employer-dashboard">Back</Link>
          </Button>
        </div>
      </Form>
    </div>
  );
}
