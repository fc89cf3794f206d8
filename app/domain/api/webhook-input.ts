import "~/lib/zod-jitless.ts";
import { z } from "zod";
import { requiredText } from "~/lib/required-text.ts";
import { tickedBoxes } from "~/lib/ticked-boxes.ts";
import { webhookEvents } from "./webhook-events.ts";

/*
 * The integrations page's webhook forms (docs/api.md), one schema each, read with Conform on both
 * sides (docs/architecture.md §3, "Forms").
 */

const event = z.enum(webhookEvents, "Choose the events to send");

/** Adding an endpoint: an https address and at least one event. */
export const createWebhookEndpointSchema = z.object({
  intent: z.literal("create-endpoint"),
  url: requiredText(
    "Enter the address to send events to",
    2000,
    "The address must be 2,000 characters or fewer",
  ).pipe(z.url({ protocol: /^https?$/, error: "Enter a full address, starting https://" })),
  events: tickedBoxes(event, "Choose at least one event"),
});
export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointSchema>;

/** The buttons on an endpoint: rotate its secret, switch it back on, delete it (asked first). */
export const webhookEndpointActionSchema = z.object({
  intent: z.enum(["rotate-secret", "enable-endpoint", "delete-endpoint"]),
  endpointId: z.uuid(),
  confirm: z.literal("yes").optional(),
});

/** "Send again" on a delivery in the log. */
export const resendWebhookSchema = z.object({
  intent: z.literal("send-again"),
  deliveryId: z.uuid(),
});

/** Which of the integrations page's forms was sent: the action reads the rest with its schema. */
export const integrationsIntentSchema = z.object({
  intent: z.enum([
    "create-key",
    "revoke-key",
    "create-endpoint",
    "rotate-secret",
    "enable-endpoint",
    "delete-endpoint",
    "send-again",
  ]),
});
