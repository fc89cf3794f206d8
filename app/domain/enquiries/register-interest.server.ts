import { interestRegistration } from "~/db/schema/index.ts";
import { recordRateLimitAttempt } from "~/domain/kernel/rate-limit.server.ts";
import type { InterestForm } from "./enquiry-forms.ts";
import type { EnquiryServices } from "./enquiry-services.ts";
import { sendOrQueueEnquiryEmail } from "./send-or-queue-enquiry-email.server.ts";

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
  const id = row!.id;
  // Stored submissions count towards the per-address limit on both public forms.
  if (request.ip) await recordRateLimitAttempt(services.database.db, "enquiry", request.ip);
  const emailSent = await sendOrQueueEnquiryEmail(services, { kind: "interest", id }, retry);
  return { id, emailSent };
}
