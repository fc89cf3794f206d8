import { z } from "zod";
import { deliverEnquiryEmail } from "~/domain/enquiries/deliver-enquiry-email.server.ts";
import { ENQUIRY_EMAIL_JOB, type EnquiryRef } from "~/domain/enquiries/enquiry-services.ts";
import { defineJob } from "./job.ts";

/** The worker side of the enquiry e-mail retry: a failure throws, and pg-boss retries with backoff. */
export const retryEnquiryEmailJob = defineJob({
  name: ENQUIRY_EMAIL_JOB,
  payload: z.object({
    kind: z.enum(["contact", "interest"]),
    id: z.string(),
  }) satisfies z.ZodType<EnquiryRef>,
  async handle(_scope, runtime, ref) {
    const outcome = await deliverEnquiryEmail(runtime, ref);
    runtime.logger.info({ enquiry: ref, outcome }, "enquiry e-mail retried");
  },
});
