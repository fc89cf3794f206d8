export * from "./assessments.ts";
export * from "./audit.ts";
export * from "./billing.ts";
export * from "./referrals.ts";
