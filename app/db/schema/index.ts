export * from "./audit.ts";
export * from "./enquiries.ts";
