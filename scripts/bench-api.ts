import { type ChildProcess, spawn } from "node:child_process";
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
import { buildBareReactRouter } from "./lib/bare-react-router.ts";
import type { FloorPage, LoggedStatement } from "./lib/bench-floor.ts";
import { ensureBuild } from "./lib/build.ts";
import { countClinicalFromScratch } from "./lib/count-clinical.ts";
import { freePort, productionServerEnv, signInThroughForm } from "./lib/local-server.ts";
import {
  machineCpu,
  processCpuMs,
  processesCpuMs,
  processTree,
  residentMb,
} from "./lib/process-stats.ts";
import { hashedMix } from "./lib/seed-mix.ts";

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
/**
 * BENCH_REFERRALS=<n> seeds fewer (for a quicker floor or start-up run on a busy host: those
 * pages read by key, so their cost does not follow the count); growth needs the default.
 */
const referrals = Number(process.env.BENCH_REFERRALS ?? 100_000);
/**
 * Two organisations alone with 1,000 and 100,000 referrals: the same pages for each, at one
 * connection, say whether a page's cost grows with the organisation's history (goal ≤ 1.5×).
 */
const growthOrganisations = {
  small: { id: "bench-growth-small", referrals: 1_000, email: "bench-small@example.org" },
  large: { id: "bench-growth-large", referrals, email: "bench-large@example.org" },
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
/**
 * The seeded status mix, each status with the cumulative percentage it stops below. The submitted
 * and completed times in insertReferrals read the same draw: from in_progress's 31 up to
 * withheld's 90 a case was answered, and from awaiting_subject's 45 to complete's 89 released.
 */
const referralStatusMix = hashedMix(
  "status",
  [
    ["draft", 5],
    ["awaiting_payment", 8],
    ["invited", 23],
    ["in_progress", 31],
    ["submitted", 36],
    ["in_review", 41],
    ["awaiting_subject", 45],
    ["complete", 89],
    ["withheld", 90],
    ["declined", 92],
    ["cancelled", 97],
  ],
  "expired",
);

async function insertReferrals(db: Database, organisationId: SQL, from: number, to: number) {
  await db.execute(sql`
    insert into referral (
      reference, organisation_id, type, status, subject_name, subject_email, job_role,
      conditional_offer_date, reason, employer_consent_confirmed, created_by, owner_id, created_at, updated_at,
      member_turnaround, submitted_at, completed_at
    )
    select
      case when g % 3 = 0 then 'REF-' || lpad(g::text, 6, '0')
        else 'OCC-' || (select string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', (g / (36 ^ k)::int) % 36 + 1, 1), '' order by k desc) from generate_series(0, 4) k)
      end,
      ${organisationId},
      case when g % 3 = 0 then 'management' else 'pre_employment' end,
      ${referralStatusMix},
      (${arrayLiteral(firstNames)})[1 + abs(hashtext('first' || g)) % ${firstNames.length}] || ' ' || (${arrayLiteral(lastNames)})[1 + abs(hashtext('last' || g)) % ${lastNames.length}],
      'subject' || g || '@example.org',
      case when g % 3 <> 0 then (${arrayLiteral(jobRoles)})[1 + abs(hashtext('role' || g)) % ${jobRoles.length}] end,
      case when g % 3 <> 0 then current_date - (g % 700) end,
      case when g % 3 = 0 then (${arrayLiteral(sealedReasons)})[1 + abs(hashtext('reason' || g)) % ${sealedReasons.length}] end,
      g % 3 = 0,
      'bench',
      'bench',
      now() - make_interval(mins => (g * 10) % 1051200),
      now() - make_interval(mins => (g * 10) % 1051200),
      -- Answered two days after the referral and, when complete, released 1 to 60 hours later:
      -- what the insight page's turnaround counts.
      g % 2 = 0,
      case when abs(hashtext('status' || g)) % 100 >= 31 and abs(hashtext('status' || g)) % 100 < 90
        then now() - make_interval(mins => (g * 10) % 1051200) + interval '2 days' end,
      case when abs(hashtext('status' || g)) % 100 >= 45 and abs(hashtext('status' || g)) % 100 < 89
        then now() - make_interval(mins => (g * 10) % 1051200) + interval '2 days' + make_interval(hours => 1 + g % 60) end
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
    await db.execute(sql`alter table referral disable trigger insight_referral_insert_delete`);
    await db.execute(sql`alter table referral disable trigger clinical_referral_insert_delete`);
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
    await db.execute(sql`alter table referral enable trigger insight_referral_insert_delete`);
    await db.execute(sql`alter table referral enable trigger clinical_referral_insert_delete`);
    await db.execute(sql`
      insert into organisation_referral_count (organisation_id, status, referrals)
      select organisation_id, status, count(*) from referral group by organisation_id, status`);
    // The insight counts, as their migration counts what is already there (drizzle/*_insight_counts_triggers.sql).
    await db.execute(sql`
      insert into insight_count (organisation_id, owner_id, month, measure, key, value)
      select r.organisation_id, x.owner_id, x.month, x.measure, x.key, sum(x.value)::integer
      from referral r, insight_referral_contribution(r) x
      group by 1, 2, 3, 4, 5`);
    // And the clinical lead's (drizzle/*_clinical_counts_triggers.sql).
    await countClinicalFromScratch(db);
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
  /** PostgreSQL only, where asked: CPU time of the backends serving this server's connections. */
  databaseCpuMsPerRequest: number | null;
  /** Bytes per response (headers and body, uncompressed: autocannon asks for no encoding). */
  bytesPerResponse: number;
  /** Reference points say where the time goes; only the pages the issue names are judged. */
  judged: boolean;
  withinBudget: boolean;
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
    databasePids,
  }: {
    serverPid: number | undefined;
    /** The PostgreSQL backends to count, listed after the warm-up has opened the connections. */
    databasePids?: () => Promise<number[]>;
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
  const backends = databasePids ? await databasePids() : null;
  const cpuBefore = machineCpu();
  const serverBefore = processCpuMs(serverPid);
  const databaseBefore = backends ? processesCpuMs(backends) : null;
  const result = await run(duration, latencies);
  const cpuAfter = machineCpu();
  const serverAfter = processCpuMs(serverPid);
  const databaseAfter = backends ? processesCpuMs(backends) : null;
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
    databaseCpuMsPerRequest:
      databaseBefore === null || databaseAfter === null || result.requests.total === 0
        ? null
        : Number(((databaseAfter - databaseBefore) / result.requests.total).toFixed(2)),
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
  // Management information over a year: it reads the maintained monthly counts, not the history.
  { name: "insight page, 12 months", path: "/employer-insight?period=12" },
  { name: "insight page (.data), 12 months", path: "/employer-insight.data?period=12" },
];
/**
 * BENCH_ONLY=growth measures the growth pages alone (no capacity rows, no floor);
 * BENCH_ONLY=floor the floor and the start-up alone (no capacity rows, no growth).
 */
const growthOnly = process.env.BENCH_ONLY === "growth";
const floorOnly = process.env.BENCH_ONLY === "floor";
const growthRounds = 3;
/**
 * The pages judged against the like-for-like floor (raw driver plus renderToString of a page of
 * the same shape), and the dashboard's `.data` (what a client-side navigation fetches) against
 * its JSON floor: the same statements, JSON.stringify.
 */
const floorPages = [
  { name: "employer dashboard", path: "/employer-dashboard", floor: "page", budget: 2 },
  {
    name: "referral list, searched and filtered",
    path: "/employer-referrals?q=smith&status=complete",
    floor: "page",
    budget: 2,
  },
  {
    name: "employer dashboard data",
    path: "/employer-dashboard.data",
    floor: "json",
    budget: 3,
  },
] as const;
const floorRounds = 2;
const floorSeconds = Number(process.env.BENCH_FLOOR_DURATION ?? 6);

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
  /** "page": raw driver plus renderToString of a page of the same shape; "json": JSON.stringify. */
  floorKind: "page" | "json";
  /** What the floor replays: the product's statements for this address, from its query log. */
  statements: {
    count: number;
    /** Statements sent by name, so prepared once per connection (none: all unnamed). */
    prepared: number;
    /** Round trips: statements the product had in flight together count once. */
    roundTrips: number;
    log: { round: number; name?: string; rowMode?: string; text: string; values: unknown[] }[];
  };
  /** The product page's shape, which the floor's rendered page copies. */
  pageShape: { elements: number; bytes: number } | null;
  product: EndpointResult;
  floor: EndpointResult;
  productOneConnection: EndpointResult;
  floorOneConnection: EndpointResult;
  /** The product's server processes' CPU per response (PGlite: the database is inside them). */
  productServerCpuMsPerResponse: number | null;
  floorServerCpuMsPerResponse: number | null;
  /** The goal: product over floor, server CPU per response, at most `budget`. */
  productToFloorServerCpuRatio: number | null;
  /**
   * The framework floor: the same statements and page shape served by a bare React Router server
   * (scripts/lib/bench-floor.ts, FLOOR_REACT_ROUTER_BUILD): what React Router itself adds to the
   * floor, and what the product adds beyond React Router.
   */
  frameworkFloor: EndpointResult;
  frameworkFloorServerCpuMsPerResponse: number | null;
  frameworkFloorDatabaseCpuMsPerResponse: number | null;
  frameworkFloorToFloorServerCpuRatio: number | null;
  productToFrameworkFloorServerCpuRatio: number | null;
  /** PostgreSQL only: its backends' CPU per response for the product's and the floor's connections. */
  productDatabaseCpuMsPerResponse: number | null;
  floorDatabaseCpuMsPerResponse: number | null;
  productToFloorDatabaseCpuRatio: number | null;
  /** The whole machine's busy CPU per response (server, database and load generator). */
  productToFloorMachineCpuRatio: number | null;
  throughputRatio: number | null;
  /** p95 at one connection, product over floor. */
  oneConnectionP95Ratio: number | null;
  budget: number;
  withinBudget: boolean;
}

/**
 * Rounds of the same measurement as one: requests summed, times and CPU per response weighted by
 * requests, percentiles the median of the rounds'.
 */
function combine(rounds: EndpointResult[]): EndpointResult {
  const first = rounds[0]!;
  const requests = rounds.reduce((n, r) => n + r.requests, 0);
  const weighted = (
    field: "machineCpuMsPerRequest" | "serverCpuMsPerRequest" | "databaseCpuMsPerRequest",
  ) => {
    // A round in which nothing was answered (a saturated host) has no figure, and no weight.
    const measured = rounds.filter((r) => r[field] !== null && r.requests > 0);
    const answered = measured.reduce((n, r) => n + r.requests, 0);
    return answered === 0
      ? null
      : Number((measured.reduce((n, r) => n + r[field]! * r.requests, 0) / answered).toFixed(2));
  };
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
    databaseCpuMsPerRequest: weighted("databaseCpuMsPerRequest"),
  };
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

/** The floor's PostgreSQL connections say who they are, so their backends' CPU is told apart. */
const floorApplicationName = "referoh-bench-floor";
const frameworkFloorApplicationName = "referoh-bench-framework-floor";

interface RunningServer {
  process: ChildProcess;
  base: string;
  /** From spawning to a healthy /healthz (and, for the product, every process announced). */
  readyMs: number;
  /** CPU time the server's processes spent until then: steadier than readyMs on a busy host. */
  cpuMsAtReady: number | null;
}

/** Polls every 20 ms: a 250 ms poll would blur start-ups that take a second or two. */
async function untilHealthy(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      const health = response.ok ? ((await response.json()) as { status?: string }) : null;
      if (health?.status === "ok") return;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`server did not answer ${url}`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Starts the production build on the run's database. `preload` adds Node flags before the
 * entry (the query log); `env` overrides the run's settings (one process for a start-up round).
 */
async function startProduct(
  serverEnv: Record<string, string>,
  { env = {}, nodeFlags = [] }: { env?: Record<string, string>; nodeFlags?: string[] } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const child = spawn(path.join(root, "node_modules/.bin/node"), [...nodeFlags, "server/main.ts"], {
    cwd: root,
    env: {
      ...productionServerEnv(port, base),
      // The seeded invitations have no tokens and no one to e-mail: the reminder and SLA jobs
      // would only add noise. In production a worker process can run them apart from the web.
      JOBS: "off",
      ...serverEnv,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Said once every server process listens (a cluster's workers start one, then the rest).
  const running = new Promise<void>((resolve) => {
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (output.includes("ReferOH is running")) resolve();
    });
  });
  try {
    await untilHealthy(`${base}/healthz`, child);
    await running;
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  return {
    process: child,
    base,
    readyMs: Math.round(performance.now() - spawnedAt),
    cpuMsAtReady: processCpuMs(child.pid),
  };
}

/** The bare React Router server (scripts/lib/bare-react-router.ts), started as the product is. */
async function startBare(dir: string): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const child = spawn(path.join(root, "node_modules/.bin/node"), ["server.js"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await untilHealthy(`${base}/healthz`, child);
  return {
    process: child,
    base,
    readyMs: Math.round(performance.now() - spawnedAt),
    cpuMsAtReady: processCpuMs(child.pid),
  };
}

interface CapturedPage {
  statements: LoggedStatement[];
  shape: { elements: number; bytes: number } | null;
}

/**
 * The product's statements for each floor address, from its query log: a server started for the
 * purpose with scripts/lib/bench-query-log.ts preloaded (the measured server runs without it),
 * one employer signed in, each address asked three times first so the session cache is as warm
 * as under load, then once more with the log's new lines taken as that address's statements.
 * A page's HTML gives the shape the floor renders: its elements and bytes.
 */
async function captureStatements(
  serverEnv: Record<string, string>,
  email: string,
): Promise<{ cookie: string; pages: Record<string, CapturedPage> }> {
  const log = path.join(os.tmpdir(), `referoh-bench-query-log-${process.pid}.jsonl`);
  fs.rmSync(log, { force: true });
  const server = await startProduct(serverEnv, {
    env: { BENCH_QUERY_LOG: log, WEB_CONCURRENCY: "1" },
    nodeFlags: ["--import", "./scripts/lib/bench-query-log.ts"],
  });
  try {
    const cookie = await signIn(server.base, email);
    const pages: Record<string, CapturedPage> = {};
    for (const page of floorPages) {
      const ask = async () => {
        const response = await fetch(`${server.base}${page.path}`, {
          headers: { cookie },
          redirect: "manual",
        });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
        return body;
      };
      for (let i = 0; i < 3; i++) await ask();
      const from = fs.existsSync(log) ? fs.statSync(log).size : 0;
      const body = await ask();
      const statements = fs
        .readFileSync(log)
        .subarray(from)
        .toString("utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LoggedStatement & { pid: number });
      pages[page.path] = {
        statements: statements.map(({ pid: _pid, ...statement }) => statement),
        shape:
          page.floor === "page"
            ? {
                elements: body.match(/<[a-zA-Z][a-zA-Z0-9-]*/g)?.length ?? 0,
                bytes: Buffer.byteLength(body),
              }
            : null,
      };
    }
    return { cookie, pages };
  } finally {
    await stopServer(server.process);
    fs.rmSync(log, { force: true });
  }
}

/** The floor server (scripts/lib/bench-floor.ts) on the run's database or a copy of it. */
async function startFloor(
  plan: Record<string, FloorPage>,
  databaseEnv: Record<string, string>,
  processes: string,
  /** The bare React Router server's folder: serve the framework floor through it. */
  reactRouterBuild?: string,
): Promise<RunningServer> {
  const planFile = path.join(
    os.tmpdir(),
    `referoh-bench-floor-plan-${process.pid}-${reactRouterBuild ? "framework" : "raw"}.json`,
  );
  fs.writeFileSync(planFile, JSON.stringify(plan));
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = spawn(path.join(root, "node_modules/.bin/node"), ["scripts/lib/bench-floor.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      FLOOR_PLAN: planFile,
      PORT: String(port),
      WEB_CONCURRENCY: processes,
      FLOOR_APPLICATION_NAME: reactRouterBuild
        ? frameworkFloorApplicationName
        : floorApplicationName,
      ...(reactRouterBuild ? { FLOOR_REACT_ROUTER_BUILD: reactRouterBuild } : {}),
      ...databaseEnv,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (output.includes("floor listening")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the floor server exited with ${code}`)));
  });
  // Every floor process has read it by the time they all listen.
  fs.rmSync(planFile, { force: true });
  return {
    process: child,
    base: `http://127.0.0.1:${port}`,
    readyMs: Math.round(performance.now() - spawnedAt),
    cpuMsAtReady: processCpuMs(child.pid),
  };
}

/**
 * The PostgreSQL backends serving one kind of connection to the run's database: the product's
 * (no application name) or the floor's (its own), read from pg_stat_activity.
 */
function backendLister(url: string) {
  const client = new pg.Client({ connectionString: url, application_name: "referoh-bench" });
  const connected = client.connect();
  return {
    of: (applicationName: string) => async () => {
      await connected;
      const { rows } = await client.query<{ pid: number }>(
        `select pid from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and application_name = $1`,
        [applicationName],
      );
      return rows.map((r) => r.pid);
    },
    end: () => connected.then(() => client.end()),
  };
}

interface StartupRound {
  server: "product" | "bare React Router";
  readyMs: number;
  cpuMsAtReady: number | null;
  residentMbIdle: number;
  residentMbPeakUnderLoad: number;
  residentMbAfterLoad: number;
}

/** Resident memory of a server idle a second after start, its peak under load and after it. */
async function memoryOf(
  server: RunningServer,
  cookies: string[],
  address: string,
): Promise<Omit<StartupRound, "server" | "readyMs" | "cpuMsAtReady">> {
  await new Promise((r) => setTimeout(r, 1_000));
  const idle = residentMb(processTree(server.process.pid));
  const watch = memoryWatch(server.process.pid);
  watch.start();
  await measure(server.base, cookies, address, address, {
    serverPid: server.process.pid,
    judged: false,
    duration: startLoadSeconds,
    warmup: 0,
  });
  watch.stop();
  return {
    residentMbIdle: idle,
    residentMbPeakUnderLoad: watch.figures.peakUnderLoadMb,
    residentMbAfterLoad: residentMb(processTree(server.process.pid)),
  };
}
const startRounds = 3;
const startLoadSeconds = 5;
const startBudgetRatio = 2;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ratioOf = (a: number | null | undefined, b: number | null | undefined) =>
  a && b ? Number((a / b).toFixed(2)) : null;

await ensureBuild();
// This machine is shared: the load around the run says how much of its 2 cores the server had.
const loadAtStart = os.loadavg();
const calibrationAtStart = cpuCalibrationMs();
const database = await freshDatabase();
const results: EndpointResult[] = [];
const growth: GrowthResult[] = [];
const floorComparison: FloorResult[] = [];
const startupRounds: StartupRound[] = [];
/** From spawning the server to every process answering (migrations already done by the seed). */
const startup = { readyMs: 0 };
let loadEnds = () => {};
let memory = { idleMb: 0, peakUnderLoadMb: 0, samples: 0 };
/**
 * The framework floor's own start, from spawn until it listens: a bare React Router server that
 * also opens the run's database through the same driver, the like-for-like start beside the
 * product's restart (docs/perf-notes-startup.md). One sample, taken as the floor starts.
 */
let frameworkFloorStart: {
  readyMs: number;
  cpuMsAtReady: number | null;
  processes: number;
} | null = null;
/** PGlite: the floors' copies of the seeded directory (one process per directory). */
const floorCopies: string[] = [];
// Built first, so a failure to build it ends the run before the long seed.
const bare = growthOnly ? null : buildBareReactRouter(root);
try {
  const emails = await seed(database.location);
  const captured = growthOnly ? null : await captureStatements(database.serverEnv, emails[0] ?? "");
  /** Where a floor finds the run's data: on PGlite a copy of its own. */
  const floorDatabaseEnv = (): Record<string, string> => {
    const location = database.location;
    if (location.kind === "postgres") return { DATABASE_URL: location.url };
    if (location.kind !== "pglite") throw new Error("the floors need a database on disk");
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-bench-floor-"));
    floorCopies.push(copy);
    fs.cpSync(path.join(location.dataDir, "db"), path.join(copy, "db"), {
      recursive: true,
    });
    return { FLOOR_PGLITE_DIR: path.join(copy, "db") };
  };

  // BENCH_PROFILE=<dir> writes the server's CPU profile there when it stops, to see where time goes.
  const profile = process.env.BENCH_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
    : [];
  const product = await startProduct(database.serverEnv, { nodeFlags: profile });
  const server = product.process;
  const base = product.base;
  try {
    startup.readyMs = product.readyMs;
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
    if (!growthOnly && !floorOnly) {
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
    for (const page of floorOnly ? [] : growthPages) {
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

    // The floor: the product's own statements for each address (its query log, captured above)
    // replayed through the raw driver, then a page of the same shape rendered by React, or the
    // rows as JSON for `.data`. Both answer the captured employer, alternating rounds.
    if (captured) {
      const plan: Record<string, FloorPage> = Object.fromEntries(
        floorPages.map((page) => {
          const { statements, shape } = captured.pages[page.path]!;
          return [page.path, { statements, ...(shape ? { html: shape } : {}) }];
        }),
      );
      const floorProcesses =
        database.location.kind === "postgres" ? database.serverEnv.WEB_CONCURRENCY! : "1";
      const floor = await startFloor(plan, floorDatabaseEnv(), floorProcesses);
      if (!bare) throw new Error("the framework floor needs the bare React Router server");
      const framework = await startFloor(plan, floorDatabaseEnv(), floorProcesses, bare);
      frameworkFloorStart = {
        readyMs: framework.readyMs,
        cpuMsAtReady: framework.cpuMsAtReady,
        processes: Number(floorProcesses),
      };
      const backends =
        database.location.kind === "postgres" ? backendLister(database.location.url) : null;
      try {
        for (const page of floorPages) {
          const runs = {
            product: [] as EndpointResult[],
            floor: [] as EndpointResult[],
            framework: [] as EndpointResult[],
            productOne: [] as EndpointResult[],
            floorOne: [] as EndpointResult[],
          };
          for (let round = 0; round < floorRounds; round++) {
            const options = (pid: number | undefined, clients: number, application: string) => ({
              serverPid: pid,
              judged: false,
              clients,
              duration: floorSeconds,
              warmup: round === 0 ? 2 : 0,
              databasePids: backends?.of(application),
            });
            const one = [captured.cookie];
            runs.product.push(
              await measure(base, one, page.name, page.path, options(server.pid, connections, "")),
            );
            runs.floor.push(
              await measure(floor.base, one, `floor: ${page.name}`, page.path, {
                ...options(floor.process.pid, connections, floorApplicationName),
              }),
            );
            runs.framework.push(
              await measure(framework.base, one, `framework floor: ${page.name}`, page.path, {
                ...options(framework.process.pid, connections, frameworkFloorApplicationName),
              }),
            );
            runs.productOne.push(
              await measure(base, one, page.name, page.path, options(server.pid, 1, "")),
            );
            runs.floorOne.push(
              await measure(floor.base, one, `floor: ${page.name}`, page.path, {
                ...options(floor.process.pid, 1, floorApplicationName),
              }),
            );
          }
          const productResult = combine(runs.product);
          const floorResult = combine(runs.floor);
          const frameworkResult = combine(runs.framework);
          const productOne = combine(runs.productOne);
          const floorOne = combine(runs.floorOne);
          const { statements, shape } = captured.pages[page.path]!;
          const cpuRatio = ratioOf(
            productResult.serverCpuMsPerRequest,
            floorResult.serverCpuMsPerRequest,
          );
          floorComparison.push({
            page: page.name,
            path: page.path,
            floorKind: page.floor,
            statements: {
              count: statements.length,
              prepared: statements.filter((s) => s.name).length,
              roundTrips: new Set(statements.map((s) => s.round)).size,
              log: statements.map(({ round, name, rowMode, text, values }) => ({
                round,
                name,
                rowMode,
                text,
                // The session's token is the bench's own, in a database dropped at the end, but a
                // token is not something to commit.
                values: values.map((v) =>
                  typeof v === "string" && v.length > 8 && captured.cookie.includes(v)
                    ? "<the captured session's token>"
                    : v,
                ),
              })),
            },
            pageShape: shape,
            product: productResult,
            floor: floorResult,
            productOneConnection: productOne,
            floorOneConnection: floorOne,
            productServerCpuMsPerResponse: productResult.serverCpuMsPerRequest,
            floorServerCpuMsPerResponse: floorResult.serverCpuMsPerRequest,
            productToFloorServerCpuRatio: cpuRatio,
            frameworkFloor: frameworkResult,
            frameworkFloorServerCpuMsPerResponse: frameworkResult.serverCpuMsPerRequest,
            frameworkFloorDatabaseCpuMsPerResponse: frameworkResult.databaseCpuMsPerRequest,
            frameworkFloorToFloorServerCpuRatio: ratioOf(
              frameworkResult.serverCpuMsPerRequest,
              floorResult.serverCpuMsPerRequest,
            ),
            productToFrameworkFloorServerCpuRatio: ratioOf(
              productResult.serverCpuMsPerRequest,
              frameworkResult.serverCpuMsPerRequest,
            ),
            productDatabaseCpuMsPerResponse: productResult.databaseCpuMsPerRequest,
            floorDatabaseCpuMsPerResponse: floorResult.databaseCpuMsPerRequest,
            productToFloorDatabaseCpuRatio: ratioOf(
              productResult.databaseCpuMsPerRequest,
              floorResult.databaseCpuMsPerRequest,
            ),
            productToFloorMachineCpuRatio: ratioOf(
              productResult.machineCpuMsPerRequest,
              floorResult.machineCpuMsPerRequest,
            ),
            throughputRatio: ratioOf(productResult.throughputRps, floorResult.throughputRps),
            oneConnectionP95Ratio: ratioOf(productOne.p95Ms, floorOne.p95Ms),
            budget: page.budget,
            withinBudget:
              cpuRatio !== null &&
              cpuRatio <= page.budget &&
              productResult.non2xx + floorResult.non2xx + frameworkResult.non2xx === 0,
          });
        }
      } finally {
        await backends?.end();
        await stopServer(floor.process);
        await stopServer(framework.process);
      }
    }
  } finally {
    loadEnds();
    await stopServer(server);
  }

  // Start-up and memory beside a bare React Router server, alternating which starts first: a
  // restart of the product (one process, the seeded database) until /healthz says ok, against
  // the bare server's start until its own /healthz answers; then each under the same load.
  if (captured && bare) {
    for (let round = 0; round < startRounds; round++) {
      const order =
        round % 2 === 0 ? (["product", "bare"] as const) : (["bare", "product"] as const);
      for (const which of order) {
        const running =
          which === "product"
            ? await startProduct(database.serverEnv, { env: { WEB_CONCURRENCY: "1" } })
            : await startBare(bare);
        try {
          const figures =
            which === "product"
              ? await memoryOf(running, [captured.cookie], "/employer-dashboard")
              : await memoryOf(running, [], "/");
          startupRounds.push({
            server: which === "product" ? "product" : "bare React Router",
            readyMs: running.readyMs,
            cpuMsAtReady: running.cpuMsAtReady,
            ...figures,
          });
        } finally {
          await stopServer(running.process);
        }
      }
    }
  }
} finally {
  if (bare) fs.rmSync(bare, { recursive: true, force: true });
  for (const copy of floorCopies) fs.rmSync(copy, { recursive: true, force: true });
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

const startupOf = (server: StartupRound["server"]) => {
  const rounds = startupRounds.filter((r) => r.server === server);
  return {
    readyMsMedian: median(rounds.map((r) => r.readyMs)),
    cpuMsAtReadyMedian: median(rounds.map((r) => r.cpuMsAtReady ?? Number.NaN)),
    residentMbIdleMedian: median(rounds.map((r) => r.residentMbIdle)),
    residentMbPeakUnderLoadMedian: median(rounds.map((r) => r.residentMbPeakUnderLoad)),
    residentMbAfterLoadMedian: median(rounds.map((r) => r.residentMbAfterLoad)),
  };
};
const startupComparison =
  startupRounds.length === 0
    ? null
    : (() => {
        const productStart = startupOf("product");
        const bareStart = startupOf("bare React Router");
        const readyRatio = ratioOf(productStart.readyMsMedian, bareStart.readyMsMedian);
        return {
          how: `${startRounds} alternating rounds, one process each: spawn until /healthz answers {"status":"ok"} (polled every 20 ms), RSS a second later (idle), at its peak and after ${startLoadSeconds} s of load at ${connections} connections (product: /employer-dashboard signed in; bare: its page)`,
          loadAverageDuring: os.loadavg().map((l) => Number(l.toFixed(2))),
          product: productStart,
          bareReactRouter: bareStart,
          productToBareReadyRatio: readyRatio,
          productToBareCpuAtReadyRatio: ratioOf(
            productStart.cpuMsAtReadyMedian,
            bareStart.cpuMsAtReadyMedian,
          ),
          productToBareIdleResidentRatio: ratioOf(
            productStart.residentMbIdleMedian,
            bareStart.residentMbIdleMedian,
          ),
          frameworkFloorStart,
          productToFrameworkFloorReadyRatio: frameworkFloorStart
            ? ratioOf(productStart.readyMsMedian, frameworkFloorStart.readyMs)
            : null,
          productToFrameworkFloorCpuAtReadyRatio: frameworkFloorStart
            ? ratioOf(productStart.cpuMsAtReadyMedian, frameworkFloorStart.cpuMsAtReady)
            : null,
          budget: startBudgetRatio,
          withinBudget: readyRatio !== null && readyRatio <= startBudgetRatio,
          rounds: startupRounds,
        };
      })();

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
    ...Object.fromEntries(
      floorPages.map((page) => [`floorServerCpuRatio: ${page.path}`, page.budget]),
    ),
    productToBareReactRouterReadyRatio: startBudgetRatio,
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
  /** Product over floor, server CPU per response, by address: the figures the README quotes. */
  floorRatios: Object.fromEntries(
    floorComparison.map((f) => [
      f.path,
      {
        productServerCpuMsPerResponse: f.productServerCpuMsPerResponse,
        floorServerCpuMsPerResponse: f.floorServerCpuMsPerResponse,
        productToFloorServerCpuRatio: f.productToFloorServerCpuRatio,
        productToFloorDatabaseCpuRatio: f.productToFloorDatabaseCpuRatio,
        frameworkFloorServerCpuMsPerResponse: f.frameworkFloorServerCpuMsPerResponse,
        frameworkFloorToFloorServerCpuRatio: f.frameworkFloorToFloorServerCpuRatio,
        productToFrameworkFloorServerCpuRatio: f.productToFrameworkFloorServerCpuRatio,
        floorKind: f.floorKind,
        budget: f.budget,
        withinBudget: f.withinBudget,
      },
    ]),
  ),
  startupBesideBareReactRouter: startupComparison,
  growth,
  floor: floorComparison,
  endpoints: results,
};
fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
// PGlite (the default, `npm start`'s database) and PostgreSQL (DATABASE_URL) each keep their figures.
// A growth-only run keeps its own file, so it never overwrites a full run's capacity figures.
const resultFile = `api${growthOnly ? "-growth" : floorOnly ? "-floor" : ""}${process.env.DATABASE_URL ? "-postgres" : ""}.json`;
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
  console.log(
    "\nagainst the floor (the product's statements replayed through the raw driver, then renderToString of a page of the same shape, or JSON for .data)",
  );
  for (const f of floorComparison)
    console.log(
      `  ${pad(f.path, 46)}${pad(`${f.statements.count} statements, ${f.statements.prepared} prepared, ${f.statements.roundTrips} round trips`, 44)}server CPU/response ${pad(`${f.productServerCpuMsPerResponse} vs ${f.floorServerCpuMsPerResponse} ms`, 18)}${pad(`${f.productToFloorServerCpuRatio}× (goal ≤ ${f.budget}×)`, 20)}${f.productDatabaseCpuMsPerResponse === null ? "" : `database CPU ${f.productDatabaseCpuMsPerResponse} vs ${f.floorDatabaseCpuMsPerResponse} ms `}${f.withinBudget ? "ok" : "OVER"}`,
    );
  console.log(
    "the framework floor (the same statements and page shape through a bare React Router server):",
  );
  for (const f of floorComparison)
    console.log(
      `  ${pad(f.path, 46)}server CPU/response ${pad(`${f.frameworkFloorServerCpuMsPerResponse} ms`, 10)}${pad(`${f.frameworkFloorToFloorServerCpuRatio}× the floor`, 20)}product ${f.productToFrameworkFloorServerCpuRatio}× it`,
    );
}
if (startupComparison) {
  const { product, bareReactRouter } = startupComparison;
  console.log(
    `\nstart until healthy (median of ${startRounds}): product ${product.readyMsMedian} ms (${product.cpuMsAtReadyMedian} ms CPU), bare React Router ${bareReactRouter.readyMsMedian} ms (${bareReactRouter.cpuMsAtReadyMedian} ms CPU): ${startupComparison.productToBareReadyRatio}× (CPU ${startupComparison.productToBareCpuAtReadyRatio}×; goal ≤ ${startBudgetRatio}×)`,
  );
  if (frameworkFloorStart)
    console.log(
      `beside a bare React Router server that opens the same database (the framework floor, ${frameworkFloorStart.processes} process(es), one start): ${frameworkFloorStart.readyMs} ms (${frameworkFloorStart.cpuMsAtReady} ms CPU): product ${startupComparison.productToFrameworkFloorReadyRatio}× (CPU ${startupComparison.productToFrameworkFloorCpuAtReadyRatio}×)`,
    );
  console.log(
    `RSS idle / peak under load / after load: product ${product.residentMbIdleMedian} / ${product.residentMbPeakUnderLoadMedian} / ${product.residentMbAfterLoadMedian} MB, bare ${bareReactRouter.residentMbIdleMedian} / ${bareReactRouter.residentMbPeakUnderLoadMedian} / ${bareReactRouter.residentMbAfterLoadMedian} MB; load average ${startupComparison.loadAverageDuring.join(", ")}`,
  );
}
console.log(
  `\nready ${startup.readyMs} ms after spawning; resident memory (RSS) ${memory.idleMb} MB idle after start, ${memory.peakUnderLoadMb} MB at its peak under load; ${out.serverProcesses} server process(es); written to bench/results/${resultFile}`,
);
console.log(
  `CPU calibration (lower is faster): ${out.cpuCalibrationMs.atStart} ms at start, ${out.cpuCalibrationMs.atEnd} ms at end`,
);
if (
  growth.some((g) => !g.withinBudget) ||
  floorComparison.some((f) => !f.withinBudget) ||
  startupComparison?.withinBudget === false
)
  process.exitCode = 1;
