import { LegalPage } from "~/components/marketing/legal/legal-page.tsx";
import * as shared from "~/components/marketing/legal/shared-sections.tsx";
import { pageMeta } from "~/lib/page-meta.ts";

export const meta = () =>
  pageMeta({
    title: "Consent & Confidentiality | ReferOH",
    description:
      "For employees and candidates: what you agree to when you complete a ReferOH assessment, who sees your answers and report, and your choice before the report is released.",
    path: "/consent-confidentiality",
  });

export default function ConsentConfidentiality() {
  return (
    <LegalPage
      title="Consent & Confidentiality"
      intro={
        <p>
          This page is for you if your employer, or an employer who has offered you a job, has asked
          you to complete an occupational health assessment with us. It explains what you are
          agreeing to, who will see what, and the choices you have.
        </p>
      }
      sections={[
        {
          id: "what-you-agree-to",
          heading: "What you agree to",
          body: (
            <>
              <p>
                Before you answer any questions, we show you why you were referred, the questions
                your employer has asked the doctor, and who will see the result. You then choose
                whether to go ahead. By going ahead, you agree that:
              </p>
              <ul>
                <li>
                  a GMC-registered doctor may review your answers and, if needed, speak to you by
                  video;
                </li>
                <li>
                  the doctor will write a report for your employer about your fitness for work; and
                </li>
                <li>you will see that report first and decide whether it is released.</li>
              </ul>
              <p>
                You can stop at any time before you submit. If you do, we tell your employer that
                the assessment was not completed, and nothing else. Any answers you started are
                deleted after 90 days.
              </p>
            </>
          ),
        },
        shared.whoSeesWhat,
        shared.reviewBeforeRelease,
        {
          id: "confidentiality",
          heading: "Medical confidentiality",
          body: (
            <>
              <p>
                Our doctors follow the General Medical Council's guidance on confidentiality. The
                report gives your employer an opinion on your fitness for work, any adjustments and
                timescales; it includes medical details only where they are needed to explain that
                advice, and only with your agreement.
              </p>
              <p>
                The only exception is rare: where a doctor believes there is a serious risk of harm
                to you or to others, they may need to share information without consent, as the
                GMC's guidance allows. They would tell you first unless that would increase the
                risk.
              </p>
            </>
          ),
        },
        shared.retentionSection,
        shared.rightsSection,
        shared.breachSection,
      ]}
    />
  );
}
