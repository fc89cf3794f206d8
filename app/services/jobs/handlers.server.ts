import { expireCredits } from "~/domain/billing/credit-ledger.server.ts";
import { renewDemoMemberships } from "~/domain/billing/renew-memberships.server.ts";
import { registerEnquiryJobs } from "~/domain/enquiries/register-enquiry-jobs.server.ts";
import { paymentConfirmationHooks } from "../payments/confirmation.server.ts";
import { createDemoProvider } from "../payments/demo-provider.server.ts";
import type { Runtime } from "../runtime.server.ts";

/** Every background job of the product, declared in one place at start-up. */
export function registerJobHandlers(runtime: Runtime): void {
  const { jobs, database, logger } = runtime;
  registerEnquiryJobs(runtime);

  jobs.register("billing-expire-credits", async () => {
    const expired = await expireCredits(database.db);
    logger.info({ expired }, "expired credits removed from balances");
  });
  jobs.schedule("billing-expire-credits", "10 0 * * *");

  if (runtime.payments.id === "demo") {
    const demo = createDemoProvider();
    jobs.register("billing-renew-memberships", async () => {
      const renewed = await renewDemoMemberships(
        database.db,
        paymentConfirmationHooks(runtime),
        demo.confirmationEvent,
      );
      if (renewed > 0) logger.info({ renewed }, "demo memberships renewed");
    });
    jobs.schedule("billing-renew-memberships", "*/15 * * * *");
  }
}
