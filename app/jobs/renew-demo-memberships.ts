import { paymentConfirmationHooks } from "~/domain/billing/confirm-payment.server.ts";
import { renewDemoMemberships } from "~/domain/billing/renew-memberships.server.ts";
import { createDemoProvider } from "~/services/payments/demo-provider.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { defineScheduledJob, type JobRuntime } from "./job.ts";

/**
 * With the demo payment provider only (ADR 0006): memberships due for renewal are renewed as the
 * provider's renewal event would, through the same confirmation as a real payment.
 */
export const renewDemoMembershipsJob = defineScheduledJob<
  JobRuntime & Pick<Runtime, "payments">,
  "billing-renew-memberships"
>({
  name: "billing-renew-memberships",
  schedule: "*/15 * * * *",
  async handle(scope, runtime) {
    const renewed = await renewDemoMemberships(
      scope,
      paymentConfirmationHooks(runtime),
      createDemoProvider().confirmationEvent,
    );
    if (renewed > 0) runtime.logger.info({ renewed }, "demo memberships renewed");
  },
});
