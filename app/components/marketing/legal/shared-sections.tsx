import { Link } from "react-router";
import type { LegalSection } from "./legal-page.tsx";
import { breachNotificationHours, retention } from "./policy.ts";

const contactLink = (
  <Link to="/contact" className="text-primary underline underline-offset-4">
    contact page
  </Link>
);

export const whoSeesWhat: LegalSection = {
  id: "who-sees-what",
  heading: "Who sees what",
  body: (
    <>
      <ul>
        <li>
          <strong>The doctor handling the case</strong> sees the referral, the employee's answers,
          any consultation notes and the draft report, and writes and signs the final report.
        </li>
        <li>
          <strong>The employee or candidate</strong> sees the referral's purpose and questions,
          their own answers, and the report before anyone else.
        </li>
        <li>
          <strong>The employer</strong> sees the referral it made, the case status and, once the
          employee has approved its release, the final report. The employer never sees the answers
          to the health questionnaire, consultation notes or draft reports.
        </li>
        <li>
          <strong>Our clinical administrators</strong> can open a case to assign doctors, resolve
          problems and meet legal requests. Every access to a case is recorded in an audit log.
        </li>
      </ul>
      <p>
        Draft reports prepared by software are seen only by the doctor, who checks and edits them.
        No outcome is decided automatically: every report is signed by a doctor.
      </p>
    </>
  ),
};

export const reviewBeforeRelease: LegalSection = {
  id: "review-before-release",
  heading: "The employee reviews the report first",
  body: (
    <>
      <p>
        When the doctor has signed the report, we send it to the employee or candidate, not the
        employer. They can:
      </p>
      <ul>
        <li>approve its release to the employer;</li>
        <li>ask the doctor to correct a factual error, with a comment; or</li>
        <li>withhold consent to its release.</li>
      </ul>
      <p>
        If consent is withheld, the employer is told that the report will not be released and may
        need to make decisions on the information it already has. The doctor's opinion itself is not
        changed at the employee's request, only factual errors.
      </p>
    </>
  ),
};

export const retentionSection: LegalSection = {
  id: "retention",
  heading: "How long we keep data",
  body: (
    <>
      <ul>
        <li>Pre-employment health data: {retention.preEmployment}.</li>
        <li>Management referral records and reports: {retention.managementReferral}.</li>
        <li>
          Invitations that were never completed, and any answers given:{" "}
          {retention.abandonedInvitation}.
        </li>
        <li>Contact messages and interest registrations: {retention.enquiries}.</li>
        <li>Employer accounts and invoices: {retention.accountsAndInvoices}.</li>
        <li>Audit records of access to a case: {retention.auditRecords}.</li>
      </ul>
      <p>
        When a period ends, the data is deleted or irreversibly anonymised. We keep data longer only
        where the law requires it or where it is needed for a legal claim, and then only for as long
        as that lasts.
      </p>
    </>
  ),
};

export const rightsSection: LegalSection = {
  id: "your-rights",
  heading: "Your rights",
  body: (
    <>
      <p>Under UK data protection law you have the right to:</p>
      <ul>
        <li>be told how your data is used (this notice);</li>
        <li>a copy of the personal data we hold about you (a subject access request);</li>
        <li>have inaccurate data corrected;</li>
        <li>have data erased, where we no longer need it or have no lawful basis to keep it;</li>
        <li>restrict or object to some uses of your data;</li>
        <li>data portability for data you gave us to perform a contract or with consent; and</li>
        <li>
          withdraw consent at any time, where we rely on it, without affecting what was done before.
        </li>
      </ul>
      <p>
        To use any of these rights, write to us through our {contactLink}. We reply within one
        month. You can also complain to the Information Commissioner's Office (ico.org.uk, 0303 123
        1113), though we would like the chance to put things right first.
      </p>
    </>
  ),
};

export const breachSection: LegalSection = {
  id: "breaches",
  heading: "Security and data breaches",
  body: (
    <>
      <p>
        Health data is encrypted in transit, access is limited by role and recorded, doctors and
        administrators sign in with two-factor authentication, and links sent to employees expire.
      </p>
      <p>
        If a personal data breach is likely to put people's rights at risk, we report it to the
        Information Commissioner's Office {`within ${breachNotificationHours} hours`} of becoming
        aware of it, and tell the people affected without undue delay where the risk is high. Where
        an employer's data is involved we tell the employer at the same time.
      </p>
    </>
  ),
};

export const lawfulBasisSection: LegalSection = {
  id: "lawful-basis",
  heading: "Our lawful basis",
  body: (
    <>
      <p>
        Health data is special category data, so we need both a lawful basis under Article 6 of the
        UK GDPR and a condition under Article 9.
      </p>
      <ul>
        <li>
          <strong>Article 6(1)(b) contract and 6(1)(f) legitimate interests</strong>: to provide the
          service the employer has asked for and to run our business (accounts, billing, security).
        </li>
        <li>
          <strong>Article 6(1)(c) legal obligation</strong>: to keep financial records and respond
          to lawful requests.
        </li>
        <li>
          <strong>Article 9(2)(h) and the Data Protection Act 2018, Schedule 1, paragraph 2</strong>{" "}
          (health or social care purposes, including occupational medicine and the assessment of the
          working capacity of an employee): to assess and report on fitness for work. This data is
          processed by or under the responsibility of health professionals bound by a duty of
          confidentiality.
        </li>
      </ul>
      <p>
        We also ask for the employee's explicit agreement before the assessment starts and before a
        report is released. This is part of fair and ethical occupational health practice; it does
        not replace the lawful basis above, and an employee can stop at any time.
      </p>
    </>
  ),
};
