import { HeartHandshakeIcon, MessageSquareTextIcon, ScaleIcon, TimerIcon } from "lucide-react";
import {
  ActionLinks,
  FeatureCard,
  PageHero,
  Section,
  StepList,
} from "~/components/marketing/section.tsx";
import { formatPence, services, turnaroundHours } from "~/domain/billing/catalogue.ts";
import { pageMeta } from "~/lib/page-meta.ts";

const referral = services.management;

export const meta = () =>
  pageMeta({
    title: "Management Referrals | ReferOH occupational health",
    description: `Online occupational health management referrals from ${formatPence(referral.memberPricePence)}: a GMC-registered doctor advises on fitness for work, adjustments and return to work.`,
    path: "/management-referral-info",
  });

const steps = [
  {
    title: "Talk to your employee",
    text: "Explain why you are referring them and what you will ask. The referral needs their agreement, which you confirm on the form.",
  },
  {
    title: "Make the referral",
    text: "Describe the role, your concerns, any adjustments already in place and up to seven questions you want the doctor to answer.",
  },
  {
    title: "The employee completes the assessment",
    text: "They receive a secure link, give explicit consent and complete a guided assessment online. The doctor books a video consultation where needed.",
  },
  {
    title: "Receive the report",
    text: `Within ${turnaroundHours.member} hours of the completed assessment for members (${turnaroundHours.payPerReferral} hours pay per referral), released to you once the employee has reviewed it.`,
  },
];

export default function ManagementReferralInfo() {
  return (
    <>
      <PageHero
        eyebrow="Management referral"
        title="Independent advice when health affects work"
        actions={[
          { to: "/register", label: "Register as Employer" },
          { to: "/pricing", label: "View pricing" },
        ]}
      >
        <p>
          When an employee's health is affecting their attendance or performance, or they are coming
          back after an absence, a management referral gives you a doctor's view on what they can
          do, what would help, and when.
        </p>
      </PageHero>

      <Section title="Four steps">
        <StepList steps={steps} />
      </Section>

      <Section tone="muted" title="Key benefits">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <FeatureCard
            icon={<MessageSquareTextIcon aria-hidden="true" />}
            title="Answers to your questions"
          >
            The report answers the questions you asked, in plain English, with practical
            recommendations.
          </FeatureCard>
          <FeatureCard icon={<ScaleIcon aria-hidden="true" />} title="Fair and defensible">
            Independent medical advice helps you make reasonable adjustments and decisions you can
            explain.
          </FeatureCard>
          <FeatureCard icon={<TimerIcon aria-hidden="true" />} title="Quick to act on">
            {turnaroundHours.member}-hour turnaround for members, so absences are not left
            unresolved.
          </FeatureCard>
          <FeatureCard
            icon={<HeartHandshakeIcon aria-hidden="true" />}
            title="Trusted by employees"
          >
            Consent first, clinical answers kept private, and the employee sees the report before
            you.
          </FeatureCard>
        </div>
      </Section>

      <Section title="Price">
        <p className="max-w-2xl text-lg">
          {formatPence(referral.standardPricePence)} per referral, or{" "}
          {formatPence(referral.memberPricePence)} for members ({referral.creditCost} credits from a
          credit pack). Prices exclude VAT.
        </p>
        <ActionLinks
          className="mt-6"
          links={[
            { to: "/register", label: "Make a Referral" },
            { to: "/pricing", label: "Compare plans" },
            { to: "/", label: "Back to home", variant: "ghost" },
          ]}
        />
      </Section>
    </>
  );
}
