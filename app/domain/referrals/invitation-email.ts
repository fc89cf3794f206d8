import { formatLongDateWithDay } from "~/lib/dates.ts";
import { emailText } from "~/lib/email-text.ts";
import { emailButtonHtml, emailDocumentHtml, escapeHtml } from "~/lib/html.ts";

interface InvitationEmailInput {
  kind: "initial" | "reminder";
  type: "pre_employment" | "management";
  subjectName: string;
  organisationName: string;
  jobRole: string | null;
  reference: string;
  link: string;
  expiresAt: Date;
}

/**
 * Says who asked, why, what happens to the answers and how long the link lasts, and
 * contains nothing about the person's health.
 */
export function invitationEmail(input: InvitationEmailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const why =
    input.type === "pre_employment"
      ? `${input.organisationName} has made you a conditional offer${input.jobRole ? ` for the role of ${input.jobRole}` : ""} and has asked ReferOH, an occupational health service, to check whether you may need any support or adjustments to do the job safely.`
      : `${input.organisationName} has referred you to ReferOH, an occupational health service, for independent medical advice about your health and your work, so that they can support you.`;
  const what =
    input.type === "pre_employment"
      ? "You will be asked to complete a short health questionnaire about the role. It takes about 10 minutes."
      : "You will be guided through an online health assessment, one question at a time. It takes about 20 minutes, and you can save and come back.";
  const paragraphs = [
    `Dear ${input.subjectName},`,
    input.kind === "reminder"
      ? "This is a reminder: your occupational health assessment is still waiting for you."
      : why,
    what,
    "Your answers go only to ReferOH's occupational health doctors, who are registered with the General Medical Council. Your employer never sees your answers. They receive only the doctor's report, and only after you have read it and agreed to its release.",
    "Before you start, we explain how your information is used and ask for your consent. You can stop at any time.",
    `Your link works until ${formatLongDateWithDay(input.expiresAt)}. Please do not forward it: it is personal to you.`,
    `Reference: ${input.reference}`,
    "If you did not expect this e-mail, please contact ReferOH at hello@referoh.co.uk.",
  ];
  const subject =
    input.kind === "reminder"
      ? `Reminder: your health assessment for ${input.organisationName}`
      : `${input.organisationName} has asked you to complete a health assessment`;
  const text = emailText([
    ...paragraphs.slice(0, 4),
    `Start your assessment: ${input.link}`,
    ...paragraphs.slice(4),
  ]);
  const html = [
    ...paragraphs.slice(0, 4).map((p) => `<p>${escapeHtml(p)}</p>`),
    ...emailButtonHtml("Start your assessment", input.link),
    ...paragraphs.slice(4).map((p) => `<p>${escapeHtml(p)}</p>`),
    "<p>ReferOH</p>",
  ].join("\n");
  return { subject, text, html: emailDocumentHtml(html) };
}
