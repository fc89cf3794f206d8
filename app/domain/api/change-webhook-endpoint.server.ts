import { addHours } from "date-fns";
import { and, eq } from "drizzle-orm";
import { webhookEndpoint } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleWebhookEndpoints } from "~/domain/kernel/visibility.server.ts";
import { requireIntegrationsManager } from "./integrations-guard.ts";
import { newWebhookSecret } from "./webhook-secret.ts";

/** How long a rotated-out secret still signs beside the new one. */
const rotationOverlapHours = 24;

/**
 * The buttons on an endpoint (docs/api.md): a new signing secret (returned to be shown once; the
 * old one signs beside it for 24 hours, as Standard Webhooks allows several signatures), switching
 * a disabled endpoint back on, or deleting it with its delivery log. Another organisation's
 * endpoint is not found.
 */
export async function changeWebhookEndpoint(
  scope: Scope,
  change: { endpointId: string; intent: "rotate-secret" | "enable-endpoint" | "delete-endpoint" },
): Promise<{ secret?: string }> {
  const { db, now } = requireIntegrationsManager(scope);
  const where = and(eq(webhookEndpoint.id, change.endpointId), visibleWebhookEndpoints(scope));
  return db.transaction(async (tx) => {
    const [endpoint] = await tx.select().from(webhookEndpoint).where(where).for("update");
    if (!endpoint) throw new DomainError("not_found", "Webhook endpoint not found.");
    let secret: string | undefined;
    if (change.intent === "rotate-secret") {
      secret = newWebhookSecret();
      await tx
        .update(webhookEndpoint)
        .set({
          secret,
          previousSecret: endpoint.secret,
          previousSecretUntil: addHours(now, rotationOverlapHours),
        })
        .where(where);
    } else if (change.intent === "enable-endpoint") {
      await tx
        .update(webhookEndpoint)
        .set({ disabledAt: null, disabledReason: null, failingSince: null })
        .where(where);
    } else {
      await tx.delete(webhookEndpoint).where(where);
    }
    await recordAuditEventAs(
      scope,
      {
        action: `webhook_endpoint.${change.intent.replace("-endpoint", "").replace("-", "_")}`,
        object: { type: "webhook_endpoint", id: endpoint.id },
      },
      tx,
    );
    return { secret };
  });
}
