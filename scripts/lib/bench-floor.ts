import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";

/*
 * The floor `npm run bench:api` compares the product with: for each measured address, the
 * statements the product ran for it, taken from its query log (scripts/lib/bench-query-log.ts),
 * replayed with the same parameters, in the same form (named, so prepared, only where the
 * product named them; the same row mode and type parsing as Drizzle asks for) and the same
 * round trips (statements the product had in flight together are sent together). Then, for a
 * page, React's renderToString of a tree with the product page's element count and bytes,
 * carrying the rows as the page carries its data; for a `.data` address, JSON.stringify of the
 * rows. No framework, no session logic, no query building: what the same answer costs at the
 * least on this stack, one process per core like the product.
 *
 * Run by the bench as `node scripts/lib/bench-floor.ts` with FLOOR_PLAN (a JSON file: address →
 * statements and, for a page, its element count and bytes), PORT, WEB_CONCURRENCY, and either
 * DATABASE_URL or FLOOR_PGLITE_DIR (a copy of the embedded database's directory: PGlite has one
 * process per directory, and the product's is in use). Prints "floor listening" once every
 * process listens. With FLOOR_REACT_ROUTER_BUILD (the bare React Router app's folder) it is the
 * framework floor instead: the same work served through React Router (frameworkFloor below).
 */
export interface LoggedStatement {
  engine: "postgres" | "pglite";
  round: number;
  text: string;
  values: unknown[];
  name?: string;
  rowMode?: "array" | "object";
  exec?: boolean;
}
export interface FloorPage {
  statements: LoggedStatement[];
  /** Render a page of this shape; absent: answer the rows as JSON (a `.data` request's floor). */
  html?: { elements: number; bytes: number };
}

const processes = Number(process.env.WEB_CONCURRENCY ?? 1);
const port = Number(process.env.PORT);

if (cluster.isPrimary && processes > 1) {
  let listening = 0;
  for (let i = 0; i < processes; i++)
    cluster.fork().on("listening", () => {
      if (++listening === processes) console.log("floor listening");
    });
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
    process.exit(0);
  });
} else {
  const plan = JSON.parse(fs.readFileSync(process.env.FLOOR_PLAN ?? "", "utf8")) as Record<
    string,
    FloorPage
  >;
  const run = await statementRunner();
  const shapes = new Map<string, { leaves: number; fill: number }>();
  const server = process.env.FLOOR_REACT_ROUTER_BUILD
    ? await frameworkFloor(process.env.FLOOR_REACT_ROUTER_BUILD, plan, run, shapes)
    : rawFloor(plan, run, shapes);
  server.listen(port, "127.0.0.1", () => {
    if (processes <= 1) console.log("floor listening");
  });
  process.on("SIGTERM", () => {
    server.close();
    void run.close().then(() => process.exit(0));
  });
}

type Shapes = Map<string, { leaves: number; fill: number }>;

/** The floor with nothing in between: node:http, the driver, renderToString or JSON.stringify. */
function rawFloor(plan: Record<string, FloorPage>, run: Runner, shapes: Shapes) {
  return http.createServer(async (req, res) => {
    try {
      const page = plan[req.url ?? ""];
      if (!page) {
        res.writeHead(404).end();
        return;
      }
      const results = await replay(page.statements, run);
      const body = page.html
        ? `<!DOCTYPE html>${renderToString(pageOfShape(req.url ?? "", page.html, results, shapes))}`
        : JSON.stringify(results);
      res.writeHead(200, {
        "content-type": page.html ? "text/html; charset=utf-8" : "application/json",
        "content-length": Buffer.byteLength(body),
      });
      res.end(body);
    } catch (error) {
      console.error(error);
      res.writeHead(500).end();
    }
  });
}

/**
 * The framework floor: the same statements and the same page shape, served by a bare React Router
 * server (scripts/lib/bare-react-router.ts, built once by the bench) through
 * @react-router/node's request listener: React Router's request handling, its loader call, its
 * server render with the page's data serialised into it, and its `.data` answers (there, the
 * request reaches the loader without `.data`, so it replays the page's statements, which the
 * product's log shows are the same). What the product spends beyond this is its own: Express and
 * its middleware, sessions, query building, and its real components.
 */
async function frameworkFloor(
  buildDir: string,
  plan: Record<string, FloorPage>,
  run: Runner,
  shapes: Shapes,
) {
  const { createRequestListener } = await import("@react-router/node");
  Object.assign(globalThis, {
    benchFloor: {
      load: async (address: string) => {
        const page = plan[address];
        if (!page) throw new Response(null, { status: 404 });
        return replay(page.statements, run);
      },
      body: (address: string) => {
        const shape = plan[address]?.html;
        return shape ? pageOfShape(address, shape, [], shapes, "body") : null;
      },
    },
  });
  const build = await import(path.join(buildDir, "build/server/index.js"));
  return http.createServer(createRequestListener({ build, mode: "production" }));
}

/** The statements round by round: those the product sent together are sent together. */
async function replay(statements: LoggedStatement[], run: Runner): Promise<unknown[]> {
  const results: unknown[] = [];
  let i = 0;
  while (i < statements.length) {
    const round = statements[i]!.round;
    const together: LoggedStatement[] = [];
    while (i < statements.length && statements[i]!.round === round) together.push(statements[i++]!);
    results.push(...(await Promise.all(together.map(run))));
  }
  return results;
}

type Runner = ((statement: LoggedStatement) => Promise<unknown>) & { close(): Promise<void> };

/**
 * Each engine's driver called as Drizzle calls it: timestamps, dates, intervals and their arrays
 * left as the text the database sent (drizzle-orm/node-postgres and drizzle-orm/pglite sessions).
 */
async function statementRunner(): Promise<Runner> {
  const asText = [1082, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182];
  if (process.env.FLOOR_PGLITE_DIR) {
    const db = await PGlite.create(process.env.FLOOR_PGLITE_DIR, {
      extensions: { btree_gin, pg_trgm },
      // The product's embedded settings (app/db/client.server.ts).
      postgresqlconf: "shared_buffers = 32MB\n",
    });
    const parsers = Object.fromEntries(asText.map((oid) => [oid, (value: string) => value]));
    const run = (s: LoggedStatement) =>
      s.exec
        ? db.exec(s.text)
        : db
            .query(s.text, s.values, { rowMode: s.rowMode ?? "object", parsers })
            .then((r) => r.rows);
    return Object.assign(run, { close: () => db.close() });
  }
  // The product's pool size (app/db/client.server.ts).
  const pool = new pg.Pool({
    connectionString: process.env.DATABASE_URL,
    max: 10,
    // Named so the bench can count its backends' CPU apart from the product's.
    application_name: process.env.FLOOR_APPLICATION_NAME,
  });
  const types = {
    getTypeParser: (oid: number, format: "text" | "binary") =>
      asText.includes(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format),
  };
  const run = (s: LoggedStatement) =>
    pool
      .query({
        text: s.text,
        values: s.values,
        name: s.name,
        rowMode: s.rowMode,
        types,
      } as pg.QueryConfig)
      .then((r) => r.rows);
  return Object.assign(run, { close: () => pool.end() });
}

/**
 * A document with the product page's element count and bytes: the rows carried as the page
 * carries its data (serialised into a script), and the rest in leaves of filler text, sized on
 * the first render so the output matches the product's bytes. Built afresh for every request, as
 * the product's tree is.
 */
function pageOfShape(
  address: string,
  shape: { elements: number; bytes: number },
  rows: unknown[],
  shapes: Shapes,
  /** "body": only `main` and its sections, for a framework that writes the document around it. */
  part: "document" | "body" = "document",
): ReactElement {
  // html, head, title, body, main, script: six; the rest are sections of up to ten paragraphs.
  const rest = Math.max(0, shape.elements - 6);
  const sections = Math.ceil(rest / 11);
  const leaves = Math.max(0, rest - sections);
  const build = (fill: number, as: "document" | "body" = part) => {
    const text = "x".repeat(fill);
    const children: ReactElement[] = [];
    let left = leaves;
    for (let s = 0; s < sections; s++) {
      const count = Math.min(10, left);
      left -= count;
      const paragraphs: ReactElement[] = [];
      for (let p = 0; p < count; p++) paragraphs.push(createElement("p", { key: p }, text));
      children.push(createElement("section", { key: s }, paragraphs));
    }
    if (as === "body") return createElement("main", null, children);
    return createElement(
      "html",
      { lang: "en" },
      createElement("head", null, createElement("title", null, "Floor")),
      createElement(
        "body",
        null,
        createElement("main", null, children),
        createElement("script", {
          // The rows serialised with "<" escaped, as React Router writes a page's data.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped JSON, not markup
          dangerouslySetInnerHTML: { __html: JSON.stringify(rows).replaceAll("<", "\\u003c") },
        }),
      ),
    );
  };
  let known = shapes.get(address);
  if (!known) {
    // Sized as the raw floor's whole document, so both floors carry the same text.
    const empty = renderToString(build(0, "document")).length + "<!DOCTYPE html>".length;
    known = {
      leaves,
      fill: leaves > 0 ? Math.max(0, Math.round((shape.bytes - empty) / leaves)) : 0,
    };
    shapes.set(address, known);
  }
  return build(known.fill);
}
