import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { ensureBuild } from "./lib/build.ts";

/*
 * `npm run test:multi-host` (CI, after the PostgreSQL pass): the product on two machines behind a
 * load balancer. Each app host is the production server (`npm start`'s entry) in a network
 * namespace of its own, reached only through a veth pair; both serve one fresh PostgreSQL
 * database as the restricted app role; HAProxy on the root namespace spreads requests round-robin
 * with no stickiness, WebSockets included. A browser spec (tests/multi-host/, its own Playwright
 * configuration) then walks what must hold across hosts. Everything made here is taken down
 * again, on failure and on Ctrl-C too.
 *
 * Needs root (namespaces), iproute2 and HAProxy; PostgreSQL at CI_POSTGRES_URL as a superuser.
 */

const root = path.resolve(import.meta.dirname, "..");
const started = performance.now();
const balancerPort = Number(process.env.E2E_PORT ?? 3320);
const hostPort = 3000;
const adminUrl = new URL(process.env.CI_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test");
const database = `referoh_multi_host_${process.pid}`;
const runDir = path.join(root, ".reports", "multi-host");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

/** The two app hosts: a namespace each, on a /30 of their own, the root side's address first. */
const hosts = (["a", "b"] as const).map((letter, index) => ({
  id: `host-${letter}`,
  letter,
  namespace: `referoh-mh-${letter}`,
  rootLink: `rmh-${letter}0`,
  hostLink: `rmh-${letter}1`,
  gateway: `10.233.${index + 1}.1`,
  address: `10.233.${index + 1}.2`,
  log: path.join(runDir, `host-${letter}.log`),
  process: undefined as ChildProcess | undefined,
}));

const cleanups: Array<() => unknown> = [];
let cleaning: Promise<void> | undefined;

/** Runs the cleanups in reverse order of set-up; each one on its own, so one failing skips none. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(`cleanup: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    console.error(`${signal}: taking the hosts down`);
    void cleanUp().then(() => process.exit(1));
  });

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
}

/** iproute2, quietly when `tolerant` (taking down what a crashed run may have left). */
function ip(args: string[], { tolerant = false } = {}) {
  const result = spawnSync("ip", args, { encoding: "utf8" });
  if (result.status !== 0 && !tolerant)
    throw new Error(`ip ${args.join(" ")}: ${result.stderr.trim()}`);
}

function urlAs(role: string, host = adminUrl.hostname, port = adminUrl.port || "5432") {
  const url = new URL(adminUrl);
  url.username = role;
  url.password = "";
  url.hostname = host;
  url.port = port;
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for the run, owned and served as production runs it (.ci/run). */
async function prepareDatabase() {
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${database}`));
  cleanups.push(() =>
    withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)),
  );
  const runAdminUrl = new URL(adminUrl);
  runAdminUrl.pathname = `/${database}`;
  run("npm", ["run", "--silent", "db:roles", "--", "--admin-url", runAdminUrl.toString()]);
  run("npm", ["run", "--silent", "db:migrate"], {
    ...process.env,
    DATABASE_MIGRATION_URL: urlAs("referoh_owner"),
    DATABASE_URL: urlAs("referoh_app"),
  });
}

function prepareNamespaces() {
  for (const host of hosts) {
    // A run killed before its cleanup leaves these behind; a namespace's end takes its veth end.
    ip(["netns", "del", host.namespace], { tolerant: true });
    ip(["link", "del", host.rootLink], { tolerant: true });
    ip(["netns", "add", host.namespace]);
    cleanups.push(() => ip(["netns", "del", host.namespace], { tolerant: true }));
    ip(["link", "add", host.rootLink, "type", "veth", "peer", "name", host.hostLink]);
    ip(["link", "set", host.hostLink, "netns", host.namespace]);
    ip(["addr", "add", `${host.gateway}/30`, "dev", host.rootLink]);
    ip(["link", "set", host.rootLink, "up"]);
    ip(["-n", host.namespace, "addr", "add", `${host.address}/30`, "dev", host.hostLink]);
    ip(["-n", host.namespace, "link", "set", host.hostLink, "up"]);
    ip(["-n", host.namespace, "link", "set", "lo", "up"]);
  }
}

/**
 * PostgreSQL listens on 127.0.0.1 only, which no other namespace can reach: a plain TCP forward
 * on each host's gateway address stands in for the database server's network address, leaving
 * PostgreSQL's own configuration alone.
 */
async function forwardDatabase() {
  const sockets = new Set<net.Socket>();
  for (const host of hosts) {
    const server = net.createServer((client) => {
      const upstream = net.connect(Number(adminUrl.port || 5432), adminUrl.hostname);
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        sockets.add(a);
        a.pipe(b);
        a.on("error", () => b.destroy());
        a.on("close", () => {
          sockets.delete(a);
          b.destroy();
        });
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(5432, host.gateway, resolve);
    });
    cleanups.push(() => {
      for (const socket of sockets) socket.destroy();
      server.close();
    });
  }
}

/** Waits for `child` to exit, up to `ms`; true when it did. */
function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  if (!(await exited(child, 8_000))) {
    child.kill("SIGKILL");
    await exited(child, 2_000);
  }
}

const authSecret = randomBytes(36).toString("base64url");
const dataKeys = `mh1:${randomBytes(32).toString("base64")}`;

/** What every process of the run shares: the secrets, so a session or sealed column made on one host reads on the other. */
const productSettings = {
  NODE_ENV: "production",
  PUBLIC_URL: `http://localhost:${balancerPort}`,
  BETTER_AUTH_SECRET: authSecret,
  DATA_ENCRYPTION_KEYS: dataKeys,
  ALLOW_DEMO_PAYMENTS: "true",
  SELLER_NAME: "ReferOH Ltd",
  SELLER_ADDRESS: "1 Example Street, London EC1A 1AA",
  SELLER_COMPANY_NUMBER: "12345678",
  SELLER_VAT_NUMBER: "GB123456789",
};

/** The production server as `npm start` runs it, inside the host's namespace. */
function startHost(host: (typeof hosts)[number]) {
  const log = fs.openSync(host.log, "w");
  const child = spawn(
    "ip",
    ["netns", "exec", host.namespace, process.execPath, path.join(root, "scripts/start.ts")],
    {
      cwd: root,
      stdio: ["ignore", log, log],
      env: {
        ...process.env,
        ...productSettings,
        HOST: "0.0.0.0",
        PORT: String(hostPort),
        DATA_DIR: path.join(runDir, host.id),
        DATABASE_URL: urlAs("referoh_app", host.gateway, "5432"),
        DATABASE_MIGRATION_URL: urlAs("referoh_owner", host.gateway, "5432"),
        // The balancer's address on this host's link: the one proxy whose X-Forwarded-For is believed.
        TRUST_PROXY: host.gateway,
        LOG_LEVEL: "info",
        JOBS: "on",
        WEB_CONCURRENCY: "1",
      },
    },
  );
  fs.closeSync(log);
  host.process = child;
  cleanups.push(() => stop(child));
}

function haproxyConfig() {
  return `global
  maxconn 512

defaults
  mode http
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  # A WebSocket is a tunnel once upgraded: the video room's signalling stays open for the call.
  timeout tunnel 1h
  # A request sent to a host that is gone goes to the other one.
  option redispatch
  retries 2

frontend referoh
  bind 127.0.0.1:${balancerPort}
  option forwardfor
  default_backend hosts

backend hosts
  balance roundrobin
  # No stickiness: HAProxy never sets this cookie. A test browser may set it itself to say which
  # host its requests go to; a host that is down is passed over as if it were absent.
  cookie referoh-e2e-host
  # HTTP/1.1 with the public Host, as a browser's request comes: HAProxy's default check is
  # HTTP/1.0 with no Host header.
  option httpchk
  http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host localhost:${balancerPort}
  http-check expect status 200
  # Which host answered, for the spec to check it without trusting the host's own word.
  http-response set-header X-Served-By %s
${hosts
  .map(
    (host) =>
      `  server ${host.id} ${host.address}:${hostPort} check inter 1s fall 2 rise 2 cookie ${host.letter}`,
  )
  .join("\n")}
`;
}

function startBalancer() {
  const config = path.join(runDir, "haproxy.cfg");
  fs.writeFileSync(config, haproxyConfig());
  run("haproxy", ["-c", "-q", "-f", config]);
  const log = fs.openSync(path.join(runDir, "haproxy.log"), "w");
  const child = spawn("haproxy", ["-db", "-f", config], { stdio: ["ignore", log, log] });
  fs.closeSync(log);
  cleanups.push(() => stop(child));
  return child;
}

async function waitUntilServing(url: string, watched: ChildProcess[], deadline: number) {
  for (;;) {
    const dead = watched.find((child) => child.exitCode !== null || child.signalCode !== null);
    if (dead) throw new Error(`${url}: a process it needs exited before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} was not ready in time`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function tail(file: string, lines = 40) {
  if (!fs.existsSync(file)) return "";
  return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
}

let exitCode = 1;
try {
  if (process.getuid?.() !== 0) throw new Error("needs root: it makes network namespaces");
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  // Built once here, so the two hosts starting together find it done.
  await ensureBuild();
  await prepareDatabase();
  prepareNamespaces();
  await forwardDatabase();
  // The first host migrates (nothing is left to do) and checks its start-up work alone, as
  // server/cluster.ts starts its first worker; the second then starts on a ready database.
  const deadline = Date.now() + 180_000;
  const [first, second] = hosts;
  startHost(first!);
  await waitUntilServing(
    `http://${first!.address}:${hostPort}/healthz`,
    [first!.process!],
    deadline,
  );
  startHost(second!);
  await waitUntilServing(
    `http://${second!.address}:${hostPort}/healthz`,
    [second!.process!],
    deadline,
  );
  const balancer = startBalancer();
  await waitUntilServing(`http://localhost:${balancerPort}/healthz`, [balancer], deadline);
  const servingSince = new Date().toISOString();
  console.log(
    `Two hosts behind HAProxy at http://localhost:${balancerPort} (${Math.round((performance.now() - started) / 1000)} s to set up)`,
  );

  const specEnv = {
    ...process.env,
    ...productSettings,
    MULTI_HOST_URL: `http://localhost:${balancerPort}`,
    MULTI_HOST_SERVING_SINCE: servingSince,
    MULTI_HOST_DATABASE_URL: urlAs("referoh_app"),
    MULTI_HOST_MIGRATION_URL: urlAs("referoh_owner"),
    MULTI_HOST_DATA_DIR: path.join(runDir, "seed"),
    MULTI_HOST_SEED_FILE: path.join(runDir, "seeded.json"),
    MULTI_HOST_HOSTS: JSON.stringify(
      hosts.map((host) => ({ id: host.id, pid: host.process!.pid, log: host.log })),
    ),
  };
  run(bin("tsx"), ["tests/multi-host/seed-deployment.ts"], specEnv);
  const spec = spawn(bin("playwright"), ["test", "-c", "playwright.multi-host.config.ts"], {
    cwd: root,
    stdio: "inherit",
    env: specEnv,
  });
  cleanups.push(() => stop(spec));
  const code = await new Promise<number | null>((resolve) =>
    spec.once("exit", (status) => resolve(status)),
  );
  exitCode = code ?? 1;
  if (exitCode !== 0) throw new Error(`the multi-host spec failed (exit ${code})`);
} catch (error) {
  console.error(`multi-host: ${(error as Error).message}`);
  for (const file of [...hosts.map((h) => h.log), path.join(runDir, "haproxy.log")]) {
    const text = tail(file);
    if (text) console.error(`\n── ${path.relative(root, file)} (last lines) ──\n${text}`);
  }
  exitCode ||= 1;
} finally {
  await cleanUp();
  console.log(
    `multi-host: ${exitCode === 0 ? "passed" : "FAILED"} in ${Math.round((performance.now() - started) / 1000)} s`,
  );
}
process.exit(exitCode);
