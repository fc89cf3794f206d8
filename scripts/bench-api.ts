import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type DatabaseLocation, migrateDatabase, openDatabase } from "~/db/client.server.ts";
import { account, member, user } from "~/db/schema/index.ts";
import { jobRoles } from "~/domain/referrals/referral-input.ts";
import { ensureBuild } from "./lib/build.ts";
import { freePort, waitFor } from "./lib/local-server.ts";

/*
 * `npm run bench:api`: the signed-in employer pages at scale (DESIGN.md §7). Creates a fresh
 * database (a PGlite directory under the temp folder, or a new database on the DATABASE_URL
 * server), seeds 100,000 referrals across 1,000 organisations with set-based SQL, serves the
 * production build, signs employers in through the real /login form, then measures the dashboard
 * and a searched, filtered referral list at 20 concurrent connections with autocannon.
 * Writes bench/results/api.json (PGlite) or api-postgres.json (DATABASE_URL) and prints a table.
 *
 * autocannon (a dev dependency) rather than wrk or hey: it is maintained with Node.js itself
 * (Fastify/Node.js collaborators), needs no system package, has a programmatic API, lets each
 * connection carry its own session cookie, and reports every response time (for a true p95).
 */
const root = path.resolve(import.meta.dirname, "..");
const organisations = 1_000;
const referrals = 100_000;
/** Employers signed in for the run; connections are spread over them so no single org is hot. */
const measuredOrganisations = 10;
const connections = 20;
const durationSeconds = Number(process.env.BENCH_DURATION ?? 15);
const budgetP95Ms = 50;
const password = `bench-${randomBytes(12).toString("base64url")}`;

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
        DATA_ENCRYPTION_KEYS: `bench:${randomBytes(32).toString("base64")}`,
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
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: "", WEB_CONCURRENCY: "1" },
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
const arrayLiteral = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]`);

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
    await db.execute(sql`
      -- Organisation n gets g = n, n + 1000, n + 2000, …: the status bucket and the names vary
      -- with g / 1000 and a hash, so every organisation has the whole status mix.
      insert into referral (
        reference, organisation_id, type, status, subject_name, subject_email, job_role,
        conditional_offer_date, reason, employer_consent_confirmed, created_by, created_at, updated_at
      )
      select
        case when g % 3 = 0 then 'REF-' || lpad(g::text, 6, '0')
          else 'OCC-' || (select string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', (g / (36 ^ k)::int) % 36 + 1, 1), '' order by k desc) from generate_series(0, 4) k)
        end,
        'bench-org-' || lpad((1 + g % ${organisations})::text, 4, '0'),
        case when g % 3 = 0 then 'management' else 'pre_employment' end,
        case
          when g / ${organisations} % 100 < 5 then 'draft'
          when g / ${organisations} % 100 < 8 then 'awaiting_payment'
          when g / ${organisations} % 100 < 23 then 'invited'
          when g / ${organisations} % 100 < 31 then 'in_progress'
          when g / ${organisations} % 100 < 36 then 'submitted'
          when g / ${organisations} % 100 < 41 then 'in_review'
          when g / ${organisations} % 100 < 45 then 'awaiting_subject'
          when g / ${organisations} % 100 < 89 then 'complete'
          when g / ${organisations} % 100 < 90 then 'withheld'
          when g / ${organisations} % 100 < 92 then 'declined'
          when g / ${organisations} % 100 < 97 then 'cancelled'
          else 'expired'
        end,
        (${arrayLiteral(firstNames)})[1 + abs(hashtext('first' || g)) % ${firstNames.length}] || ' ' || (${arrayLiteral(lastNames)})[1 + abs(hashtext('last' || g)) % ${lastNames.length}],
        'subject' || g || '@example.org',
        case when g % 3 <> 0 then (${arrayLiteral(jobRoles)})[1 + abs(hashtext('role' || g)) % ${jobRoles.length}] end,
        case when g % 3 <> 0 then current_date - (g % 700) end,
        case when g % 3 = 0 then (${arrayLiteral(reasons)})[1 + abs(hashtext('reason' || g)) % ${reasons.length}] end,
        g % 3 = 0,
        'bench',
        now() - make_interval(mins => (g * 10) % 1051200),
        now() - make_interval(mins => (g * 10) % 1051200)
      from generate_series(1, ${referrals}) g`);
    await db.execute(sql`select setval('referral_reference_seq', ${referrals + 1})`);
    await db.execute(sql`
      insert into referral_activity (referral_id, organisation_id, kind, created_at)
      select id, organisation_id, 'created', created_at from referral
      union all
      select id, organisation_id, 'invited', created_at + interval '1 minute'
      from referral where status not in ('draft', 'awaiting_payment')`);
    await db.execute(sql`
      insert into credit_lot (organisation_id, credits_granted, credits_remaining, expires_at)
      select id, 40, 40 - (abs(hashtext(id)) % 40), now() + interval '6 months' from organisation
      where id like 'bench-org-%'`);

    const passwordHash = await hashPassword(password);
    const emails: string[] = [];
    for (let i = 1; i <= measuredOrganisations; i++) {
      const userId = randomUUID();
      const email = `bench-employer-${i}@example.org`;
      emails.push(email);
      await db.insert(user).values({
        id: userId,
        name: `Bench Employer ${i}`,
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
        organisationId: `bench-org-${String(i).padStart(4, "0")}`,
        userId,
        role: "owner",
      });
    }
    await db.execute(sql`analyze`);
    console.log(
      `seeded ${referrals.toLocaleString("en-GB")} referrals across ${organisations.toLocaleString("en-GB")} organisations in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return emails;
  } finally {
    await handle.close();
  }
}

/** Signs in through the real /login form, as a browser without JavaScript would. */
async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-in", email, password }),
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (response.status >= 400 || cookies.length === 0)
    throw new Error(`sign-in of ${email} failed with ${response.status}`);
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

/**
 * User and system CPU time so far of a process and its children (a cluster's workers), in ms
 * (Linux /proc; null elsewhere).
 */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  // Fields after the command name (which may hold spaces): ppid is the 4th, utime and stime the
  // 14th and 15th.
  const fieldsOf = (id: string) => {
    const stat = fs.readFileSync(`/proc/${id}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  };
  const ticksPerSecond = 100;
  try {
    let ticks = 0;
    for (const id of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(id)) continue;
      try {
        const fields = fieldsOf(id);
        if (id === String(pid) || fields[1] === String(pid))
          ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the process ended while we looked
      }
    }
    return (ticks * 1000) / ticksPerSecond;
  } catch {
    return null;
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
  }: { serverPid: number | undefined; judged?: boolean; clients?: number },
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
  await run(3); // warm-up: module loading, the database's caches and JIT
  const latencies: number[] = [];
  const cpuBefore = machineCpu();
  const serverBefore = processCpuMs(serverPid);
  const result = await run(durationSeconds, latencies);
  const cpuAfter = machineCpu();
  const serverAfter = processCpuMs(serverPid);
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
    serverCpuMsPerRequest:
      serverBefore === null || serverAfter === null || result.requests.total === 0
        ? null
        : Number(((serverAfter - serverBefore) / result.requests.total).toFixed(2)),
    bytesPerResponse:
      result.requests.total === 0 ? 0 : Math.round(result.throughput.total / result.requests.total),
    judged,
    withinBudget: false,
  };
  out.withinBudget = out.non2xx === 0 && out.errors === 0 && p95 <= budgetP95Ms;
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

await ensureBuild();
// This machine is shared: the load around the run says how much of its 2 cores the server had.
const loadAtStart = os.loadavg();
const calibrationAtStart = cpuCalibrationMs();
const database = await freshDatabase();
const results: EndpointResult[] = [];
try {
  const emails = await seed(database.location);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_PROFILE=<dir> writes the server's CPU profile there when it stops, to see where time goes.
  const profile = process.env.BENCH_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
    : [];
  const server = spawn(path.join(root, "node_modules/.bin/node"), [...profile, "server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      ALLOW_DEMO_PAYMENTS: "true",
      LOG_LEVEL: "warn",
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
    const cookies: string[] = [];
    for (const email of emails) cookies.push(await signIn(base, email));
    const judged = { serverPid: server.pid };
    results.push(await measure(base, cookies, "employer dashboard", "/employer-dashboard", judged));
    results.push(
      await measure(
        base,
        cookies,
        "referral list, searched and filtered",
        "/employer-referrals?q=smith&status=complete",
        judged,
      ),
    );
    results.push(
      await measure(
        base,
        cookies,
        "referral list, searched",
        "/employer-referrals?q=ref-0",
        judged,
      ),
    );
    // The same page with nobody queueing: how long one response takes on its own.
    results.push(
      await measure(base, cookies, "reference: dashboard, one connection", "/employer-dashboard", {
        serverPid: server.pid,
        judged: false,
        clients: 1,
      }),
    );
    // Where the time goes: the dashboard's data alone (what a client-side navigation fetches:
    // session, queries, no rendering), and a server-rendered page with no session and no query.
    const reference = { serverPid: server.pid, judged: false };
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
  } finally {
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
  tool: `autocannon, ${connections} connections, ${durationSeconds} s per endpoint after a 3 s warm-up`,
  database: process.env.DATABASE_URL ? "postgres" : "pglite",
  data: { organisations, referrals, signedInEmployers: measuredOrganisations },
  cpus: os.cpus().length,
  serverProcesses: Number(database.serverEnv.WEB_CONCURRENCY),
  cpuCalibrationMs: { atStart: calibrationAtStart, atEnd: cpuCalibrationMs() },
  loadAverage: {
    atStart: loadAtStart.map((l) => Number(l.toFixed(2))),
    atEnd: os.loadavg().map((l) => Number(l.toFixed(2))),
  },
  budget: {
    p95Ms: budgetP95Ms,
    // Each connection waits for its answer before asking again, so by Little's law a mean
    // response time within the budget needs at least this many responses a second.
    impliedMinimumThroughputRps: Math.round((connections * 1000) / budgetP95Ms),
  },
  endpoints: results,
};
fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
// PGlite (the default, `npm start`'s database) and PostgreSQL (DATABASE_URL) each keep their figures.
const resultFile = process.env.DATABASE_URL ? "api-postgres.json" : "api.json";
fs.writeFileSync(path.join(root, "bench/results", resultFile), `${JSON.stringify(out, null, 2)}\n`);

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  `\n${pad("path", 46)}${pad("conns", 7)}${pad("p50 ms", 9)}${pad("p95 ms", 9)}${pad("p99 ms", 9)}${pad("req/s", 9)}${pad("non-2xx", 9)}${pad("cpu %", 7)}${pad("steal %", 9)}${pad("srv ms", 8)}${pad("KB", 7)}budget`,
);
for (const r of results)
  console.log(
    `${pad(r.path, 46)}${pad(r.connections, 7)}${pad(r.p50Ms, 9)}${pad(r.p95Ms, 9)}${pad(r.p99Ms, 9)}${pad(r.throughputRps, 9)}${pad(r.non2xx + r.errors, 9)}${pad(r.machineCpuBusyPercent, 7)}${pad(r.machineCpuStealPercent ?? "-", 9)}${pad(r.serverCpuMsPerRequest ?? "-", 8)}${pad((r.bytesPerResponse / 1024).toFixed(1), 7)}${r.judged ? (r.withinBudget ? "ok" : "OVER") : "(reference)"}`,
  );
console.log(
  `\nbudget: p95 ≤ ${budgetP95Ms} ms with no errors; ${out.serverProcesses} server process(es); written to bench/results/${resultFile}`,
);
console.log(
  `CPU calibration (lower is faster): ${out.cpuCalibrationMs.atStart} ms at start, ${out.cpuCalibrationMs.atEnd} ms at end`,
);
if (results.some((r) => r.judged && !r.withinBudget)) process.exitCode = 1;
