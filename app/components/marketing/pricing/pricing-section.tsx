import { StethoscopeIcon } from "lucide-react";
import { useState } from "react";
import { Form, Link } from "react-router";
import { LightTabs } from "~/components/marketing/light-tabs.tsx";
import { CheckList } from "~/components/marketing/section.tsx";
import { Button } from "~/components/ui/button";
import {
  creditPacks,
  creditValidityMonths,
  formatPence,
  type MembershipInterval,
  membership,
  preEmploymentPhysicianCallMinutes,
  services,
  turnaroundHours,
} from "~/domain/billing/catalogue.ts";
import { cn } from "~/lib/cn";
import { ToggleGroup } from "./toggle-group.tsx";

const annualSaving = 12 * membership.monthly.pricePence - membership.annual.pricePence;

/**
 * The billing period is a GET form the server answers (`?interval=`), so it switches before and
 * without JavaScript; once hydrated it switches in place.
 */
function MembershipBox({ initial }: { initial: MembershipInterval }) {
  const [interval, setInterval] = useState<MembershipInterval>(initial);
  const plan = membership[interval];
  return (
    <div className="rounded-xl border-2 border-primary bg-card p-6 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 className="font-bold text-2xl">Membership</h3>
          <p className="mt-1 text-muted-foreground">
            Member prices, credit packs and {turnaroundHours.member}-hour reports.
          </p>
        </div>
        <Form method="get" action="/pricing#pricing" preventScrollReset>
          <ToggleGroup
            label="Billing period"
            name="interval"
            value={interval}
            onChange={setInterval}
            options={[
              { value: "monthly", label: "Monthly" },
              { value: "annual", label: "Annual" },
            ]}
          />
        </Form>
      </div>
      <p className="mt-6" aria-live="polite">
        <span className="font-bold text-4xl" data-testid="membership-price">
          {formatPence(plan.pricePence)}
        </span>{" "}
        <span className="text-muted-foreground">
          {interval === "monthly" ? "per month" : "per year"} + VAT
        </span>
        {interval === "annual" ? (
          <span className="ml-2 rounded-full bg-accent px-2 py-0.5 font-medium text-accent-foreground text-sm">
            Save 10% ({formatPence(annualSaving)})
          </span>
        ) : null}
      </p>
      <CheckList className="mt-6 sm:grid-cols-2" items={membership.perks} />
      <p className="mt-4 text-muted-foreground text-sm">
        {interval === "monthly"
          ? "Cancel at any time; benefits continue to the end of the month you have paid for."
          : "Paid once a year; benefits continue to the end of the year if you cancel."}
      </p>
      <Button asChild size="lg" className="mt-6">
        <Link to="/package-selection">Subscribe Now</Link>
      </Button>
    </div>
  );
}

function CreditPacks() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {creditPacks.map((pack) => (
        <div
          key={pack.id}
          className={cn(
            "relative flex flex-col rounded-xl bg-card p-6 shadow-xs",
            pack.recommended ? "border-2 border-primary" : "border",
          )}
        >
          {pack.recommended ? (
            <p className="-top-3 absolute left-6 rounded-full bg-primary px-3 py-0.5 font-semibold text-primary-foreground text-xs">
              Most popular
            </p>
          ) : null}
          <h4 className="font-semibold text-lg">{pack.name}</h4>
          <p className="mt-2 font-bold text-3xl">{formatPence(pack.pricePence)}</p>
          <p className="text-muted-foreground text-sm">
            {pack.credits} credits · {formatPence(pack.pricePence / pack.credits)} per credit
          </p>
          <p className="mt-3 text-muted-foreground text-sm">{pack.description}</p>
          <CheckList className="mt-4 text-sm" items={pack.features} />
        </div>
      ))}
    </div>
  );
}

function PayPerReferral() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <PayPerReferralCard
        service={services.pre_employment}
        consultation={`${preEmploymentPhysicianCallMinutes}-minute call with a doctor included if needed`}
      />
      <PayPerReferralCard
        service={services.management}
        consultation="Video consultation included when the doctor needs one"
      />
    </div>
  );
}

/** One service at its standard price, with what members pay instead. */
function PayPerReferralCard({
  service,
  consultation,
}: {
  service: (typeof services)[keyof typeof services];
  /** How a conversation with the doctor comes with this service. */
  consultation: string;
}) {
  return (
    <div className="flex flex-col rounded-xl border bg-card p-6 shadow-xs">
      <h4 className="font-semibold text-lg">{service.name}</h4>
      <p className="mt-2 font-bold text-3xl">{formatPence(service.standardPricePence)}</p>
      <CheckList
        className="mt-4"
        items={[
          `${turnaroundHours.payPerReferral}-hour turnaround`,
          consultation,
          `Members pay ${formatPence(service.memberPricePence)} (save ${formatPence(service.standardPricePence - service.memberPricePence)})`,
        ]}
      />
    </div>
  );
}

/** The pricing section (id `pricing`): membership, packs or pay per referral, credit usage. */
export function PricingSection({ interval }: { interval: MembershipInterval }) {
  return (
    <div className="grid gap-12">
      <MembershipBox initial={interval} />
      <div>
        <h3 className="font-bold text-2xl">Buy credits or pay as you go</h3>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          Members can buy credit packs to spend on any case, or pay the member price per case. You
          can also pay per referral without a membership. All prices exclude VAT.
        </p>
        <LightTabs
          className="mt-6"
          label="Ways to pay"
          param="pay"
          anchor="ways-to-pay"
          defaultValue="credit-packs"
          tabs={[
            { value: "credit-packs", label: "Credit Packs", content: <CreditPacks /> },
            { value: "payg", label: "Pay Per Referral", content: <PayPerReferral /> },
          ]}
        />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="rounded-xl border bg-surface p-6">
          <h3 className="font-bold text-xl">Credit usage</h3>
          <dl className="mt-4 grid gap-3">
            <div className="flex justify-between gap-4 border-b pb-3">
              <dt>{services.pre_employment.name}</dt>
              <dd className="font-semibold">{services.pre_employment.creditCost} credit</dd>
            </div>
            <div className="flex justify-between gap-4 border-b pb-3">
              <dt>{services.management.name}</dt>
              <dd className="font-semibold">{services.management.creditCost} credits</dd>
            </div>
          </dl>
          <p className="mt-4 text-muted-foreground text-sm">
            Credits are valid for {creditValidityMonths} months from purchase and are used oldest
            first. A membership is needed to buy and use them. Cancelling a case before the employee
            submits returns its credits.
          </p>
        </div>
        <div className="rounded-xl border bg-surface p-6">
          <h3 className="flex items-center gap-2 font-bold text-xl">
            <StethoscopeIcon aria-hidden="true" className="size-5 text-primary" />
            Our clinician-led commitment
          </h3>
          <p className="mt-4">
            Whatever you pay, every case is reviewed and every report signed by a GMC-registered
            doctor. Software helps the doctor prepare a draft; it never decides an outcome. The
            employee reviews the report before it reaches you.
          </p>
        </div>
      </div>
    </div>
  );
}
