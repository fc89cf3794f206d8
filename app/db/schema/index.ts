export * from "./assessments.ts";
export * from "./audit.ts";
export * from "./auth.ts";
export * from "./billing.ts";
export * from "./enquiries.ts";
export * from "./referrals.ts";
