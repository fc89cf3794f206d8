/** The domain kernel (docs/architecture.md §3b): what every domain area shares. */
export * from "./actor.ts";
export * from "./database.ts";
export * from "./errors.ts";
export * from "./guards.ts";
export * from "./list.ts";
export * from "./scope.ts";
