import { ArrowLeftIcon, EyeIcon, FileLockIcon, HandshakeIcon, ShieldCheckIcon } from "lucide-react";
import { Link } from "react-router";
import { ServiceProcessTabs } from "~/components/marketing/process-steps.tsx";
import { ActionLinks, FeatureCard, PageHero, Section } from "~/components/marketing/section.tsx";
import { pageMeta } from "~/lib/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: "How It Works | ReferOH online occupational health",
    description:
      "How pre-employment checks and management referrals work at ReferOH: three online steps, explicit consent, and a doctor-signed report the employee reviews before release.",
    path: "/how-it-works",
  });

export default function HowItWorks() {
  return (
    <>
      <PageHero eyebrow="How it works" title="Three steps from request to report">
        <p>
          Both services follow the same pattern: you tell us what you need, the person completes a
          guided assessment online, and a doctor gives you advice you can act on.
        </p>
      </PageHero>

      <Section>
        <ServiceProcessTabs
          around={{
            preEmployment: (steps) => (
              <div className="space-y-4">
                <h2 className="font-bold text-2xl">Pre-employment health assessment</h2>
                <p className="max-w-3xl text-muted-foreground">
                  For candidates who hold a conditional job offer. Under section 60 of the Equality
                  Act 2010, health questions come only after the offer, so we ask you for the offer
                  date before the candidate is invited.
                </p>
                {steps}
              </div>
            ),
            management: (steps) => (
              <div className="space-y-4">
                <h2 className="font-bold text-2xl">Management referral</h2>
                <p className="max-w-3xl text-muted-foreground">
                  For employees whose health is affecting their attendance or performance, or who
                  are returning after an absence, so you can support them fairly.
                </p>
                {steps}
              </div>
            ),
          }}
        />
      </Section>

      <Section
        tone="muted"
        title="Consent and privacy at every step"
        intro="Occupational health only works when employees trust it. These rules apply to every case."
      >
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <FeatureCard icon={<HandshakeIcon aria-hidden="true" />} title="Explicit consent">
            Before answering anything, the person sees why they were referred, what will be asked
            and who will see the result, and chooses whether to go ahead.
          </FeatureCard>
          <FeatureCard icon={<EyeIcon aria-hidden="true" />} title="Review before release">
            The employee reads the report first and can approve it, ask for a factual correction or
            withhold consent to release.
          </FeatureCard>
          <FeatureCard icon={<FileLockIcon aria-hidden="true" />} title="Answers stay clinical">
            Health answers are seen by the doctor, the employee and our clinical administrators
            only. Employers receive the report, never the answers.
          </FeatureCard>
          <FeatureCard icon={<ShieldCheckIcon aria-hidden="true" />} title="Every access recorded">
            We keep an audit record of who opened which case and when, and delete health data when
            its retention period ends.
          </FeatureCard>
        </div>
        <p className="mt-8">
          Read more in{" "}
          <Link to="/consent-confidentiality" className="text-primary underline underline-offset-4">
            Consent &amp; Confidentiality
          </Link>{" "}
          and our{" "}
          <Link to="/privacy-policy" className="text-primary underline underline-offset-4">
            Privacy Policy
          </Link>
          .
        </p>
      </Section>

      <Section>
        <ActionLinks
          links={[
            {
              to: "/",
              label: (
                <>
                  <ArrowLeftIcon aria-hidden="true" />
                  Back to home
                </>
              ),
              variant: "outline",
            },
            { to: "/pricing", label: "View pricing", variant: "default" },
          ]}
        />
      </Section>
    </>
  );
}
