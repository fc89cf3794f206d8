import type { ConfirmationHooks } from "~/domain/billing/orders.server.ts";
import type { Runtime } from "../runtime.server.ts";
import { invoiceSeller } from "./index.server.ts";

/** What confirming an order touches beyond billing; later features add their hooks here. */
export function paymentConfirmationHooks(runtime: Pick<Runtime, "config">): ConfirmationHooks {
  return { seller: invoiceSeller(runtime.config) };
}
