import type { Runtime } from "~/services/runtime.server.ts";

/** What the enquiry functions need from the runtime; tests pass their own mailer. */
export type EnquiryServices = Pick<
  Runtime,
  "config" | "logger" | "database" | "mailer" | "jobs" | "adapters"
>;

export type EnquiryKind = "contact" | "interest";

export interface EnquiryRef {
  kind: EnquiryKind;
  id: string;
}

/** The pg-boss queue that retries e-mails the request could not send. */
export const ENQUIRY_EMAIL_JOB = "enquiry-email";

/** First retry a minute after the failed attempt; pg-boss then backs off exponentially. */
export const enquiryRetry = { startAfterSeconds: 60, retryLimit: 8, retryDelaySeconds: 60 };
