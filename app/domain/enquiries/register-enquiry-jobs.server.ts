import { deliverEnquiryEmail } from "./deliver-enquiry-email.server.ts";
import { ENQUIRY_EMAIL_JOB, type EnquiryRef, type EnquiryServices } from "./enquiry-services.ts";

/** The worker side of the e-mail retry: a failure throws, and pg-boss retries with backoff. */
export function registerEnquiryJobs(services: EnquiryServices): void {
  services.jobs.register<EnquiryRef>(ENQUIRY_EMAIL_JOB, async (ref) => {
    const outcome = await deliverEnquiryEmail(services, ref);
    services.logger.info({ enquiry: ref, outcome }, "enquiry e-mail retried");
  });
}
