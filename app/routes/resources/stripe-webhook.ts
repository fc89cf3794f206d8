import { runtimeContext } from "~/context.ts";
import { confirmPayment } from "~/domain/billing/confirm-payment.server.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { WebhookVerificationError } from "~/services/payments/provider.ts";
import type { Route } from "./+types/stripe-webhook";

/** Stripe's webhook endpoint: signature and age verified before anything is read or changed. */
export async function action({ request, context }: Route.ActionArgs) {
  const runtime = context.get(runtimeContext);
  if (request.method !== "POST") return new Response(null, { status: 405 });
  if (runtime.payments.id !== "stripe") return new Response("Not found", { status: 404 });
  let event: Awaited<ReturnType<typeof runtime.payments.parseWebhook>>;
  try {
    event = await runtime.payments.parseWebhook(await request.text(), request.headers);
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      runtime.logger.warn({ reason: error.message }, "stripe webhook refused");
      return new Response("Invalid signature", { status: 400 });
    }
    throw error;
  }
  if (!event) return Response.json({ received: true, handled: false });
  const scope = systemScope(runtime.database.db, "stripe-webhook", runtime.adapters, {
    requestId: event.eventId,
  });
  const outcome = await confirmPayment(scope, runtime, event);
  runtime.logger.info({ eventId: event.eventId, outcome }, "stripe webhook handled");
  return Response.json({ received: true, outcome });
}
