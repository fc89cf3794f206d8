import { contactMessage } from "~/db/schema/index.ts";
import { recordRateLimitAttempt } from "~/domain/kernel/rate-limit.server.ts";
import type { ContactForm } from "./enquiry-forms.ts";
import type { EnquiryServices } from "./enquiry-services.ts";
import { sendOrQueueEnquiryEmail } from "./send-or-queue-enquiry-email.server.ts";

/**
 * Stores a contact message, then e-mails it to the service inbox. Throws only when the message
 * could not be stored; `emailSent` false means it is stored and the e-mail will be retried.
 */
export async function submitContactMessage(
  services: EnquiryServices,
  form: ContactForm,
  request: { ip: string | null },
  retry?: { startAfterSeconds: number },
): Promise<{ id: string; emailSent: boolean }> {
  const [row] = await services.database.db
    .insert(contactMessage)
    .values({ ...form, company: form.company ?? null, ip: request.ip })
    .returning({ id: contactMessage.id });
  const id = row!.id;
  // Stored submissions count towards the per-address limit on both public forms.
  if (request.ip) await recordRateLimitAttempt(services.database.db, "enquiry", request.ip);
  const emailSent = await sendOrQueueEnquiryEmail(services, { kind: "contact", id }, retry);
  return { id, emailSent };
}
