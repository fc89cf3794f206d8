import { escapeHtml } from "~/lib/html.ts";

export interface SafetyAlertEmailInput {
  reference: string;
  type: "pre_employment" | "management";
  /** Where the on-call doctor opens the case (the doctor portal, behind sign-in and TOTP). */
  portalUrl: string;
}

/**
 * The e-mail to the clinical on-call when an answer raises an urgent safety flag. E-mail is not a
 * safe place for health data: it names the case and where to read it, nothing the person said.
 */
export function safetyAlertEmail(input: SafetyAlertEmailInput): {
  subject: string;
  text: string;
  html: string;
} {
  const kind = input.type === "management" ? "management referral" : "pre-employment check";
  const paragraphs = [
    `An answer in the assessment for ${kind} ${input.reference} raised an urgent safety flag.`,
    "The person has been shown crisis support (Samaritans 116 123, NHS 111, 999 in an emergency) and can carry on with the assessment. The case is marked urgent at the top of the doctor queue.",
    "Please sign in to the doctor portal, read the answers there and contact the person today.",
  ];
  return {
    subject: `URGENT safety flag: ${input.reference}`,
    text: [...paragraphs, `Doctor portal: ${input.portalUrl}`, "ReferOH"].join("\n\n"),
    html: [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(input.portalUrl)}">Open the doctor portal</a></p>`,
      "<p>ReferOH</p>",
    ].join("\n"),
  };
}
