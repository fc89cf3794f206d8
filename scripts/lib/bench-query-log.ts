import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/*
 * The product's query log, for `npm run bench:api` only: preloaded into a server the bench starts
 * for the purpose (`node --import ./scripts/lib/bench-query-log.ts server/main.ts`) with
 * BENCH_QUERY_LOG=<file>, it appends every statement the server's drivers are handed to that
 * file, one JSON line each, exactly as the driver gets it: the text, the parameters, the
 * statement name when the product prepares it, and the row mode. The bench then asks one page
 * and replays the lines it wrote as its floor (scripts/lib/bench-floor.ts), so the floor runs the
 * product's own statements in the product's own form. The product itself logs no statement
 * and no parameter: this file is never part of its build, and the bench's data is synthetic.
 *
 * `round` says which statements the product had in flight together: a statement sent before
 * the previous one answered shares its round, so the floor can replay the same round trips.
 */
const file = process.env.BENCH_QUERY_LOG;
if (file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let answered = 0;
  const write = (entry: Record<string, unknown>) =>
    fs.appendFileSync(file, `${JSON.stringify({ pid: process.pid, ...entry })}\n`);
  const settle = <T>(result: T): T => {
    if (result instanceof Promise)
      return result.finally(() => {
        answered += 1;
      }) as T;
    answered += 1;
    return result;
  };

  // node-postgres: every statement passes through Client#query (the pool hands its clients the
  // statement); a config object carries the name when the statement is prepared.
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const config =
      typeof first === "string"
        ? { text: first, values: Array.isArray(second) ? second : undefined }
        : (first as { text: string; values?: unknown[]; name?: string; rowMode?: string });
    write({
      engine: "postgres",
      round: answered,
      text: config.text,
      values: config.values ?? (Array.isArray(second) ? second : []),
      name: "name" in config ? config.name : undefined,
      rowMode: "rowMode" in config ? config.rowMode : undefined,
    });
    return settle((clientQuery as (...a: unknown[]) => unknown).apply(this, args));
  } as typeof pg.Client.prototype.query;

  // PGlite: Drizzle calls query(text, params, options) for statements and exec(text) for
  // migrations; a transaction hands its callback an object with the same two methods.
  const logged = (target: { query: unknown; exec: unknown }) => {
    const query = target.query as (...a: unknown[]) => unknown;
    const exec = target.exec as (...a: unknown[]) => unknown;
    target.query = function (this: unknown, text: string, values?: unknown[], options?: object) {
      write({
        engine: "pglite",
        round: answered,
        text,
        values: values ?? [],
        rowMode: (options as { rowMode?: string } | undefined)?.rowMode,
      });
      return settle(query.call(this, text, values, options));
    };
    target.exec = function (this: unknown, text: string, options?: object) {
      write({ engine: "pglite", round: answered, text, values: [], exec: true });
      return settle(exec.call(this, text, options));
    };
  };
  const proto = PGlite.prototype as unknown as {
    query: unknown;
    exec: unknown;
    transaction: (callback: (tx: never) => unknown) => unknown;
  };
  logged(proto);
  const transaction = proto.transaction;
  proto.transaction = function (this: unknown, callback: (tx: never) => unknown) {
    return transaction.call(this, (tx: never) => {
      logged(tx as { query: unknown; exec: unknown });
      return callback(tx);
    });
  };
}
