import { recordRateLimitAttempt } from "~/domain/kernel/rate-limit.server.ts";
import { deliverEnquiryEmail } from "./deliver-enquiry-email.server.ts";
import {
  ENQUIRY_EMAIL_JOB,
  type EnquiryRef,
  type EnquiryServices,
  enquiryRetry,
} from "./enquiry-services.ts";

/**
 * What both public forms do once a submission is stored: count it towards the sender's address
 * limit (shared by the two forms), then e-mail it to the service inbox.
 */
export async function forwardStoredEnquiry(
  services: EnquiryServices,
  { ref, ip, retry }: { ref: EnquiryRef; ip: string | null; retry?: { startAfterSeconds: number } },
): Promise<{ id: string; emailSent: boolean }> {
  if (ip) await recordRateLimitAttempt(services.database.db, "enquiry", ip);
  return { id: ref.id, emailSent: await sendOrQueueEnquiryEmail(services, ref, retry) };
}

/**
 * Tries to e-mail a stored enquiry now; when the mail service fails, queues a job that retries.
 * Returns whether the e-mail went now (the page tells the visitor which, seed §8).
 */
async function sendOrQueueEnquiryEmail(
  services: EnquiryServices,
  ref: EnquiryRef,
  retry: { startAfterSeconds: number } = enquiryRetry,
): Promise<boolean> {
  try {
    await deliverEnquiryEmail(services, ref);
    return true;
  } catch (error) {
    services.logger.warn({ err: error, enquiry: ref }, "enquiry e-mail failed; queued for retry");
    try {
      await services.jobs.send(ENQUIRY_EMAIL_JOB, ref, {
        startAfter: retry.startAfterSeconds,
        retryLimit: enquiryRetry.retryLimit,
        retryDelay: enquiryRetry.retryDelaySeconds,
      });
    } catch (queueError) {
      // Still stored, with emailed_at null: the unsent index finds it for a manual resend.
      services.logger.error({ err: queueError, enquiry: ref }, "could not queue enquiry e-mail");
    }
    return false;
  }
}
