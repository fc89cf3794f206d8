import { emailText } from "./email-text.ts";
import { emailButtonHtml, emailDocumentHtml, escapeHtml } from "./html.ts";

/** A service e-mail as the mailer takes it: the same words as plain text and as HTML. */
export interface ServiceEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * A service e-mail from its paragraphs and an optional call to action, signed by the service. The
 * text gives the action's address after its label; the HTML draws it as the service's button. A
 * line break inside a paragraph (a list of times, say) stays one in the HTML.
 */
export function serviceEmail(
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): ServiceEmail {
  const text = emailText([...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])]);
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`),
    ...(action ? emailButtonHtml(action.label, action.url) : []),
    "<p>ReferOH</p>",
  ].join("\n");
  return { subject, text, html: emailDocumentHtml(html) };
}
