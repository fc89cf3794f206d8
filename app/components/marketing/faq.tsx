import { ChevronDownIcon } from "lucide-react";
import type { ReactNode } from "react";
import { focusRing } from "~/components/ui/focus-ring";
import { formatPence, membership, services, turnaroundHours } from "~/domain/billing/catalogue.ts";
import { cn } from "~/lib/cn";

interface Question {
  question: string;
  answer: ReactNode;
}

const groups: { title: string; questions: Question[] }[] = [
  {
    title: "What We Do",
    questions: [
      {
        question: "What services do you offer?",
        answer:
          "Pre-employment health assessments for candidates who hold a conditional job offer, and management referrals for employees whose health is affecting their work. Every case is completed online and reviewed by a GMC-registered occupational health doctor, with a video consultation when the doctor needs one.",
      },
      {
        question: "Who writes the reports?",
        answer:
          "A GMC-registered doctor with occupational health experience reviews every case and signs every report. Our software prepares a first draft from the employee's answers to save time, but the doctor checks, edits and decides; no outcome is ever issued automatically.",
      },
      {
        question: "How quickly will I receive a report?",
        answer: `Members receive the doctor's report within ${turnaroundHours.member} hours of the employee completing the online assessment; pay-per-referral cases within ${turnaroundHours.payPerReferral} hours. The employee reviews the report before it is released to you, so the time they take to do that comes on top.`,
      },
      {
        question: "What does a report tell me?",
        answer:
          "Whether the person is fit for the role, any adjustments that would help, a likely timescale for a return to work where relevant, and answers to the questions you asked. It gives the clinical opinion you need to make decisions, not the person's medical history.",
      },
    ],
  },
  {
    title: "What We Don't Do",
    questions: [
      {
        question: "Do you carry out physical examinations?",
        answer:
          "No. Our assessments are questionnaire-based, with a video consultation where needed. If a doctor decides a physical examination or a specialist test is required, the report says so and explains why.",
      },
      {
        question: "Can you assess safety-critical roles?",
        answer:
          "No. Safety-critical roles with statutory or industry medical standards (for example professional drivers, rail or aviation safety roles) need examinations we do not offer. If you tick safety-critical duties on a pre-employment request, the doctor tells you whether our assessment is enough or a face-to-face medical is needed.",
      },
      {
        question: "Do you issue fit notes or sign medical forms?",
        answer:
          "No. Fit notes come from the employee's GP or hospital, and we do not complete insurance, pension or licensing forms.",
      },
      {
        question: "Is this an emergency or treatment service?",
        answer:
          "No. We give occupational health advice to employers. Anyone who is unwell should contact their GP or NHS 111, and in an emergency call 999.",
      },
    ],
  },
  {
    title: "Additional Questions",
    questions: [
      {
        question: "Do I need a contract or membership?",
        answer: `No. You can pay per referral (${formatPence(services.pre_employment.standardPricePence)} for a pre-employment check, ${formatPence(services.management.standardPricePence)} for a management referral). Membership (${formatPence(membership.monthly.pricePence)} a month, cancel at any time) gives member prices, credit packs and the faster turnaround. The calculators on our pricing page show whether it pays for you.`,
      },
      {
        question: "Will the employee see the report?",
        answer:
          "Yes, always first. The employee reads the report and can approve its release, ask the doctor to correct a factual error, or withhold consent to release. You are told the outcome either way.",
      },
      {
        question: "Who can see the health information?",
        answer:
          "Only the doctor handling the case, the employee it is about, and a small number of our clinical administrators. You see the released report, not the answers behind it. Every access is recorded.",
      },
      {
        question: "Can I ask questions before I sign up?",
        answer:
          "Of course. Send us a message through the contact page and one of the team will reply within 24–48 hours.",
      },
    ],
  },
];

/** The home page FAQ: native details/summary, so it opens and closes without JavaScript. */
export function Faq() {
  return (
    <div className="grid gap-10 lg:grid-cols-3">
      {groups.map((group) => (
        <div key={group.title}>
          <h3 className="font-semibold text-xl">{group.title}</h3>
          <div className="mt-4 divide-y rounded-xl border bg-card">
            {group.questions.map((item) => (
              <details key={item.question} className="group px-4">
                <summary
                  className={cn(
                    "flex cursor-pointer list-none items-start justify-between gap-4 rounded-md py-4 font-medium [&::-webkit-details-marker]:hidden",
                    focusRing,
                  )}
                >
                  {item.question}
                  <ChevronDownIcon
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180 motion-reduce:transition-none"
                  />
                </summary>
                <div className="pb-4 text-muted-foreground">{item.answer}</div>
              </details>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
