export * from "./audit.ts";
export * from "./billing.ts";
