import { interestRegistration } from "~/db/schema/index.ts";
import type { InterestForm } from "./enquiry-forms.ts";
import type { EnquiryServices } from "./enquiry-services.ts";
import { forwardStoredEnquiry } from "./forward-stored-enquiry.server.ts";

/** Stores an interest registration, then e-mails it to the service inbox (retried on failure). */
export async function registerInterest(
  services: EnquiryServices,
  form: InterestForm,
  request: { ip: string | null },
  retry?: { startAfterSeconds: number },
): Promise<{ id: string; emailSent: boolean }> {
  const [row] = await services.database.db
    .insert(interestRegistration)
    .values({ ...form, ip: request.ip })
    .returning({ id: interestRegistration.id });
  return forwardStoredEnquiry(services, {
    ref: { kind: "interest", id: row!.id },
    ip: request.ip,
    retry,
  });
}
