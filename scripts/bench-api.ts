import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { hashPassword } from "better-auth/crypto";
import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import {
  type Database,
  type DatabaseLocation,
  migrateDatabase,
  openDatabase,
} from "~/db/client.server.ts";
import { encryptString, parseKeyringSetting } from "~/db/encryption/keyring.ts";
import { account, member, user } from "~/db/schema/index.ts";
import { jobRoles } from "~/domain/referrals/referral-input.ts";
import { ensureBuild } from "./lib/build.ts";
import { freePort, productionServerEnv, signInThroughForm, waitFor } from "./lib/local-server.ts";
import { processTreeCpuMs } from "./lib/process-cpu.ts";

/*
 * `npm run bench:api`: the signed-in employer pages at scale, as ratios measured in one run
 * (docs/architecture.md §7). Creates a fresh database (a PGlite directory under the temp folder, or a new
 * database on the DATABASE_URL server), seeds 100,000 referrals across 1,000 organisations and
 * two organisations of 1,000 and 100,000 with set-based SQL, serves the production build, signs
 * employers in through the real /login form, then measures with autocannon: capacity rows at 20
 * connections, growth (1,000 against 100,000 referrals at one connection) and, on PostgreSQL,
 * the floor (the same SQL through raw pg, scripts/lib/bench-floor.ts).
 * Writes bench/results/api.json (PGlite) or api-postgres.json (DATABASE_URL) and prints a table;
 * BENCH_ONLY=growth measures only the growth pages, into api-growth.json or api-growth-postgres.json.
 *
 * autocannon (a dev dependency) rather than wrk or hey: it is maintained with Node.js itself
 * (Fastify/Node.js collaborators), needs no system package, has a programmatic API, lets each
 * connection carry its own session cookie, and reports every response time (for a true p95).
 */
const root = path.resolve(import.meta.dirname, "..");
const organisations = 1_000;
const referrals = 100_000;
/**
 * Two organisations alone with 1,000 and 100,000 referrals: the same pages for each, at one
 * connection, say whether a page's cost grows with the organisation's history (goal ≤ 1.5×).
 */
const growthOrganisations = {
  small: { id: "bench-growth-small", referrals: 1_000, email: "bench-small@example.org" },
  large: { id: "bench-growth-large", referrals: 100_000, email: "bench-large@example.org" },
} as const;
const growthBudgetRatio = 1.5;
/** Employers signed in for the run; connections are spread over them so no single org is hot. */
const measuredOrganisations = 10;
const connections = 20;
const durationSeconds = Number(process.env.BENCH_DURATION ?? 15);
const password = `bench-${randomBytes(12).toString("base64url")}`;

/**
 * The run's data key. The seed writes the referral's reason sealed under it, as the product
 * stores it (ADR 0008); left in plaintext, the server's start-up would spend minutes resealing
 * tens of thousands of rows one by one (resealEncryptedColumns), and the bench would time that
 * one-off sweep instead of a start.
 */
const dataKeys = `bench:${randomBytes(32).toString("base64")}`;

/** A throwaway database: never the one `npm start` uses. */
async function freshDatabase(): Promise<{
  location: DatabaseLocation;
  serverEnv: Record<string, string>;
  drop(): Promise<void>;
}> {
  if (process.env.DATABASE_URL) {
    const admin = new URL(process.env.DATABASE_URL);
    const name = `referoh_bench_${Date.now()}`;
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return {
      location: { kind: "postgres", url: url.toString() },
      serverEnv: {
        DATABASE_URL: url.toString(),
        BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
        // A deployment on PostgreSQL refuses to start without its data key (ADR 0008).
        DATA_ENCRYPTION_KEYS: dataKeys,
        // One server process per core, as a deployment on this machine would run (ADR 0009).
        WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? String(os.availableParallelism()),
      },
      async drop() {
        const c = new pg.Client({ connectionString: admin.toString() });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-bench-api-"));
  return {
    location: { kind: "pglite", dataDir },
    serverEnv: {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      DATA_ENCRYPTION_KEYS: dataKeys,
      WEB_CONCURRENCY: "1",
    },
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const firstNames = [
  "Amelia",
  "Oliver",
  "Isla",
  "George",
  "Ava",
  "Noah",
  "Mia",
  "Arthur",
  "Ivy",
  "Leo",
  "Grace",
  "Harry",
  "Freya",
  "Jack",
  "Lily",
  "Oscar",
  "Priya",
  "Mohammed",
  "Sofia",
  "Kwame",
];
const lastNames = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Patel",
  "Robinson",
  "Wright",
  "Thompson",
  "Evans",
  "Walker",
  "White",
  "Roberts",
  "Green",
  "Hall",
  "Khan",
  "Okafor",
];
const reasons = [
  "Back pain affecting lifting duties",
  "Stress-related absence",
  "Return to work after surgery",
  "Recurrent short-term absence",
  "Anxiety and low mood",
  "Shoulder injury",
  "Long COVID fatigue",
  "Migraine affecting screen work",
];
// Each sealed once (its own IV); rows sharing a reason share its ciphertext, which opens the same.
const sealedReasons = reasons.map((reason) =>
  encryptString(parseKeyringSetting(dataKeys), reason, "referral.reason"),
);
const arrayLiteral = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]`);

/**
 * Referrals g = from…to for the organisation `organisationId` (an SQL expression of g). The
 * status follows a service a year or two in: most cases complete, a live middle, a few drafts,
 * cancellations and lapses; the bucket and the names come from a hash of g, so every
 * organisation has the whole mix whatever its size.
 */
async function insertReferrals(db: Database, organisationId: SQL, from: number, to: number) {
  await db.execute(sql`
    insert into referral (
      reference, organisation_id, type, status, subject_name, subject_email, job_role,
      conditional_offer_date, reason, employer_consent_confirmed, created_by, owner_id, created_at, updated_at
    )
    select
      case when g % 3 = 0 then 'REF-' || lpad(g::text, 6, '0')
        else 'OCC-' || (select string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', (g / (36 ^ k)::int) % 36 + 1, 1), '' order by k desc) from generate_series(0, 4) k)
      end,
      ${organisationId},
      case when g % 3 = 0 then 'management' else 'pre_employment' end,
      case
        when abs(hashtext('status' || g)) % 100 < 5 then 'draft'
        when abs(hashtext('status' || g)) % 100 < 8 then 'awaiting_payment'
        when abs(hashtext('status' || g)) % 100 < 23 then 'invited'
        when abs(hashtext('status' || g)) % 100 < 31 then 'in_progress'
        when abs(hashtext('status' || g)) % 100 < 36 then 'submitted'
        when abs(hashtext('status' || g)) % 100 < 41 then 'in_review'
        when abs(hashtext('status' || g)) % 100 < 45 then 'awaiting_subject'
        when abs(hashtext('status' || g)) % 100 < 89 then 'complete'
        when abs(hashtext('status' || g)) % 100 < 90 then 'withheld'
        when abs(hashtext('status' || g)) % 100 < 92 then 'declined'
        when abs(hashtext('status' || g)) % 100 < 97 then 'cancelled'
        else 'expired'
      end,
      (${arrayLiteral(firstNames)})[1 + abs(hashtext('first' || g)) % ${firstNames.length}] || ' ' || (${arrayLiteral(lastNames)})[1 + abs(hashtext('last' || g)) % ${lastNames.length}],
      'subject' || g || '@example.org',
      case when g % 3 <> 0 then (${arrayLiteral(jobRoles)})[1 + abs(hashtext('role' || g)) % ${jobRoles.length}] end,
      case when g % 3 <> 0 then current_date - (g % 700) end,
      case when g % 3 = 0 then (${arrayLiteral(sealedReasons)})[1 + abs(hashtext('reason' || g)) % ${sealedReasons.length}] end,
      g % 3 = 0,
      'bench',
      'bench',
      now() - make_interval(mins => (g * 10) % 1051200),
      now() - make_interval(mins => (g * 10) % 1051200)
    from generate_series(${from}::int, ${to}::int) g`);
}

/**
 * Set-based seed: a handful of INSERT … SELECT generate_series statements, seconds not minutes.
 * The status mix follows a service a year or two in: most cases complete, a live middle, a few
 * drafts, cancellations and lapses.
 */
async function seed(location: DatabaseLocation) {
  const handle = await openDatabase(location);
  const { db } = handle;
  try {
    await migrateDatabase(handle);
    const started = Date.now();
    await db.execute(sql`
      insert into organisation (id, name, industry)
      select 'bench-org-' || lpad(g::text, 4, '0'), 'Bench Company ' || g || ' Ltd', 'Manufacturing'
      from generate_series(1, ${organisations}) g`);
    // Counted once at the end instead of row by row: the same counts, minutes sooner on a busy host.
    await db.execute(sql`alter table referral disable trigger referral_count_insert_delete`);
    // Organisation n gets g = n, n + 1000, n + 2000, … of the first 100,000; the two growth
    // organisations get the next 1,000 and 100,000.
    await insertReferrals(
      db,
      sql`'bench-org-' || lpad((1 + g % ${organisations})::text, 4, '0')`,
      1,
      referrals,
    );
    await db.execute(sql`
      insert into organisation (id, name, industry) values
        (${growthOrganisations.small.id}, 'Bench Small Ltd', 'Manufacturing'),
        (${growthOrganisations.large.id}, 'Bench Large Ltd', 'Manufacturing')`);
    await insertReferrals(
      db,
      sql`${growthOrganisations.small.id}`,
      referrals + 1,
      referrals + growthOrganisations.small.referrals,
    );
    await insertReferrals(
      db,
      sql`${growthOrganisations.large.id}`,
      referrals + growthOrganisations.small.referrals + 1,
      referrals + growthOrganisations.small.referrals + growthOrganisations.large.referrals,
    );
    await db.execute(sql`alter table referral enable trigger referral_count_insert_delete`);
    await db.execute(sql`
      insert into organisation_referral_count (organisation_id, status, referrals)
      select organisation_id, status, count(*) from referral group by organisation_id, status`);
    await db.execute(
      sql`select setval('referral_reference_seq', ${referrals + growthOrganisations.small.referrals + growthOrganisations.large.referrals + 1})`,
    );
    await db.execute(sql`
      insert into referral_activity (referral_id, organisation_id, kind, created_at)
      select id, organisation_id, 'created', created_at from referral
      union all
      select id, organisation_id, 'invited', created_at + interval '1 minute'
      from referral where status not in ('draft', 'awaiting_payment')`);
    await db.execute(sql`
      insert into credit_lot (organisation_id, credits_granted, credits_remaining, expires_at)
      select id, 40, 40 - (abs(hashtext(id)) % 40), now() + interval '6 months' from organisation
      where id like 'bench-%'`);

    const passwordHash = await hashPassword(password);
    const emails: string[] = [];
    const employers = [
      ...Array.from({ length: measuredOrganisations }, (_, i) => ({
        email: `bench-employer-${i + 1}@example.org`,
        organisationId: `bench-org-${String(i + 1).padStart(4, "0")}`,
      })),
      ...Object.values(growthOrganisations).map((o) => ({
        email: o.email,
        organisationId: o.id,
      })),
    ];
    for (const { email, organisationId } of employers) {
      const userId = randomUUID();
      if (email.startsWith("bench-employer-")) emails.push(email);
      await db.insert(user).values({
        id: userId,
        name: `Bench Employer ${email}`,
        email,
        emailVerified: true,
        role: "employer",
      });
      await db.insert(account).values({
        id: randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: passwordHash,
      });
      await db.insert(member).values({
        organisationId,
        userId,
        role: "owner",
      });
    }
    await db.execute(sql`analyze`);
    console.log(
      `seeded ${referrals.toLocaleString("en-GB")} referrals across ${organisations.toLocaleString("en-GB")} organisations, and organisations of ${growthOrganisations.small.referrals.toLocaleString("en-GB")} and ${growthOrganisations.large.referrals.toLocaleString("en-GB")}, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return emails;
  } finally {
    await handle.close();
  }
}

/** Signs in through the real /login form and checks the session opens the dashboard. */
async function signIn(base: string, email: string): Promise<string> {
  const cookies = await signInThroughForm(base, email, password);
  const check = await fetch(`${base}/employer-dashboard`, {
    redirect: "manual",
    headers: { cookie: cookies.join("; ") },
  });
  if (check.status !== 200) throw new Error(`the session of ${email} got ${check.status}`);
  return cookies.join("; ");
}

interface EndpointResult {
  name: string;
  path: string;
  connections: number;
  requests: number;
  non2xx: number;
  errors: number;
  throughputRps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Share of the machine's CPU time in use while measuring: server, database and autocannon. */
  machineCpuBusyPercent: number;
  /**
   * Share of the machine's CPU time the hypervisor gave to other guests (Linux "steal"): on a
   * shared host this says how much of the 2 cores the run really had. Null where not reported.
   */
  machineCpuStealPercent: number | null;
  /**
   * Busy CPU time of the whole machine per response (server, database and load generator; clock
   * ticks of 10 ms): what one response costs this machine, whatever answers it.
   */
  machineCpuMsPerRequest: number | null;
  /** CPU time the app server process spent per response. */
  serverCpuMsPerRequest: number | null;
  /** Bytes per response (headers and body, uncompressed: autocannon asks for no encoding). */
  bytesPerResponse: number;
  /** Reference points say where the time goes; only the pages the issue names are judged. */
  judged: boolean;
  withinBudget: boolean;
}

/** Busy, stolen and total CPU time of all cores so far, in clock ticks (ms where /proc is absent). */
function machineCpu(): { busy: number; steal: number | null; total: number } {
  try {
    // user nice system idle iowait irq softirq steal …
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number) as [number, number, number, number, number, number, number, number];
    return {
      busy: user + nice + system + irq + softirq,
      steal,
      total: user + nice + system + idle + iowait + irq + softirq + steal,
    };
  } catch {
    let busy = 0;
    let total = 0;
    for (const { times } of os.cpus()) {
      const all = times.user + times.nice + times.sys + times.irq + times.idle;
      total += all;
      busy += all - times.idle;
    }
    return { busy, steal: null, total };
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(
  base: string,
  cookies: string[],
  name: string,
  path: string,
  {
    serverPid,
    judged = true,
    clients = connections,
    duration = durationSeconds,
    warmup = 3,
  }: {
    serverPid: number | undefined;
    judged?: boolean;
    clients?: number;
    duration?: number;
    warmup?: number;
  },
): Promise<EndpointResult> {
  const run = (duration: number, latencies?: number[]) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      let next = 0;
      const instance = autocannon(
        {
          url: `${base}${path}`,
          connections: clients,
          duration,
          // Each connection is one employer's browser: its own session cookie.
          setupClient: (client) => {
            if (cookies.length > 0)
              client.setHeaders({ cookie: cookies[next++ % cookies.length]! });
          },
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      // autocannon's summary has p50/p97.5 but no p95: keep every response time instead.
      if (latencies) instance.on("response", (_c, _s, _b, ms) => latencies.push(ms));
    });
  if (warmup > 0) await run(warmup); // warm-up: module loading, the database's caches and JIT
  const latencies: number[] = [];
  const cpuBefore = machineCpu();
  const serverBefore = processTreeCpuMs(serverPid);
  const result = await run(duration, latencies);
  const cpuAfter = machineCpu();
  const serverAfter = processTreeCpuMs(serverPid);
  latencies.sort((a, b) => a - b);
  const p95 = percentile(latencies, 95);
  const out = {
    name,
    path,
    connections: clients,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    throughputRps: Number(result.requests.average.toFixed(1)),
    p50Ms: Number(percentile(latencies, 50).toFixed(1)),
    p95Ms: Number(p95.toFixed(1)),
    p99Ms: Number(percentile(latencies, 99).toFixed(1)),
    machineCpuBusyPercent: Math.round(
      (100 * (cpuAfter.busy - cpuBefore.busy)) / (cpuAfter.total - cpuBefore.total),
    ),
    machineCpuStealPercent:
      cpuAfter.steal === null || cpuBefore.steal === null
        ? null
        : Math.round(
            (100 * (cpuAfter.steal - cpuBefore.steal)) / (cpuAfter.total - cpuBefore.total),
          ),
    machineCpuMsPerRequest:
      result.requests.total === 0
        ? null
        : Number((((cpuAfter.busy - cpuBefore.busy) * 10) / result.requests.total).toFixed(2)),
    serverCpuMsPerRequest:
      serverBefore === null || serverAfter === null || result.requests.total === 0
        ? null
        : Number(((serverAfter - serverBefore) / result.requests.total).toFixed(2)),
    bytesPerResponse:
      result.requests.total === 0 ? 0 : Math.round(result.throughput.total / result.requests.total),
    judged,
    withinBudget: false,
  };
  out.withinBudget = out.non2xx === 0 && out.errors === 0;
  console.log(`measured ${path}`);
  return out;
}

/**
 * How fast this machine's cores are right now, in ms for a fixed piece of JavaScript (best of 5).
 * The same code measured on two days can differ threefold on a shared host even with little
 * steal (a busy sibling hyper-thread is not counted as steal), so runs are compared with this.
 */
function cpuCalibrationMs(): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    let x = 0;
    for (let i = 0; i < 50_000_000; i++) x += i % 7;
    if (x < 0) throw new Error("unreachable");
    best = Math.min(best, performance.now() - start);
  }
  return Math.round(best);
}

/**
 * One page per kind of search term, since each takes its own plan: a term the planner misjudges
 * costs in proportion to the organisation's history (a reference prefix once read all 100,000
 * rows to find none). The seed's references run REF-000003… for the 1,000 organisations,
 * REF-1000xx for the small growth organisation and REF-101xxx…REF-200xxx for the large one, so
 * `ref-0` matches none in either; OCC- codes are OCC-0 and four base-36 characters. A name is one
 * of 20 first and 20 last names: a last name is common (1 in 20), a full name rare (1 in 400).
 * A full reference exists in each organisation, so it is its own per organisation.
 */
const growthPages: { name: string; path: string | Record<"small" | "large", string> }[] = [
  { name: "employer dashboard", path: "/employer-dashboard" },
  { name: "referral list, first page", path: "/employer-referrals" },
  { name: "referral list, searched: common name", path: "/employer-referrals?q=smith" },
  { name: "referral list, searched: rare name", path: "/employer-referrals?q=priya+okafor" },
  { name: "referral list, searched: REF prefix, none", path: "/employer-referrals?q=ref-0" },
  { name: "referral list, searched: REF prefix, some", path: "/employer-referrals?q=REF-1005" },
  { name: "referral list, searched: OCC prefix", path: "/employer-referrals?q=occ-0" },
  {
    name: "referral list, searched: full reference",
    path: { small: "/employer-referrals?q=REF-100500", large: "/employer-referrals?q=REF-150000" },
  },
  { name: "referral list, searched: no match", path: "/employer-referrals?q=zzqx" },
];
/** BENCH_ONLY=growth measures the growth pages alone (no capacity rows, no floor). */
const growthOnly = process.env.BENCH_ONLY === "growth";
const growthRounds = 3;
const floorPages = [
  { name: "employer dashboard", path: "/employer-dashboard" },
  {
    name: "referral list, searched and filtered",
    path: "/employer-referrals?q=smith&status=complete",
  },
];
const floorRounds = 2;
const floorSeconds = Number(process.env.BENCH_FLOOR_DURATION ?? 6);
const floorBudgetRatio = 2;

interface GrowthResult {
  page: string;
  path: string;
  small: EndpointResult;
  large: EndpointResult;
  /** Median response time at 100,000 referrals over that at 1,000 (goal ≤ 1.5). */
  p50Ratio: number;
  serverCpuRatio: number | null;
  withinBudget: boolean;
}

interface FloorResult {
  page: string;
  path: string;
  product: EndpointResult;
  floor: EndpointResult;
  productOneConnection: EndpointResult;
  floorOneConnection: EndpointResult;
  /** The machine's CPU per product response over the floor's (goal ≤ 2). */
  machineCpuRatio: number | null;
  serverCpuRatio: number | null;
  throughputRatio: number | null;
  /** p95 at one connection, product over floor (goal ≤ 2). */
  oneConnectionP95Ratio: number | null;
  withinBudget: boolean;
}

/**
 * Rounds of the same measurement as one: requests summed, times and CPU per response weighted by
 * requests, percentiles the median of the rounds'.
 */
function combine(rounds: EndpointResult[]): EndpointResult {
  const first = rounds[0]!;
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  const weighted = (field: "machineCpuMsPerRequest" | "serverCpuMsPerRequest") =>
    rounds.some((r) => r[field] === null)
      ? null
      : Number((rounds.reduce((n, r) => n + r[field]! * r.requests, 0) / requests).toFixed(2));
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return {
    ...first,
    requests,
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    throughputRps: Number(median(rounds.map((r) => r.throughputRps)).toFixed(1)),
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p95Ms: median(rounds.map((r) => r.p95Ms)),
    p99Ms: median(rounds.map((r) => r.p99Ms)),
    machineCpuBusyPercent: median(rounds.map((r) => r.machineCpuBusyPercent)),
    machineCpuStealPercent: rounds.some((r) => r.machineCpuStealPercent === null)
      ? null
      : median(rounds.map((r) => r.machineCpuStealPercent!)),
    machineCpuMsPerRequest: weighted("machineCpuMsPerRequest"),
    serverCpuMsPerRequest: weighted("serverCpuMsPerRequest"),
  };
}

/** The server process and its children (a cluster's workers), from Linux /proc. */
function processTree(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  const ids = [pid];
  try {
    for (const id of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(id) || id === String(pid)) continue;
      try {
        const status = fs.readFileSync(`/proc/${id}/status`, "utf8");
        if (/^PPid:\s+(\d+)/m.exec(status)?.[1] === String(pid)) ids.push(Number(id));
      } catch {
        // the process ended while we looked
      }
    }
  } catch {
    // no /proc: not Linux
  }
  return ids;
}

/** Resident memory (RSS) of these processes together, in MB (Linux /proc; 0 elsewhere). */
function residentMb(ids: number[]): number {
  let kb = 0;
  for (const id of ids) {
    try {
      const status = fs.readFileSync(`/proc/${id}/status`, "utf8");
      kb += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
      // the process ended
    }
  }
  return Math.round(kb / 1024);
}

/**
 * The server's memory: idle once every process answers, before anyone signs in, and the peak
 * while the bench loads it, sampled every 250 ms from the first sign-in to the last request.
 * The processes are listed once, so a sample reads a few small files and costs the load
 * generator (this process) next to nothing.
 */
const memorySampleMs = 250;
function memoryWatch(pid: number | undefined) {
  const ids = processTree(pid);
  const figures = { idleMb: residentMb(ids), peakUnderLoadMb: 0, samples: 0 };
  let timer: NodeJS.Timeout | undefined;
  const sample = () => {
    figures.peakUnderLoadMb = Math.max(figures.peakUnderLoadMb, residentMb(ids));
    figures.samples += 1;
  };
  return {
    figures,
    start() {
      sample();
      timer = setInterval(sample, memorySampleMs);
    },
    stop() {
      clearInterval(timer);
      sample();
    },
  };
}

await ensureBuild();
// This machine is shared: the load around the run says how much of its 2 cores the server had.
const loadAtStart = os.loadavg();
const calibrationAtStart = cpuCalibrationMs();
const database = await freshDatabase();
const results: EndpointResult[] = [];
const growth: GrowthResult[] = [];
const floorComparison: FloorResult[] = [];
/** From spawning the server to every process answering (migrations already done by the seed). */
const startup = { readyMs: 0 };
let loadEnds = () => {};
let memory = { idleMb: 0, peakUnderLoadMb: 0, samples: 0 };
try {
  const emails = await seed(database.location);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_PROFILE=<dir> writes the server's CPU profile there when it stops, to see where time goes.
  const profile = process.env.BENCH_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
    : [];
  const spawnedAt = performance.now();
  const server = spawn(path.join(root, "node_modules/.bin/node"), [...profile, "server/main.ts"], {
    cwd: root,
    env: {
      ...productionServerEnv(port, base),
      // The seeded invitations have no tokens and no one to e-mail: the reminder and SLA jobs
      // would only add noise. In production a worker process can run them apart from the web.
      JOBS: "off",
      ...database.serverEnv,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Said once every server process listens (a cluster's workers start one, then the rest).
  const running = new Promise<void>((resolve) => {
    let output = "";
    server.stdout?.on("data", (chunk) => {
      output += chunk;
      if (output.includes("ReferOH is running")) resolve();
    });
  });
  try {
    await waitFor(`${base}/healthz`, 90_000);
    await running;
    startup.readyMs = Math.round(performance.now() - spawnedAt);
    const watch = memoryWatch(server.pid);
    memory = watch.figures;
    watch.start();
    loadEnds = () => watch.stop();
    const cookies: string[] = [];
    for (const email of emails) cookies.push(await signIn(base, email));
    const growthCookies = {
      small: await signIn(base, growthOrganisations.small.email),
      large: await signIn(base, growthOrganisations.large.email),
    };
    if (!growthOnly) {
      // Capacity at 20 connections: recorded for comparison with earlier runs; the budgets are the
      // ratios below (docs/architecture.md §7).
      const reference = { serverPid: server.pid, judged: false };
      results.push(
        await measure(base, cookies, "employer dashboard", "/employer-dashboard", reference),
      );
      results.push(
        await measure(
          base,
          cookies,
          "referral list, searched and filtered",
          "/employer-referrals?q=smith&status=complete",
          reference,
        ),
      );
      results.push(
        await measure(
          base,
          cookies,
          "referral list, searched",
          "/employer-referrals?q=ref-0",
          reference,
        ),
      );
      // Where the time goes: the dashboard's data alone (what a client-side navigation fetches:
      // session, queries, no rendering), and a server-rendered page with no session and no query.
      results.push(
        await measure(
          base,
          cookies,
          "reference: dashboard data without rendering",
          "/employer-dashboard.data",
          reference,
        ),
      );
      results.push(
        await measure(
          base,
          [],
          "reference: server-rendered page, no session or database",
          "/contact",
          reference,
        ),
      );
    }

    // Growth: the same pages for an organisation of 1,000 and one of 100,000 referrals, at one
    // connection, alternating so both see the same host.
    for (const page of growthPages) {
      const pathOf = (size: "small" | "large") =>
        typeof page.path === "string" ? page.path : page.path[size];
      const runs = { small: [] as EndpointResult[], large: [] as EndpointResult[] };
      for (let round = 0; round < growthRounds; round++)
        for (const size of ["small", "large"] as const)
          runs[size].push(
            await measure(base, [growthCookies[size]], `${page.name}, ${size}`, pathOf(size), {
              serverPid: server.pid,
              judged: false,
              clients: 1,
              duration: 4,
              warmup: round === 0 ? 2 : 0,
            }),
          );
      const small = combine(runs.small);
      const large = combine(runs.large);
      const ratio = Number((large.p50Ms / small.p50Ms).toFixed(2));
      growth.push({
        page: page.name,
        path: typeof page.path === "string" ? page.path : `${page.path.small} | ${page.path.large}`,
        small,
        large,
        p50Ratio: ratio,
        serverCpuRatio:
          small.serverCpuMsPerRequest && large.serverCpuMsPerRequest
            ? Number((large.serverCpuMsPerRequest / small.serverCpuMsPerRequest).toFixed(2))
            : null,
        withinBudget: ratio <= growthBudgetRatio && large.non2xx + small.non2xx === 0,
      });
    }

    // The floor: the same SQL through raw pg, plus JSON, one process per core (PostgreSQL only:
    // PGlite lives inside the server's own process, so nothing else can query it).
    if (database.location.kind === "postgres" && !growthOnly) {
      const floorPort = port + 1;
      const floor = spawn(
        path.join(root, "node_modules/.bin/node"),
        ["scripts/lib/bench-floor.ts"],
        {
          cwd: root,
          env: {
            ...process.env,
            DATABASE_URL: database.location.url,
            PORT: String(floorPort),
            WEB_CONCURRENCY: database.serverEnv.WEB_CONCURRENCY,
          },
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      try {
        await new Promise<void>((resolve, reject) => {
          let output = "";
          floor.stdout?.on("data", (chunk) => {
            output += chunk;
            if (output.includes("floor listening")) resolve();
          });
          floor.once("exit", (code) => reject(new Error(`the floor server exited with ${code}`)));
        });
        const floorBase = `http://127.0.0.1:${floorPort}`;
        for (const page of floorPages) {
          const runs = {
            product: [] as EndpointResult[],
            floor: [] as EndpointResult[],
            productOne: [] as EndpointResult[],
            floorOne: [] as EndpointResult[],
          };
          for (let round = 0; round < floorRounds; round++) {
            const options = (pid: number | undefined, clients: number) => ({
              serverPid: pid,
              judged: false,
              clients,
              duration: floorSeconds,
              warmup: round === 0 ? 2 : 0,
            });
            runs.product.push(
              await measure(base, cookies, page.name, page.path, options(server.pid, connections)),
            );
            runs.floor.push(
              await measure(floorBase, cookies, `floor: ${page.name}`, page.path, {
                ...options(floor.pid, connections),
              }),
            );
            runs.productOne.push(
              await measure(base, cookies, page.name, page.path, options(server.pid, 1)),
            );
            runs.floorOne.push(
              await measure(floorBase, cookies, `floor: ${page.name}`, page.path, {
                ...options(floor.pid, 1),
              }),
            );
          }
          const product = combine(runs.product);
          const floorResult = combine(runs.floor);
          const productOne = combine(runs.productOne);
          const floorOne = combine(runs.floorOne);
          const ratio = (a: number | null, b: number | null) =>
            a && b ? Number((a / b).toFixed(2)) : null;
          const cpuRatio = ratio(
            product.machineCpuMsPerRequest,
            floorResult.machineCpuMsPerRequest,
          );
          const p95Ratio = ratio(productOne.p95Ms, floorOne.p95Ms);
          floorComparison.push({
            page: page.name,
            path: page.path,
            product,
            floor: floorResult,
            productOneConnection: productOne,
            floorOneConnection: floorOne,
            machineCpuRatio: cpuRatio,
            serverCpuRatio: ratio(product.serverCpuMsPerRequest, floorResult.serverCpuMsPerRequest),
            throughputRatio: ratio(product.throughputRps, floorResult.throughputRps),
            oneConnectionP95Ratio: p95Ratio,
            withinBudget:
              cpuRatio !== null &&
              p95Ratio !== null &&
              cpuRatio <= floorBudgetRatio &&
              p95Ratio <= floorBudgetRatio,
          });
        }
      } finally {
        floor.kill("SIGTERM");
        await new Promise((r) => floor.once("exit", r));
      }
    }
  } finally {
    loadEnds();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
} finally {
  // BENCH_KEEP_DATA=1 leaves the seeded database for EXPLAIN ANALYZE afterwards, and says how to
  // serve it again (its encrypted columns need the run's keys).
  if (process.env.BENCH_KEEP_DATA === "1")
    console.log(
      `kept the database: ${JSON.stringify(database.location)}; employers bench-employer-1…${measuredOrganisations}@example.org, password ${password}\nserve it with: ${Object.entries(
        database.serverEnv,
      )
        .map(([name, value]) => `${name}='${value}'`)
        .join(" ")} NODE_ENV=production node server/main.ts`,
    );
  else await database.drop();
}

const out = {
  measuredAt: new Date().toISOString(),
  tool: `autocannon; capacity rows ${connections} connections, ${durationSeconds} s after a 3 s warm-up; growth ${growthRounds} alternating rounds of 4 s at 1 connection; floor ${floorRounds} alternating rounds of ${floorSeconds} s`,
  database: process.env.DATABASE_URL ? "postgres" : "pglite",
  data: {
    organisations,
    referrals,
    signedInEmployers: measuredOrganisations,
    growthOrganisations: {
      small: growthOrganisations.small.referrals,
      large: growthOrganisations.large.referrals,
    },
  },
  cpus: os.cpus().length,
  serverProcesses: Number(database.serverEnv.WEB_CONCURRENCY),
  cpuCalibrationMs: { atStart: calibrationAtStart, atEnd: cpuCalibrationMs() },
  loadAverage: {
    atStart: loadAtStart.map((l) => Number(l.toFixed(2))),
    atEnd: os.loadavg().map((l) => Number(l.toFixed(2))),
  },
  // docs/architecture.md §7: budgets are ratios measured in this run.
  budgets: {
    growthP50Ratio: growthBudgetRatio,
    floorMachineCpuRatio: floorBudgetRatio,
    floorOneConnectionP95Ratio: floorBudgetRatio,
  },
  startup: {
    ...startup,
    residentMb: {
      idle: memory.idleMb,
      peakUnderLoad: memory.peakUnderLoadMb,
      sampledEveryMs: memorySampleMs,
      samples: memory.samples,
    },
  },
  growth,
  floor:
    floorComparison.length > 0
      ? floorComparison
      : "not measured: PGlite runs inside the server's process, so no other process can query it",
  endpoints: results,
};
fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
// PGlite (the default, `npm start`'s database) and PostgreSQL (DATABASE_URL) each keep their figures.
// A growth-only run keeps its own file, so it never overwrites a full run's capacity figures.
const resultFile = `api${growthOnly ? "-growth" : ""}${process.env.DATABASE_URL ? "-postgres" : ""}.json`;
fs.writeFileSync(path.join(root, "bench/results", resultFile), `${JSON.stringify(out, null, 2)}\n`);

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `\n${pad("path", 46)}${pad("conns", 7)}${pad("p50 ms", 9)}${pad("p95 ms", 9)}${pad("p99 ms", 9)}${pad("req/s", 9)}${pad("non-2xx", 9)}${pad("cpu %", 7)}${pad("steal %", 9)}${pad("srv ms", 8)}${pad("mach ms", 9)}KB`,
);
for (const r of results)
  console.log(
    `${pad(r.path, 46)}${pad(r.connections, 7)}${pad(r.p50Ms, 9)}${pad(r.p95Ms, 9)}${pad(r.p99Ms, 9)}${pad(r.throughputRps, 9)}${pad(r.non2xx + r.errors, 9)}${pad(r.machineCpuBusyPercent, 7)}${pad(r.machineCpuStealPercent ?? "-", 9)}${pad(r.serverCpuMsPerRequest ?? "-", 8)}${pad(r.machineCpuMsPerRequest ?? "-", 9)}${(r.bytesPerResponse / 1024).toFixed(1)}`,
  );
console.log(
  `\ngrowth, 1 connection: ${growthOrganisations.small.referrals.toLocaleString("en-GB")} → ${growthOrganisations.large.referrals.toLocaleString("en-GB")} referrals (goal ≤ ${growthBudgetRatio}×)`,
);
for (const g of growth)
  console.log(
    `  ${pad(g.page, 48)}p50 ${pad(`${g.small.p50Ms} → ${g.large.p50Ms} ms`, 20)}${pad(`${g.p50Ratio}×`, 8)}server CPU ${pad(`${g.small.serverCpuMsPerRequest} → ${g.large.serverCpuMsPerRequest} ms`, 20)}${g.withinBudget ? "ok" : "OVER"}`,
  );
if (floorComparison.length > 0) {
  console.log(`\nagainst the floor (raw pg + JSON, same SQL; goal ≤ ${floorBudgetRatio}×)`);
  for (const f of floorComparison)
    console.log(
      `  ${pad(f.page, 40)}machine CPU/response ${pad(`${f.product.machineCpuMsPerRequest} vs ${f.floor.machineCpuMsPerRequest} ms`, 20)}${pad(`${f.machineCpuRatio}×`, 8)}p95 at 1 conn ${pad(`${f.productOneConnection.p95Ms} vs ${f.floorOneConnection.p95Ms} ms`, 20)}${pad(`${f.oneConnectionP95Ratio}×`, 8)}${f.withinBudget ? "ok" : "OVER"}`,
    );
} else console.log(`\nfloor: ${out.floor}`);
console.log(
  `\nready ${startup.readyMs} ms after spawning; resident memory (RSS) ${memory.idleMb} MB idle after start, ${memory.peakUnderLoadMb} MB at its peak under load; ${out.serverProcesses} server process(es); written to bench/results/${resultFile}`,
);
console.log(
  `CPU calibration (lower is faster): ${out.cpuCalibrationMs.atStart} ms at start, ${out.cpuCalibrationMs.atEnd} ms at end`,
);
if (growth.some((g) => !g.withinBudget) || floorComparison.some((f) => !f.withinBudget))
  process.exitCode = 1;
