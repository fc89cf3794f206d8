export * from "./audit.ts";
export * from "./auth.ts";
