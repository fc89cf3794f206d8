import { PackageCalculator } from "~/components/marketing/pricing/package-calculator.tsx";
import { PlanQuiz } from "~/components/marketing/pricing/plan-quiz.tsx";
import { PricingSection } from "~/components/marketing/pricing/pricing-section.tsx";
import { SavingsCalculator } from "~/components/marketing/pricing/savings-calculator.tsx";
import { PageHero, Section } from "~/components/marketing/section.tsx";
import { formatPence, membership, services } from "~/domain/billing/catalogue.ts";
import {
  readMembershipInterval,
  readPlanQuiz,
  readSavingsQuery,
} from "~/domain/billing/pricing-query.ts";
import { pageMeta } from "~/lib/page-meta.ts";
import type { Route } from "./+types/pricing";

export const meta = () =>
  pageMeta({
    title: "Pricing | ReferOH occupational health",
    description: `Published prices: pre-employment checks from ${formatPence(services.pre_employment.memberPricePence)}, management referrals from ${formatPence(services.management.memberPricePence)}, membership ${formatPence(membership.monthly.pricePence)} a month. Find your plan and see honestly whether membership pays.`,
    path: "/pricing",
  });

/**
 * The quiz's answers and the calculator's figures from the query: both are GET forms the server
 * answers, so they work without JavaScript. Pre-rendered with no query; an address with one is
 * rendered per request (docs/decisions/0007).
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    quiz: readPlanQuiz(params),
    savings: readSavingsQuery(params),
    interval: readMembershipInterval(params),
  };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
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
          <PlanQuiz initial={loaderData.quiz} />
        </div>
      </Section>

      <Section id="pricing" tone="muted" title="Pricing">
        <PricingSection interval={loaderData.interval} />
      </Section>

      <Section
        id="roi"
        title="Savings calculator"
        intro="Does membership pay for itself? Set the number of cases you expect each month."
      >
        <SavingsCalculator initial={loaderData.savings} />
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
