import { LegalPage } from "~/components/marketing/legal/legal-page.tsx";
import * as shared from "~/components/marketing/legal/shared-sections.tsx";
import { pageMeta } from "~/lib/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: "GDPR Compliance | ReferOH",
    description:
      "How ReferOH meets the UK GDPR and the Data Protection Act 2018 for occupational health data: lawful basis, access controls, retention, rights and breach notification.",
    path: "/gdpr-compliance",
  });

export default function GdprCompliance() {
  return (
    <LegalPage
      title="GDPR Compliance"
      intro={
        <p>
          Occupational health data is among the most sensitive data an employer handles. This page
          sets out, for employers and their data protection officers, how the UK GDPR and the Data
          Protection Act 2018 apply to our service and what we do to comply. Our Privacy Policy
          gives the full notice to individuals.
        </p>
      }
      sections={[
        shared.lawfulBasisSection,
        {
          id: "principles",
          heading: "How we apply the data protection principles",
          body: (
            <ul>
              <li>
                <strong>Minimisation</strong>: pre-employment questionnaires are tailored to the
                role's risks, and questions are asked only after a conditional job offer (Equality
                Act 2010, s.60). Employers receive the advice they need, not the answers behind it.
              </li>
              <li>
                <strong>Transparency</strong>: employees see the purpose of the referral, what will
                be asked and who will see the result before they start.
              </li>
              <li>
                <strong>Accuracy</strong>: employees review reports before release and can ask for
                factual errors to be corrected.
              </li>
              <li>
                <strong>Storage limitation</strong>: fixed retention periods, set out below, after
                which data is deleted.
              </li>
              <li>
                <strong>Integrity and confidentiality</strong>: role-based access, two-factor
                authentication for clinical and administrative staff, expiring single-use links for
                employees, encryption in transit and an append-only audit log of access.
              </li>
              <li>
                <strong>Accountability</strong>: we keep records of processing, assess new
                processing for risk before we start it, and review access logs.
              </li>
            </ul>
          ),
        },
        shared.whoSeesWhat,
        shared.reviewBeforeRelease,
        {
          id: "employers",
          heading: "What this means for you as an employer",
          body: (
            <ul>
              <li>
                Tell the employee about the referral and its purpose before you make it; the form
                asks you to confirm that you have.
              </li>
              <li>
                Treat a released report as special category data in your own records: limit who can
                read it and keep it only as long as you need it.
              </li>
              <li>
                Refer subject access requests about the clinical record to us; we will respond
                directly to the employee.
              </li>
            </ul>
          ),
        },
        shared.retentionSection,
        shared.rightsSection,
        shared.breachSection,
      ]}
    />
  );
}
