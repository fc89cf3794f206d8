import { and, eq, gt, isNull } from "drizzle-orm";
import { invoice, organisation, paymentOrder } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { teamCan } from "~/domain/kernel/team-permissions.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { billingRefusal } from "./billing-refusal.ts";
import { paymentConfirmationHooks } from "./confirm-payment.server.ts";
import { issueInvoice } from "./orders.server.ts";

/**
 * Saves the organisation's billing address (the address its invoices print). Anyone paying for
 * the organisation may give one that is missing, since checkout asks for it (a manager paying for
 * their own referral); changing one already given is billing (owners and HR administrators, the
 * team permission table, docs/architecture.md §4). Invoices held back for want of it (a payment
 * that arrived while there was none, `issueInvoice`) are issued in the same transaction. Audited.
 */
export async function saveBillingAddress(
  scope: Scope,
  services: Pick<Runtime, "config">,
  { address }: { address: string },
): Promise<{ invoicesIssued: number }> {
  const employer = requireEmployer(scope);
  const { db, actor, now } = employer;
  const value = address.trim();
  if (!value) throw new DomainError("invalid_input", "Enter the billing address");
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ address: organisation.address })
      .from(organisation)
      .where(eq(organisation.id, actor.organisationId))
      .for("update");
    if (!current) throw new DomainError("not_found", "Organisation not found.");
    const had = Boolean(current.address?.trim());
    if (had && !teamCan(actor.memberRole, "billing:manage"))
      throw new DomainError("forbidden", billingRefusal);
    await tx
      .update(organisation)
      .set({ address: value, updatedAt: now })
      .where(eq(organisation.id, actor.organisationId));
    const held = await tx
      .select({ order: paymentOrder })
      .from(paymentOrder)
      .leftJoin(invoice, eq(invoice.orderId, paymentOrder.id))
      .where(
        and(
          eq(paymentOrder.organisationId, actor.organisationId),
          eq(paymentOrder.status, "paid"),
          gt(paymentOrder.vatPence, 0),
          isNull(invoice.id),
        ),
      )
      .for("update", { of: paymentOrder });
    const hooks = paymentConfirmationHooks(services);
    let invoicesIssued = 0;
    for (const { order } of held) if (await issueInvoice(tx, order, hooks, now)) invoicesIssued++;
    await recordAuditEventAs(
      employer,
      {
        action: "organisation.billing_address_saved",
        outcome: "success",
        object: { type: "organisation", id: actor.organisationId },
        details: { replaced: had, invoicesIssued },
      },
      tx,
    );
    return { invoicesIssued };
  });
}
