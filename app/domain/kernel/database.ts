import type { Database } from "~/db/client.server.ts";

/**
 * The database types every domain function uses, declared once (docs/architecture.md §3b).
 * `Tx` is a transaction handed to `db.transaction`'s callback; `Executor` is either, for functions
 * that run inside a caller's transaction or on their own.
 */
export type { Database };
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;
