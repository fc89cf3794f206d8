import { contactMessage } from "~/db/schema/index.ts";
import type { ContactForm } from "./enquiry-forms.ts";
import type { EnquiryServices } from "./enquiry-services.ts";
import { forwardStoredEnquiry } from "./forward-stored-enquiry.server.ts";

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
  return forwardStoredEnquiry(services, {
    ref: { kind: "contact", id: row!.id },
    ip: request.ip,
    retry,
  });
}
