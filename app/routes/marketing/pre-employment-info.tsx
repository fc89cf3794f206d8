import { ClockIcon, FileCheck2Icon, ScaleIcon, SmartphoneIcon } from "lucide-react";
import { Link } from "react-router";
import {
  ActionLinks,
  CheckList,
  FeatureCard,
  PageHero,
  Section,
  StepList,
} from "~/components/marketing/section.tsx";
import {
  formatPence,
  preEmploymentPhysicianCallMinutes,
  services,
  turnaroundHours,
} from "~/domain/billing/catalogue.ts";
import { pageMeta } from "~/lib/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: "Pre-Employment Health Assessments | ReferOH",
    description: `Online pre-employment health checks for UK employers from ${formatPence(services.pre_employment.memberPricePence)}: a role-specific questionnaire after a conditional offer and a doctor-signed fitness-for-work outcome.`,
    path: "/pre-employment-info",
  });

const check = services.pre_employment;

const steps = [
  {
    title: "Make the conditional offer",
    text: "Health questions are lawful only after a job offer (Equality Act 2010, s.60). You record the offer date on the request.",
  },
  {
    title: "Describe the role",
    text: "Enter the candidate's details and the job role, and tick the risks that apply: driving, night shifts, lone working or safety-critical duties.",
  },
  {
    title: "The candidate answers online",
    text: "A secure link leads to a questionnaire tailored to those risks. The candidate consents first and can finish on any device.",
  },
  {
    title: "Receive the outcome",
    text: `A GMC-registered doctor signs the outcome within ${turnaroundHours.member} hours of the completed questionnaire for members (${turnaroundHours.payPerReferral} hours pay per referral); it reaches you after the candidate has reviewed it.`,
  },
];

export default function PreEmploymentInfo() {
  return (
    <>
      <PageHero
        eyebrow="Pre-employment health assessment"
        title="Start new employees on the right footing"
        badges={[
          `From ${formatPence(check.memberPricePence)} per check`,
          `${turnaroundHours.payPerReferral}-hour turnaround pay per referral, ${turnaroundHours.member} hours for members`,
          "Clinical Oversight",
        ]}
        actions={[
          { to: "/pricing", label: "View pricing" },
          { to: "/pricing#roi", label: "Compare costs" },
        ]}
      >
        <p>
          A pre-employment health assessment tells you whether a new starter is fit for the role and
          what adjustments would help them from day one, so you meet your duty of care and your
          duties under the Equality Act.
        </p>
      </PageHero>

      <Section title="How it works">
        <StepList steps={steps} />
      </Section>

      <Section tone="muted" title="Benefits">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <FeatureCard icon={<ClockIcon aria-hidden="true" />} title="No waiting for clinics">
            No appointment to book and no time off for the candidate: they answer when it suits
            them.
          </FeatureCard>
          <FeatureCard icon={<FileCheck2Icon aria-hidden="true" />} title="A clear outcome">
            Fit, fit with adjustments, further assessment needed, or unfit, with the reasons you
            need in plain English.
          </FeatureCard>
          <FeatureCard icon={<ScaleIcon aria-hidden="true" />} title="Lawful by design">
            Questions only after a conditional offer, tailored to the role's real risks, with
            explicit consent.
          </FeatureCard>
          <FeatureCard icon={<SmartphoneIcon aria-hidden="true" />} title="Easy for candidates">
            Works on a phone, saves as they go, and explains every step.
          </FeatureCard>
        </div>
      </Section>

      <Section title="What it costs">
        <div className="grid gap-6 md:grid-cols-2">
          <div className="rounded-xl border bg-card p-6 shadow-xs">
            <h3 className="font-semibold text-lg">Pay per referral</h3>
            <p className="mt-2 font-bold text-3xl">{formatPence(check.standardPricePence)}</p>
            <CheckList
              className="mt-4"
              items={[
                `${turnaroundHours.payPerReferral}-hour turnaround`,
                `A ${preEmploymentPhysicianCallMinutes}-minute call with a doctor if needed`,
                "No membership",
              ]}
            />
          </div>
          <div className="rounded-xl border-2 border-primary bg-card p-6 shadow-sm">
            <h3 className="font-semibold text-lg">Members</h3>
            <p className="mt-2 font-bold text-3xl">
              {formatPence(check.memberPricePence)}{" "}
              <span className="font-normal text-base text-muted-foreground">
                or {check.creditCost} credit
              </span>
            </p>
            <CheckList
              className="mt-4"
              items={[
                `${turnaroundHours.member}-hour turnaround`,
                "Priority scheduling",
                "Credit packs",
              ]}
            />
          </div>
        </div>
        <p className="mt-6 text-muted-foreground">
          Prices exclude VAT. Use the{" "}
          <Link to="/pricing#roi" className="text-primary underline underline-offset-4">
            savings calculator
          </Link>{" "}
          to see whether membership pays for itself at your hiring volume.
        </p>
      </Section>

      <Section tone="muted" title="Questions about a particular role?">
        <p className="max-w-2xl text-muted-foreground">
          Tell us about the role and we will explain how the assessment would work for it, or
          whether you need a face-to-face medical instead.
        </p>
        <ActionLinks
          className="mt-6"
          links={[
            { to: "/contact", label: "Contact us" },
            { to: "/management-referral-info", label: "About management referrals" },
          ]}
        />
      </Section>
    </>
  );
}
