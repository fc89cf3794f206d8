import type { ReactNode } from "react";
import { turnaroundHours } from "~/domain/billing/catalogue.ts";
import { LightTabs } from "./light-tabs.tsx";
import { StepList } from "./section.tsx";

const { member, payPerReferral } = turnaroundHours;

/** The three-step process of each service, shared by the home page and How It Works. */
const preEmploymentSteps = [
  {
    title: "Request the check",
    text: `After you have made a conditional job offer, enter the candidate's name, e-mail address and job role, and tick any risk factors of the role: driving, night shifts, lone working or safety-critical duties. Pay with credits or per referral.`,
  },
  {
    title: "The candidate answers online",
    text: "The candidate receives a secure link, reads who will see what, gives consent and answers health questions chosen for the role, on any device. They can save and come back later.",
  },
  {
    title: "A doctor signs the outcome",
    text: `A GMC-registered occupational health doctor reviews the answers and signs the outcome: fit, fit with adjustments, further assessment needed, or unfit. The report is ready within ${member} hours of the completed questionnaire for members (${payPerReferral} hours pay per referral) and reaches you once the candidate has reviewed it.`,
  },
] as const;

const managementReferralSteps = [
  {
    title: "Make the referral",
    text: "Tell us about the employee's role, your concerns, any adjustments already in place and the questions you need answered. You confirm that the employee knows about the referral and has agreed to it.",
  },
  {
    title: "The employee completes a guided assessment",
    text: "The employee receives a secure link explaining the purpose of the referral and who sees what, gives explicit consent, and completes a guided health assessment online. A video consultation is booked when the doctor needs one.",
  },
  {
    title: "You receive a clear report",
    text: `A GMC-registered occupational health doctor writes a report on fitness for work, workplace adjustments and return to work, within ${member} hours of the completed assessment for members (${payPerReferral} hours pay per referral). The employee reviews it first and agrees to its release.`,
  },
] as const;

/**
 * Each service's process in a tab of its own, pre-employment first; `around` gives what the page
 * shows with a service's steps (an introduction, a link to read more).
 */
export function ServiceProcessTabs({
  around,
}: {
  around: Record<"preEmployment" | "management", (steps: ReactNode) => ReactNode>;
}) {
  return (
    <LightTabs
      label="Service"
      param="service"
      anchor="service-process"
      defaultValue="pre-employment"
      tabs={[
        {
          value: "pre-employment",
          label: "Pre-Employment",
          content: around.preEmployment(<StepList steps={preEmploymentSteps} />),
        },
        {
          value: "management",
          label: "Management Referrals",
          content: around.management(<StepList steps={managementReferralSteps} />),
        },
      ]}
    />
  );
}
