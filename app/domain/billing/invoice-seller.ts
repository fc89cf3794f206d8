import type { Config } from "~/config.server.ts";

/**
 * The seller as invoices name it, from configuration (docs/architecture.md §6); an address's ", "
 * becomes lines.
 */
export function invoiceSeller(config: Config): Record<string, string> {
  const address = config.SELLER_ADDRESS.replace(/\\n/g, "\n").replace(/,\s*/g, "\n").trim();
  return {
    name: config.SELLER_NAME,
    ...(address ? { address } : {}),
    ...(config.SELLER_COMPANY_NUMBER ? { companyNumber: config.SELLER_COMPANY_NUMBER } : {}),
    ...(config.SELLER_VAT_NUMBER ? { vatNumber: config.SELLER_VAT_NUMBER } : {}),
  };
}

/** In production with real payments, an invoice that charges VAT needs every seller detail. */
export function requiresFullSeller(config: Config): boolean {
  return config.NODE_ENV === "production" && config.PAYMENT_PROVIDER !== "demo";
}
