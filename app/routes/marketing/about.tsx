import { ClockIcon, FileWarningIcon, PoundSterlingIcon } from "lucide-react";
import { Link } from "react-router";
import { ResearchFigures } from "~/components/marketing/research-figures.tsx";
import { CheckList, FeatureCard, PageHero, Section } from "~/components/marketing/section.tsx";
import { turnaroundHours } from "~/domain/billing/catalogue.ts";
import { pageMeta } from "~/lib/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: "About ReferOH | Occupational health built for small and medium employers",
    description:
      "Why we built ReferOH: occupational health that small and medium UK employers can afford, with doctor-signed reports, published prices and fair treatment of employees.",
    path: "/about",
  });

export default function About() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Occupational health that small and medium employers can actually use"
        actions={[
          { to: "/login", label: "Get Started" },
          { to: "/contact", label: "Contact Us" },
        ]}
      >
        <p>
          Large organisations have long had occupational health teams on call. Most small and medium
          businesses have not: the traditional model of contracts, minimum volumes and clinic
          appointments was built for someone else.
        </p>
        <p>
          ReferOH puts the same clinical advice online. Your candidate or employee answers a guided
          assessment from home, a GMC-registered occupational health doctor reviews it, and you
          receive a clear report you can act on.
        </p>
      </PageHero>

      <Section
        title="The problems we set out to solve"
        intro="Employers told us the same three things stopped them getting advice when they needed it."
      >
        <div className="grid gap-6 md:grid-cols-3">
          <FeatureCard icon={<PoundSterlingIcon aria-hidden="true" />} title="High costs">
            Annual contracts, set-up fees and minimum volumes make occupational health hard to
            justify when you only need it a few times a year. We publish every price and let you pay
            per referral.
          </FeatureCard>
          <FeatureCard icon={<ClockIcon aria-hidden="true" />} title="Slow turnaround">
            Waiting weeks for a clinic appointment keeps a new starter waiting and an absence
            unresolved. Our reports are ready within {turnaroundHours.member} hours of the completed
            assessment for members, {turnaroundHours.payPerReferral} hours pay per referral.
          </FeatureCard>
          <FeatureCard icon={<FileWarningIcon aria-hidden="true" />} title="Complex compliance">
            Health data is special category data, pre-employment questions are restricted by the
            Equality Act 2010, and employees have rights over their reports. We build those rules
            into every step so you do not have to remember them.
          </FeatureCard>
        </div>
      </Section>

      <Section tone="muted" title="What we stand for">
        <div className="grid gap-10 md:grid-cols-2">
          <CheckList
            items={[
              "Every report reviewed and signed by a GMC-registered doctor; software never decides an outcome.",
              "The employee gives explicit consent, knows who will see what, and reviews the report before you do.",
              "Health answers stay with the doctor; employers receive the advice they need, not medical records.",
            ]}
          />
          <CheckList
            items={[
              "Published prices, no contracts: pay per referral or a monthly membership you can cancel at any time.",
              "Turnaround measured from the completed questionnaire, and shown on every case.",
              "Written for people who are not occupational health specialists: plain English, clear next steps.",
            ]}
          />
        </div>
      </Section>

      <Section
        title="Why it matters"
        intro="Published figures on work-related ill health and access to occupational health in Great Britain."
      >
        <ResearchFigures />
        <p className="mt-8">
          <Link
            to="/sme-occupational-health"
            className="font-medium text-primary underline underline-offset-4"
          >
            Read more about occupational health for small and medium businesses
          </Link>
        </p>
      </Section>
    </>
  );
}
