/**
 * The consent notice shown before an assessment starts (UK GDPR Art. 9(2)(a)). The
 * version is stored with every decision, so we can always show which words a person agreed to.
 * Changing any wording below means a new CONSENT_VERSION: `consent-notice.test.ts` pins the text
 * of this version and fails until both are changed together.
 */
export const CONSENT_VERSION = "2026-06-v1";

interface ConsentNoticeInput {
  type: "pre_employment" | "management";
  organisationName: string;
  /** Pre-employment: why each part of the questionnaire is asked (`selectPreEmploymentModules`). */
  moduleReasons?: readonly string[];
  /** Pre-employment: the job role as the employer recorded it. */
  jobRole?: string | null;
}

interface ConsentSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

interface ConsentNotice {
  version: string;
  title: string;
  sections: ConsentSection[];
  /** The words next to the consent checkbox. */
  agreement: string;
}

export function consentNotice(input: ConsentNoticeInput): ConsentNotice {
  const org = input.organisationName;
  const preEmployment = input.type === "pre_employment";
  const why = preEmployment
    ? `${capitalise(org)} has offered you ${input.jobRole ? `the role of ${input.jobRole}` : "a job"}, subject to a health check, and has asked ReferOH, an independent occupational health service, to find out whether you may need any adjustments or support to do the job safely. Health questions are asked only after a conditional job offer (Equality Act 2010, section 60).`
    : `${capitalise(org)} has referred you to ReferOH, an independent occupational health service, for medical advice about your health and your work, so that they can support you.`;
  const what: ConsentSection = preEmployment
    ? {
        heading: "What we will ask",
        paragraphs: [
          "A health questionnaire of about 10 minutes, made of these parts. We ask only what the job justifies:",
        ],
        list: [...(input.moduleReasons ?? [])],
      }
    : {
        heading: "What we will ask",
        paragraphs: [
          "A guided health assessment of about 15 to 20 minutes, one question at a time: the reason you were referred, your health and symptoms, treatment, how it affects your work and daily life, absence, what helps, and any changes at work you would like. If your mental health is affected, we include two short standard questionnaires about mood and anxiety (PHQ-9 and GAD-7).",
        ],
      };
  return {
    version: CONSENT_VERSION,
    title: preEmployment
      ? "Your pre-employment health questionnaire"
      : "Your occupational health assessment",
    sections: [
      { heading: "Who asked for this, and why", paragraphs: [why] },
      what,
      {
        heading: "Who sees what",
        paragraphs: [
          "Your answers are read only by ReferOH's occupational health doctors, who are registered with the General Medical Council, and by our administrators where needed to run the service. Every access is recorded.",
          `${capitalise(org)} never sees your answers. They receive only the doctor's report, and only after you have read it and agreed to its release.`,
          "If you tell us something that suggests you are at serious risk, our doctors may contact you the same day.",
        ],
      },
      {
        heading: "How long we keep it",
        paragraphs: [
          preEmployment
            ? "We keep your health information for 12 months after the outcome of the check, then delete it."
            : "We keep your health information for 6 years after the assessment is completed, as is usual for occupational health records, then delete it.",
        ],
      },
      {
        heading: "Your right to stop",
        paragraphs: [
          `Taking part is your choice. You can stop at any time before you send your answers; we then delete them. If you do not agree or stop, ${org} is told only that the assessment could not go ahead.`,
          "You can save and come back to your answers with the same link, on any device.",
        ],
      },
    ],
    agreement:
      "I have read this information and I consent to ReferOH processing my health information for this assessment.",
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
