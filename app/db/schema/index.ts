export * from "./audit.ts";
export * from "./billing.ts";
export * from "./enquiries.ts";
export * from "./referrals.ts";
