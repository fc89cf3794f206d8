import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, expect } from "vitest";
import routes from "~/routes.ts";
import { type BuiltServer, startBuiltServer } from "~tests/support/built-server.ts";
import { type Body, ServerCaller } from "~tests/support/server-requests.ts";

/*
 * Walks every route and action of app/routes.ts with malformed input, as an anonymous visitor and
 * as each role, and fails on any 5xx. Malformed ids, NUL bytes, broken escapes, arrays where one
 * value is expected, oversized fields, bodies that are not forms and methods no route serves must
 * all get a 4xx (or the page, when the input is merely odd), never a server error.
 *
 * Each role's walk is a file of this folder, with the production build served inside its worker
 * (tests/support/built-server.ts), so the walks share the cores; this module is what they share.
 */

const appDir = path.resolve(import.meta.dirname, "../../../app");

interface FuzzRoute {
  /** The pattern, e.g. /employer-referrals/:referralId/remind */
  pattern: string;
  file: string;
  hasAction: boolean;
  /** Form field names and intents the route's module (and its components) use. */
  intents: string[];
}

function flatten(entries: RouteConfigEntry[], parent = ""): FuzzRoute[] {
  const out: FuzzRoute[] = [];
  for (const entry of entries) {
    const joined = entry.index
      ? parent || "/"
      : entry.path !== undefined
        ? `${parent.replace(/\/$/, "")}/${entry.path}`
        : parent;
    if (entry.path !== undefined || entry.index) {
      const source = fs.readFileSync(path.join(appDir, entry.file), "utf8");
      out.push({
        pattern: joined,
        file: entry.file,
        hasAction: /export (async )?function action\b|export const action\b/.test(source),
        intents: [
          ...new Set(
            [...source.matchAll(/intent"?\)?\s*={2,3}\s*"([a-z0-9-]+)"|case "([a-z0-9-]+)"/g)].map(
              (m) => m[1] ?? m[2]!,
            ),
          ),
        ],
      });
    }
    if (entry.children) out.push(...flatten(entry.children, joined));
  }
  return out;
}

/** Every field name any form of the app posts: each action gets all of them, with bad values. */
function formFieldNames(): string[] {
  const names = new Set<string>(["intent", "redirectTo", "id", "referralId", "consultationId"]);
  const walk = (dir: string) => {
    for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, item.name);
      if (item.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(item.name) && !item.name.includes(".test.")) {
        const source = fs.readFileSync(full, "utf8");
        for (const m of source.matchAll(/name="([A-Za-z][\w.-]*)"|\.get\("([A-Za-z][\w.-]*)"\)/g))
          names.add(m[1] ?? m[2]!);
      }
    }
  };
  walk(path.join(appDir, "routes"));
  walk(path.join(appDir, "components"));
  return [...names].sort();
}

const allRoutes = flatten(routes as RouteConfigEntry[]);
const fieldNames = formFieldNames();

const long = "x".repeat(5000);
/** Values put where an id, a token or a step belongs. */
const badParams = [
  "not-an-id",
  randomUUID(),
  "REF-000001",
  "%00",
  "%FF%FE",
  "..%2F..%2Fetc%2Fpasswd",
  "1'%20OR%20'1'%3D'1",
  long,
];
/**
 * Query strings: hostile redirects, NUL, invalid UTF-8, repeated keys, oversized values, and
 * names and values that mean something to every JavaScript object.
 */
const badQueries = [
  "",
  "?redirectTo=/%09/evil.example",
  "?redirectTo=%0D%0ASet-Cookie:%20x%3D1&q=%00",
  "?q=%FF&redirectTo=/caf%C3%A9%C2%85",
  "?page=-1&page=abc&cursor=%00&cursor=zz&order=x&order=y&status=nope&tab=%3Cscript%3E",
  `?q=${long}&referral=not-a-uuid&order=not-a-uuid&notice=%3Cb%3E&return=review&step=../../x`,
  // Names and values every JavaScript object knows (`?error=__proto__` was a 500).
  "?__proto__=x&constructor=x&prototype=x",
  "?error=__proto__&notice=constructor&tab=hasOwnProperty&status=prototype&step=__proto__",
];
const unknownMethods = ["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"];

function fill(pattern: string, value: string, token?: string): string {
  return pattern
    .replace(/:token\b/, token ?? value)
    .replace(/:[A-Za-z]+\??/g, value)
    .replace(/\*$/, `no-such-page/${value}`);
}

/**
 * Long enough to exceed every field's own limit (the longest is 5,000 characters), short enough
 * that all the fields together stay under the body limit (server/edge.ts), so the action's own
 * validation answers rather than the size check.
 */
const oversizedField = "w".repeat(Math.min(20_000, Math.floor(900_000 / fieldNames.length)));

/**
 * Bodies the server refuses before any session is read (server/edge.ts and the root middleware's
 * content-type check): they are sent on the anonymous walk only, since a role cannot change the
 * answer, and each repeat would only cost the suite time.
 */
function bodiesRefusedAtTheEdge(): { label: string; body: Body }[] {
  return [
    { label: "json", body: { raw: '{"intent":"x","email":{"$ne":1}}', type: "application/json" } },
    { label: "text", body: { raw: "intent=x", type: "text/plain" } },
    {
      label: "broken multipart",
      body: {
        raw: "--zz\r\nContent-Disposition: form-data\r\n\r\nx",
        type: "multipart/form-data; boundary=zz",
      },
    },
    { label: "no content type", body: { raw: "intent=x", type: "" } },
    { label: "over the size limit", body: { form: { intent: "x", big: "y".repeat(1_100_000) } } },
  ];
}

function formBodies(route: FuzzRoute): { label: string; body: Body }[] {
  const intents = route.intents.length ? route.intents : [""];
  const bodies: { label: string; body: Body }[] = [];
  const fields = (value: (name: string) => string) =>
    Object.fromEntries(fieldNames.map((name) => [name, value(name)]));
  for (const intent of intents) {
    bodies.push(
      { label: `${intent}: only the intent`, body: { form: { intent } } },
      { label: `${intent}: empty`, body: { form: { ...fields(() => ""), intent } } },
      { label: `${intent}: NUL`, body: { form: { ...fields(() => "a\u0000b"), intent } } },
      { label: `${intent}: bad ids`, body: { form: { ...fields(() => "zz'; --"), intent } } },
      {
        label: `${intent}: oversized`,
        body: { form: { ...fields(() => oversizedField), intent } },
      },
      {
        label: `${intent}: multipart`,
        body: { multipart: { ...fields(() => "\u202e\u00e9\ud83d\ude00 \u0085"), intent } },
      },
    );
  }
  // Bare names every JavaScript object knows: once a 500 on every form (the edge's id table found
  // Object.prototype's members). Built with fromEntries: in a literal, `__proto__` would set the
  // object's prototype instead of adding a field.
  for (const reserved of reservedFieldNames) {
    bodies.push({
      label: `${intents[0]}: field named ${reserved}`,
      body: {
        form: Object.fromEntries([
          ...Object.entries(fields(() => "x")),
          [reserved, "x"],
          ["intent", intents[0]!],
        ]),
      },
    });
  }
  return bodies;
}

const reservedFieldNames = ["__proto__", "constructor", "prototype", "hasOwnProperty"];

function bodySize(body: Body): number {
  const values =
    "raw" in body ? [body.raw] : Object.values("form" in body ? body.form : body.multipart);
  return values.reduce((sum, value) => sum + value.length, 0);
}

interface Tally {
  requests: number;
  methods: Set<string>;
  routes: Set<string>;
  statuses: Map<number, number>;
  failures: string[];
}

async function runPool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function fuzz(
  caller: ServerCaller,
  role: string,
  options: {
    token?: string;
    edgeProbes?: boolean;
    routes?: FuzzRoute[];
    /** The employer's organisation, posted as their pages' forms do (docs/architecture.md §4). */
    organisation?: string;
  } = {},
): Promise<Tally> {
  const pagesOrganisation = options.organisation;
  const tally: Tally = {
    requests: 0,
    methods: new Set(),
    routes: new Set(),
    statuses: new Map(),
    failures: [],
  };
  // Sign-in and sign-up throttles are per client: each request says it comes from a client of
  // its own (TEST-NET addresses; the server believes X-Forwarded-For from loopback, as behind a
  // local reverse proxy: TRUST_PROXY=loopback), so the forms' own validation is reached rather
  // than the throttle.
  const client = () =>
    `${Math.random() < 0.5 ? "203.0.113" : "192.0.2"}.${1 + Math.floor(Math.random() * 254)}`;

  async function send(route: FuzzRoute, method: string, url: string, body?: Body): Promise<void> {
    // Without the organisation an employer's page posts, the employer area refuses every
    // action before it reads the fuzzed fields.
    const organisation: Record<string, string> = pagesOrganisation
      ? { _organisation: pagesOrganisation }
      : {};
    const sent: Body | undefined =
      body && "form" in body
        ? { form: { ...body.form, ...organisation } }
        : body && "multipart" in body
          ? { multipart: { ...body.multipart, ...organisation } }
          : body;
    let status: number;
    try {
      ({ status } = await caller.send(method, url, {
        body: sent,
        headers: { origin: caller.origin, "x-forwarded-for": client() },
        // A route that answers before reading a large body (a 404, a 405) leaves the rest of it
        // unread, and Node then closes that connection: a large body goes on one of its own.
        newConnection: !!body && bodySize(body) > 64 * 1024,
      }));
    } catch (error) {
      // A connection the server closed on purpose (the oversized body) is an answer, not a crash.
      if (body && "form" in body && body.form.big) status = 413;
      else throw new Error(`${role} ${method} ${url.slice(0, 120)}: ${(error as Error).message}`);
    }
    tally.requests++;
    tally.methods.add(method);
    tally.routes.add(route.pattern);
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    if (status >= 500) {
      const what = body
        ? ` [${"raw" in body ? body.type || "no type" : "form" in body ? "form" : "multipart"}]`
        : "";
      tally.failures.push(`${status} ${role} ${method} ${url.slice(0, 160)}${what}`);
    }
  }

  // Sign-out last: it would end this role's session for the rest of the walk.
  const ordered = [...(options.routes ?? allRoutes)].sort(
    (a, b) => Number(a.pattern === "/logout") - Number(b.pattern === "/logout"),
  );
  for (const route of ordered) {
    const hasParams = /[:*]/.test(route.pattern);
    const paths = hasParams
      ? badParams.map((value) => fill(route.pattern, value))
      : [route.pattern];
    if (options.token && route.pattern.includes(":token")) {
      paths.push(...badParams.map((value) => fill(route.pattern, value, options.token)));
    }
    const jobs: (() => Promise<void>)[] = [];
    for (const p of paths) jobs.push(() => send(route, "GET", p));
    for (const query of badQueries.slice(1)) jobs.push(() => send(route, "GET", paths[0] + query));
    jobs.push(() => send(route, "HEAD", `${paths[0]}?q=%00x`));
    if (options.edgeProbes)
      for (const method of unknownMethods) jobs.push(() => send(route, method, paths[0]!));
    // Routes without an action still get one form post: they must say 405, not fail.
    const bodies = [
      ...(options.edgeProbes ? bodiesRefusedAtTheEdge() : []),
      ...(route.hasAction ? formBodies(route) : formBodies(route).slice(0, 1)),
    ];
    const actionPaths =
      options.token && route.pattern.includes(":token")
        ? [fill(route.pattern, "1", options.token), paths[0]!]
        : [paths[0]!, ...(hasParams ? [paths[1]!] : [])];
    for (const p of actionPaths) {
      for (const { body } of bodies) jobs.push(() => send(route, "POST", p, body));
    }
    await runPool(jobs, 4, (job) => job());
  }
  return tally;
}

/**
 * The walk's tally on the console and in .reports/route-fuzz-<role>.json; fails on any 5xx, and
 * unless every route of `walked` (app/routes.ts, or the role's share of it) was reached.
 */
function report(role: string, tally: Tally, walked = allRoutes) {
  const statuses = [...tally.statuses.entries()].sort(([a], [b]) => a - b);
  const line = `${role}: ${tally.requests} requests, ${tally.routes.size} routes, ${tally.methods.size} methods (${[...tally.methods].join(", ")}); statuses ${statuses.map(([s, n]) => `${s}×${n}`).join(" ")}`;
  console.log(`route fuzz — ${line}`);
  fs.mkdirSync(".reports", { recursive: true });
  fs.writeFileSync(
    path.join(".reports", `route-fuzz-${role}.json`),
    JSON.stringify(
      {
        role,
        requests: tally.requests,
        routes: tally.routes.size,
        methods: [...tally.methods],
        statuses: Object.fromEntries(statuses),
        failures: tally.failures,
      },
      null,
      2,
    ),
  );
  expect(tally.failures, `${role}: responses with status 5xx`).toEqual([]);
  // Every route of app/routes.ts (or of the role's share of them) was walked.
  expect(tally.routes.size).toBe(walked.length);
}

/**
 * One role's walk: a fresh caller on the file's server, signed in by `signIn` first when the role
 * has an account, every route fuzzed, and the tally reported; the caller closes either way.
 */
export async function walkAs(
  server: BuiltServer,
  role: string,
  {
    signIn,
    ...options
  }: Parameters<typeof fuzz>[2] & { signIn?: (caller: ServerCaller) => Promise<unknown> } = {},
) {
  const caller = new ServerCaller(server);
  try {
    await signIn?.(caller);
    report(role, await fuzz(caller, role, options), options.routes);
  } finally {
    caller.close();
  }
}

/**
 * The routes an assessment link opens. The person has no session, so on every other route they
 * are the anonymous visitor, whose walk already covers it; their own walk is these routes with
 * their real token as well as with bad ones.
 */
export const tokenRoutes = allRoutes.filter((route) => route.pattern.includes(":token"));

/**
 * The file's production server, as the browser tests' shared one is configured: demo payments,
 * the seller's details invoices need, and X-Forwarded-For believed from loopback. Only errors are
 * logged: a warning for each of the walk's thousands of refusals said nothing and cost time.
 */
export function fuzzServerForFile(): () => BuiltServer {
  let server: BuiltServer | undefined;
  // Importing the bundle and starting its runtime (the job queue too) has taken over a minute on
  // a loaded 2-core machine: longer than database-fixture.ts's forFile allows.
  beforeAll(async () => {
    server = await startBuiltServer({
      settings: {
        LOG_LEVEL: "error",
        SELLER_NAME: "ReferOH Ltd",
        SELLER_ADDRESS: "1 Example Street, London EC1A 1AA",
        SELLER_COMPANY_NUMBER: "12345678",
        SELLER_VAT_NUMBER: "GB123456789",
        TRUST_PROXY: "loopback",
      },
    });
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error("the server runs only while the file's tests and hooks do");
    return server;
  };
}

/** A walk takes minutes on a loaded 2-core machine. */
export const walkTimeout = 900_000;
