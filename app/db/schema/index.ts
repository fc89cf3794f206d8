export * from "./audit.ts";
