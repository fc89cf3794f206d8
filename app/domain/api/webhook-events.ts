import { codesOf } from "~/lib/labelled-codes.ts";

/**
 * The events an organisation's webhook endpoints may subscribe to (docs/api.md). Each payload
 * names what happened by references and statuses only, never health data: a receiver fetches
 * the report through the API with its key.
 */
export const webhookEventLabels = {
  "referral.status_changed": "A referral moved to another status",
  "report.released": "A report was released to the organisation",
  "referral.payment_required": "A referral waits for payment",
  "review.due": "A review the report recommended is coming up",
};
export const webhookEvents = codesOf(webhookEventLabels);
export type WebhookEvent = (typeof webhookEvents)[number];
