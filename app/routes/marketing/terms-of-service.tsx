import { Link } from "react-router";
import { LegalPage } from "~/components/marketing/legal/legal-page.tsx";
import {
  breachSection,
  retentionSection,
  reviewBeforeRelease,
} from "~/components/marketing/legal/shared-sections.tsx";
import { operator } from "~/components/site-navigation.ts";
import {
  creditValidityMonths,
  formatPence,
  membership,
  turnaroundHours,
} from "~/domain/billing/catalogue.ts";
import { pageMeta } from "~/lib/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: "Terms of Service | ReferOH",
    description:
      "The terms on which ReferOH provides online occupational health services to employers: membership, credits, payment, turnaround, employers' responsibilities and liability.",
    path: "/terms-of-service",
  });

export default function TermsOfService() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These terms apply between {operator.legalName} ("we") and the business that registers an
          employer account ("you"). They cover the online occupational health service offered at
          this website. Please read them with our{" "}
          <Link to="/privacy-policy" className="text-primary underline underline-offset-4">
            Privacy Policy
          </Link>
          .
        </p>
      }
      sections={[
        {
          id: "service",
          heading: "The service",
          body: (
            <>
              <p>
                We provide pre-employment health assessments and management referrals, completed
                online by the person referred and reviewed by GMC-registered doctors, with video
                consultations where the doctor considers them necessary.
              </p>
              <p>
                We do not provide physical examinations, statutory medicals for safety-critical
                roles, fit notes, completion of third-party medical forms, treatment or emergency
                care.
              </p>
            </>
          ),
        },
        {
          id: "turnaround",
          heading: "Turnaround",
          body: (
            <p>
              We aim to issue the doctor's report within {turnaroundHours.member} hours for members
              and {turnaroundHours.payPerReferral} hours for pay-per-referral cases, counted from
              the moment the person referred completes the questionnaire or assessment. Time taken
              by the person to complete it, attend a consultation or review the report is not
              included. If a doctor needs more information, we tell you and the clock restarts when
              it arrives.
            </p>
          ),
        },
        {
          id: "membership-and-credits",
          heading: "Membership, credits and payment",
          body: (
            <ul>
              <li>
                Membership costs {formatPence(membership.monthly.pricePence)} a month or{" "}
                {formatPence(membership.annual.pricePence)} a year, plus VAT, paid in advance.
              </li>
              <li>
                You can cancel at any time; you keep member benefits until the end of the period you
                have paid for, and we do not refund part periods. A change between monthly and
                annual takes effect at the end of the current period.
              </li>
              <li>
                Credit packs are available to members. Credits are valid for {creditValidityMonths}{" "}
                months from purchase, are used oldest first, and are not refundable or exchangeable
                for cash.
              </li>
              <li>
                If you cancel a referral before the person has submitted their answers, the credits
                used are returned to your balance.
              </li>
              <li>
                All prices exclude VAT, which is added at the prevailing rate on each invoice.
              </li>
            </ul>
          ),
        },
        {
          id: "your-responsibilities",
          heading: "Your responsibilities",
          body: (
            <ul>
              <li>
                Make a pre-employment referral only after a conditional job offer, and record the
                offer date.
              </li>
              <li>
                Tell the employee about a management referral and its reasons before you make it,
                and give accurate information about the role and your concerns.
              </li>
              <li>Keep account credentials secure and give access only to people who need it.</li>
              <li>
                Use reports only for employment purposes and handle them as special category data.
              </li>
              <li>
                Make employment decisions yourself: our reports are advice. The decision, and
                compliance with employment and equality law, remain yours.
              </li>
            </ul>
          ),
        },
        reviewBeforeRelease,
        {
          id: "liability",
          heading: "Our liability",
          body: (
            <>
              <p>
                Our doctors exercise reasonable skill and care and hold appropriate indemnity.
                Nothing in these terms limits liability for death or personal injury caused by
                negligence, for fraud, or any other liability that cannot be limited by law.
              </p>
              <p>
                Otherwise, our total liability to you in any 12-month period is limited to the
                amount you paid us in that period, and we are not liable for loss of profit,
                business or goodwill, or for decisions you make on the basis of a report.
              </p>
            </>
          ),
        },
        breachSection,
        retentionSection,
        {
          id: "general",
          heading: "Changes, ending the agreement and law",
          body: (
            <>
              <p>
                We may change these terms with 30 days' notice by e-mail; if you do not agree, you
                can close your account before the change takes effect. You may close your account at
                any time. We may suspend or close an account that breaches these terms.
              </p>
              <p>
                These terms are governed by the law of England and Wales, and the courts of England
                and Wales have exclusive jurisdiction.
              </p>
            </>
          ),
        },
      ]}
    />
  );
}
