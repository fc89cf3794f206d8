import { webhookEndpoint } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { requireIntegrationsManager } from "./integrations-guard.ts";
import type { CreateWebhookEndpointInput } from "./webhook-input.ts";
import { newWebhookSecret } from "./webhook-secret.ts";
import { webhookUrlRefusal } from "./webhook-url.ts";

/**
 * Adds an endpoint; its signing secret is returned to be shown this once (docs/api.md). An
 * address events may not go to is refused with the message for the form's address field.
 */
export async function createWebhookEndpoint(
  scope: Scope,
  input: CreateWebhookEndpointInput,
): Promise<
  { status: "created"; id: string; secret: string } | { status: "refused"; message: string }
> {
  const { db, actor, now, adapters } = requireIntegrationsManager(scope);
  const { url } = input;
  const refusal = await webhookUrlRefusal(adapters, url);
  if (refusal) return { status: "refused", message: refusal };
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoint)
      .values({
        organisationId: actor.organisationId,
        url,
        events: input.events,
        secret,
        createdBy: actor.userId,
        createdAt: now,
      })
      .returning({ id: webhookEndpoint.id });
    await recordAuditEventAs(
      scope,
      {
        action: "webhook_endpoint.create",
        object: { type: "webhook_endpoint", id: row!.id },
        details: { host: new URL(url).host, events: input.events },
      },
      tx,
    );
    return { status: "created" as const, id: row!.id, secret };
  });
}
