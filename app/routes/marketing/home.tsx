import {
  BadgeCheckIcon,
  ClipboardCheckIcon,
  ClockIcon,
  FileCheck2Icon,
  LockKeyholeIcon,
  PoundSterlingIcon,
  StethoscopeIcon,
  UserRoundCheckIcon,
  VideoIcon,
} from "lucide-react";
import { Link } from "react-router";
import { Faq } from "~/components/marketing/faq.tsx";
import { ServiceProcessTabs } from "~/components/marketing/process-steps.tsx";
import { ActionLinks, CheckList, FeatureCard, Section } from "~/components/marketing/section.tsx";
import { Button } from "~/components/ui/button";
import {
  creditPacks,
  formatPence,
  membership,
  services,
  turnaroundHours,
} from "~/domain/billing/catalogue.ts";
import { pageMeta } from "~/lib/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: "ReferOH | Online occupational health for UK employers",
    description:
      "Pre-employment health assessments and management referrals for UK employers, completed online and signed by GMC-registered occupational health doctors. Reports within 24 hours for members.",
    path: "/",
  });

const { pre_employment: preEmployment, management } = services;
const cheapestPack = creditPacks[0]!;

export default function Home() {
  return (
    <>
      <section className="bg-gradient-to-b from-accent to-background">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24">
          <p className="font-semibold text-primary text-sm uppercase tracking-wide">
            Occupational health, online
          </p>
          <h1 className="mt-3 max-w-3xl text-balance font-bold text-4xl tracking-tight md:text-5xl">
            Clinician-led occupational health for UK employers
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
            Pre-employment health assessments and management referrals, completed online by your
            candidate or employee and signed by a GMC-registered occupational health doctor. Reports
            within {turnaroundHours.member} hours for members, {turnaroundHours.payPerReferral}{" "}
            hours pay per referral, with no contract to sign.
          </p>
          <ActionLinks
            size="lg"
            className="mt-8"
            links={[
              {
                to: "/how-it-works",
                label: (
                  <>
                    Learn More<span className="sr-only"> about how ReferOH works</span>
                  </>
                ),
              },
              { to: "/pricing", label: "View Pricing" },
            ]}
          />
        </div>
      </section>

      <Section
        id="services"
        title="Our services"
        intro="Two services for the two moments employers most often need occupational health advice."
      >
        <div className="grid gap-6 md:grid-cols-3">
          <FeatureCard
            icon={<ClipboardCheckIcon aria-hidden="true" />}
            title="Pre-employment checks"
          >
            <p>
              A role-specific health questionnaire after a conditional offer, and a doctor's outcome
              on fitness for the role and any adjustments. From{" "}
              {formatPence(preEmployment.memberPricePence)} for members.
            </p>
            <Link
              to="/pre-employment-info"
              className="mt-4 inline-block font-medium text-primary underline underline-offset-4"
            >
              About pre-employment checks
            </Link>
          </FeatureCard>
          <FeatureCard icon={<StethoscopeIcon aria-hidden="true" />} title="Management referrals">
            <p>
              Independent advice when health affects work: fitness for work, adjustments and return
              to work, from a doctor who has assessed the employee. From{" "}
              {formatPence(management.memberPricePence)} for members.
            </p>
            <Link
              to="/management-referral-info"
              className="mt-4 inline-block font-medium text-primary underline underline-offset-4"
            >
              About management referrals
            </Link>
          </FeatureCard>
          <FeatureCard icon={<VideoIcon aria-hidden="true" />} title="Video consultations">
            <p>
              When a case needs more than a questionnaire, the doctor books a video consultation
              with the employee. It is included in the referral price.
            </p>
          </FeatureCard>
        </div>
      </Section>

      <Section
        id="process"
        tone="muted"
        title="How it works"
        intro="Three steps, all online. You can follow every case from your dashboard."
      >
        <ServiceProcessTabs
          around={{
            preEmployment: (steps) => (
              <>
                {steps}
                <TabLearnMore to="/pre-employment-info" topic="pre-employment checks" />
              </>
            ),
            management: (steps) => (
              <>
                {steps}
                <TabLearnMore to="/management-referral-info" topic="management referrals" />
              </>
            ),
          }}
        />
        <ActionLinks
          className="mt-4"
          links={[{ to: "/how-it-works", label: "See Full Process", variant: "ghost" }]}
        />
      </Section>

      <Section
        id="pricing-preview"
        title="Simple, published prices"
        intro="Pay per referral with no commitment, or become a member for lower prices and faster reports. All prices exclude VAT."
      >
        <div className="grid gap-6 md:grid-cols-3">
          <div className="flex flex-col rounded-xl border bg-card p-6 shadow-xs">
            <h3 className="font-semibold text-lg">Pay per referral</h3>
            <p className="mt-1 text-muted-foreground text-sm">
              No plan, standard {turnaroundHours.payPerReferral}-hour turnaround
            </p>
            <CheckList
              className="mt-4"
              items={[
                `Pre-employment check ${formatPence(preEmployment.standardPricePence)}`,
                `Management referral ${formatPence(management.standardPricePence)}`,
                "No membership or contract",
              ]}
            />
          </div>
          <div className="flex flex-col rounded-xl border-2 border-primary bg-card p-6 shadow-sm">
            <h3 className="font-semibold text-lg">Membership</h3>
            <p className="mt-1">
              <span className="font-bold text-3xl">
                {formatPence(membership.monthly.pricePence)}
              </span>{" "}
              <span className="text-muted-foreground">a month</span>
            </p>
            <CheckList
              className="mt-4"
              items={[
                `Pre-employment check ${formatPence(preEmployment.memberPricePence)}`,
                `Management referral ${formatPence(management.memberPricePence)}`,
                `${turnaroundHours.member}-hour turnaround and priority scheduling`,
                "Cancel at any time",
              ]}
            />
          </div>
          <div className="flex flex-col rounded-xl border bg-card p-6 shadow-xs">
            <h3 className="font-semibold text-lg">Credit packs</h3>
            <p className="mt-1 text-muted-foreground text-sm">For members who plan ahead</p>
            <CheckList
              className="mt-4"
              items={[
                `From ${formatPence(cheapestPack.pricePence)} for ${cheapestPack.credits} credits`,
                `${preEmployment.creditCost} credit per pre-employment check, ${management.creditCost} per management referral`,
                "Credits valid for 12 months",
              ]}
            />
          </div>
        </div>
        <Button asChild className="mt-8" size="lg">
          <Link to="/pricing">See all prices</Link>
        </Button>
      </Section>

      <Section id="why" tone="muted" title="Why employers choose ReferOH">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <FeatureCard icon={<BadgeCheckIcon aria-hidden="true" />} title="Doctor-signed, always">
            Every report is reviewed and signed by a GMC-registered doctor. Software drafts; doctors
            decide.
          </FeatureCard>
          <FeatureCard icon={<ClockIcon aria-hidden="true" />} title="Fast, measurable turnaround">
            {turnaroundHours.member} hours for members and {turnaroundHours.payPerReferral} hours
            pay per referral, counted from the completed questionnaire.
          </FeatureCard>
          <FeatureCard icon={<UserRoundCheckIcon aria-hidden="true" />} title="Fair to your people">
            Explicit consent, a clear explanation of who sees what, and the employee reviews the
            report before you receive it.
          </FeatureCard>
          <FeatureCard icon={<LockKeyholeIcon aria-hidden="true" />} title="Health data protected">
            Only the doctor, the employee and our clinical administrators see health answers; you
            see the released report. Every access is logged.
          </FeatureCard>
          <FeatureCard icon={<PoundSterlingIcon aria-hidden="true" />} title="Prices you can check">
            Every price is published. Our calculators show honestly whether membership pays for
            itself at your volume.
          </FeatureCard>
          <FeatureCard icon={<FileCheck2Icon aria-hidden="true" />} title="Reports you can act on">
            Clear advice on fitness for work, adjustments and return to work, answering the
            questions you asked.
          </FeatureCard>
        </div>
      </Section>

      <Section id="faq" title="Frequently asked questions">
        <Faq />
        <ActionLinks
          className="mt-10"
          links={[
            { to: "/contact", label: "Ask us a question", variant: "outline" },
            { to: "/how-it-works", label: "How it works", variant: "ghost" },
          ]}
        />
      </Section>

      <section aria-labelledby="cta-heading" className="bg-foreground text-background">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="cta-heading" className="font-bold text-3xl tracking-tight">
              Ready to make your first referral?
            </h2>
            <p className="mt-2 max-w-xl text-background/85">
              Register your company in a few minutes. You only pay when you make a referral or
              choose a membership.
            </p>
            <p className="mt-3 text-background/85">
              Not ready yet?{" "}
              <Link
                to="/register-interest"
                className="font-medium text-background underline underline-offset-4"
              >
                Register your interest
              </Link>{" "}
              and we will be in touch.
            </p>
          </div>
          <ActionLinks
            size="lg"
            links={[
              { to: "/register", label: "Register Now", variant: "inverse" },
              { to: "/pricing", label: "View Pricing Plans", variant: "inverseOutline" },
            ]}
          />
        </div>
      </section>
    </>
  );
}

/** Each tab's own Learn More, so the Management tab leads to the management page. */
function TabLearnMore({ to, topic }: { to: string; topic: string }) {
  return (
    <div className="mt-8">
      <Button asChild variant="outline">
        <Link to={to}>
          Learn More<span className="sr-only"> about {topic}</span>
        </Link>
      </Button>
    </div>
  );
}
