import { PackageCalculator } from "~/components/marketing/pricing/package-calculator.tsx";
import { PlanQuiz } from "~/components/marketing/pricing/plan-quiz.tsx";
import { PricingSection } from "~/components/marketing/pricing/pricing-section.tsx";
import { SavingsCalculator } from "~/components/marketing/pricing/savings-calculator.tsx";
import { PageHero, Section } from "~/components/marketing/section.tsx";
import { formatPence, membership, services } from "~/domain/billing/catalogue.ts";
import { pageMeta } from "~/lib/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: "Pricing | ReferOH occupational health",
    description: `Published prices: pre-employment checks from ${formatPence(services.pre_employment.memberPricePence)}, management referrals from ${formatPence(services.management.memberPricePence)}, membership ${formatPence(membership.monthly.pricePence)} a month. Find your plan and see honestly whether membership pays.`,
    path: "/pricing",
  });

export default function Pricing() {
  return (
    <>
      <PageHero eyebrow="Pricing" title="Clear prices, and honest sums">
        <p>
          Pay per referral with no commitment, or become a member for lower prices, credit packs and
          faster reports. Answer four questions to find the plan that fits, then check the figures
          with our calculators.
        </p>
      </PageHero>

      <Section
        id="quiz"
        title="Find Your Ideal Plan"
        intro="Four quick questions about your organisation."
      >
        <div className="max-w-2xl">
          <noscript>
            <p className="mb-4 rounded-lg border bg-surface p-4">
              The plan finder needs JavaScript. Every price is listed below.
            </p>
          </noscript>
          <PlanQuiz />
        </div>
      </Section>

      <Section id="pricing" tone="muted" title="Pricing">
        <PricingSection />
      </Section>

      <Section
        id="roi"
        title="Savings calculator"
        intro="Does membership pay for itself? Move the slider to the number of cases you expect each month."
      >
        <SavingsCalculator />
      </Section>

      <Section
        id="package-calculator"
        tone="muted"
        title="Package price calculator"
        intro="Tell us how many assessments you need and we will find the cheapest way to buy them."
      >
        <PackageCalculator />
      </Section>
    </>
  );
}
