import { Link } from "react-router";
import { LegalPage } from "~/components/marketing/legal/legal-page.tsx";
import * as shared from "~/components/marketing/legal/shared-sections.tsx";
import { operator } from "~/components/site-navigation.ts";
import { pageMeta } from "~/lib/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: "Privacy Policy | ReferOH",
    description:
      "How ReferOH collects, uses, shares and keeps personal and health data, our lawful basis under the UK GDPR, how long we keep data and your rights.",
    path: "/privacy-policy",
  });

export default function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          {operator.tradingName} is operated by {operator.legalName}, a limited company{" "}
          {operator.jurisdiction}. This policy explains what personal data we hold about employers,
          employees and candidates, and visitors to our website, why, who sees it, how long we keep
          it and your rights. Questions go to our data protection lead through the{" "}
          <Link to="/contact" className="text-primary underline underline-offset-4">
            contact page
          </Link>
          .
        </p>
      }
      sections={[
        {
          id: "who-we-are",
          heading: "Who we are and our role",
          body: (
            <>
              <p>
                We provide occupational health assessments to employers. For the clinical record of
                an assessment (the answers, consultation notes and report) we are a controller: our
                doctors have professional duties for the records they keep. The employer is a
                separate controller for the referral it makes and for the report once it is released
                to it.
              </p>
              <p>
                For employer account data (your name, work e-mail, company details and billing
                records) we are the controller.
              </p>
            </>
          ),
        },
        {
          id: "data-we-hold",
          heading: "The data we hold",
          body: (
            <ul>
              <li>
                <strong>Employers</strong>: the name, work e-mail address and role of each user;
                company name, industry, phone number and address; orders, invoices and the credit
                balance; sign-in and security records.
              </li>
              <li>
                <strong>Employees and candidates referred to us</strong>: name, e-mail address and
                job role; the employer's reason for the referral, job details and questions; the
                date of a conditional job offer; answers to the health questionnaire or guided
                assessment; consultation notes; the report and your decision about its release.
              </li>
              <li>
                <strong>Doctors</strong>: name, GMC number, specialty and sign-in records.
              </li>
              <li>
                <strong>Website visitors</strong>: what you send through the contact or interest
                forms, with the IP address it came from (to stop abuse). We do not use advertising
                or analytics cookies; the only cookie is the one that keeps a signed-in user signed
                in.
              </li>
            </ul>
          ),
        },
        shared.lawfulBasisSection,
        shared.whoSeesWhat,
        shared.reviewBeforeRelease,
        {
          id: "sharing",
          heading: "Who else we share data with",
          body: (
            <>
              <p>
                We do not sell personal data or use it for marketing to employees. We use a small
                number of processors under written contracts to run the service: hosting, e-mail
                delivery and card payments (the payment provider receives card details directly; we
                never see them). Each may act only on our instructions.
              </p>
              <p>
                We disclose data when the law requires it, for example to a court or regulator, and
                may share information without consent where a doctor judges there is a serious risk
                of harm to the person or others, as the GMC's guidance on confidentiality allows.
              </p>
            </>
          ),
        },
        shared.retentionSection,
        shared.rightsSection,
        shared.breachSection,
        {
          id: "changes",
          heading: "Changes to this policy",
          body: (
            <p>
              When we change this policy we update the date at the top. If a change affects how we
              use health data, we tell employer account holders by e-mail before it takes effect.
            </p>
          ),
        },
      ]}
    />
  );
}
