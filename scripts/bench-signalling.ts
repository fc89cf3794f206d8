import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, migrateDatabase, openDatabase } from "~/db/client.server.ts";
import type { RoomRole } from "~/domain/consultations/join.server.ts";
import type { PeerMessage } from "~/domain/consultations/signal-messages.ts";
import {
  type RelayedMessage,
  type RoomConnections,
  startRoomHost,
} from "~/services/signalling/room-hub.ts";

/*
 * `npm run bench:signalling`: what one video-room signalling message costs through the database
 * (docs/decisions/0020-room-signalling-in-postgresql.md), beside the in-memory hub of one process
 * that it replaced, in one interleaved run (docs/architecture.md §7: ratios, never absolute
 * times). Two hosts on one database, the doctor on A and the person on B, exchange messages one
 * at a time (each waits for the previous to arrive), half each way:
 *
 * - small: an ICE candidate (about 150 bytes), which travels in the NOTIFY payload;
 * - large: a 12 KB offer, over NOTIFY's 8,000-byte limit, which travels through room_message.
 *
 * For each: relay latency (from the sender's call to the recipient host's delivery) p50/p95, and
 * database statements per message, counted by the hosts themselves (every statement they send
 * goes through one counter) and, on PostgreSQL, cross-checked against the server's own count of
 * committed transactions (pg_stat_database.xact_commit; each statement here is its own).
 *
 * PGlite: a fresh data directory under the temp folder. PostgreSQL: DATABASE_URL, which must name
 * a database of its own (it is migrated). Writes bench/results/signalling.json (PGlite) or
 * signalling-postgres.json.
 */

const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const perRound = Number(process.env.BENCH_MESSAGES ?? 100);

const candidate: PeerMessage = {
  type: "candidate",
  candidate: {
    candidate:
      "candidate:842163049 1 udp 1677729535 198.51.100.7 56143 typ srflx raddr 0.0.0.0 rport 0 generation 0",
    sdpMid: "0",
    sdpMLineIndex: 0,
    usernameFragment: "f9Qx",
  },
};
const largeOffer: PeerMessage = {
  type: "description",
  description: {
    type: "offer",
    sdp: `v=0\r\n${"a=candidate:1 1 udp 2122260223 192.0.2.1 54321 typ host generation 0\r\n".repeat(170)}`,
  },
};

/** Waits for each delivery by connection id. */
function waiter() {
  const pending = new Map<string, () => void>();
  const connections: RoomConnections = {
    deliver(connection) {
      const done = pending.get(connection);
      pending.delete(connection);
      done?.();
    },
    close() {},
  };
  return {
    connections,
    next: (connection: string) => new Promise<void>((resolve) => pending.set(connection, resolve)),
  };
}

/**
 * The previous design for one process, as the baseline: the room's membership in a Map and each
 * message handed straight to the other connection (docs/decisions/0009-web-processes.md before
 * ADR 0020 superseded its hub).
 */
function inMemoryHub(connections: RoomConnections) {
  const rooms = new Map<string, Map<RoomRole, string>>();
  return {
    join(room: string, role: RoomRole, connection: string) {
      const members = rooms.get(room) ?? new Map<RoomRole, string>();
      rooms.set(room, members);
      members.set(role, connection);
    },
    relay(room: string, role: RoomRole, connection: string, message: RelayedMessage) {
      const members = rooms.get(room);
      if (members?.get(role) !== connection) return;
      const other = members.get(role === "doctor" ? "subject" : "doctor");
      if (other) connections.deliver(other, message);
    },
  };
}

interface Pair {
  /** Sends one message from the given side and resolves when the other side has it. */
  send(from: RoomRole, message: PeerMessage): Promise<void>;
  statements(): number;
}

async function databasePair(
  a: DatabaseHandle,
  b: DatabaseHandle,
): Promise<Pair & { stop(): Promise<void> }> {
  const onA = waiter();
  const onB = waiter();
  // The heartbeat and the sweep cost per host and second, not per message (3 statements every
  // 2 s by default): kept out of the way so the count is the messages' own.
  const timings = { heartbeatMs: 3_600_000, staleAfterMs: 3_600_000, sweepMs: 3_600_000 };
  const hostA = await startRoomHost(a, onA.connections, { timings });
  const hostB = await startRoomHost(b, onB.connections, { timings });
  const welcomed = Promise.all([onA.next("doctor-a"), onB.next("subject-b")]);
  await hostA.join("bench-room", "doctor", "doctor-a");
  await hostB.join("bench-room", "subject", "subject-b");
  await welcomed;
  await new Promise((resolve) => setTimeout(resolve, 50));
  return {
    async send(from, message) {
      const arrived = from === "doctor" ? onB.next("subject-b") : onA.next("doctor-a");
      if (from === "doctor") await hostA.relay("bench-room", "doctor", "doctor-a", message);
      else await hostB.relay("bench-room", "subject", "subject-b", message);
      await arrived;
    },
    statements: () => hostA.statements + hostB.statements,
    async stop() {
      await hostB.stop();
      await hostA.stop();
    },
  };
}

function memoryPair(): Pair {
  const here = waiter();
  const hub = inMemoryHub(here.connections);
  hub.join("bench-room", "doctor", "doctor-a");
  hub.join("bench-room", "subject", "subject-b");
  return {
    async send(from, message) {
      const arrived = here.next(from === "doctor" ? "subject-b" : "doctor-a");
      if (from === "doctor") hub.relay("bench-room", "doctor", "doctor-a", message);
      else hub.relay("bench-room", "subject", "subject-b", message);
      await arrived;
    },
    statements: () => 0,
  };
}

/**
 * The previous design for several processes (server/cluster.ts before ADR 0020): the hub in the
 * cluster's primary, a message going worker → primary → worker over IPC. This script plays both
 * workers and forks itself as the primary, so each message crosses the same two IPC hops.
 */
async function ipcPair(): Promise<Pair & { stop(): void }> {
  const primary = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_SIGNALLING_PRIMARY: "1" },
    execArgv: process.execArgv,
  });
  const here = waiter();
  primary.on("message", (event: { to: string; message: RelayedMessage }) =>
    here.connections.deliver(event.to, event.message),
  );
  const ready = new Promise((resolve) => primary.once("message", resolve));
  primary.send({ op: "join", room: "bench-room", role: "doctor", connection: "doctor-a" });
  primary.send({ op: "join", room: "bench-room", role: "subject", connection: "subject-b" });
  primary.send({ op: "ready" });
  await ready;
  return {
    async send(from, message) {
      const arrived = here.next(from === "doctor" ? "subject-b" : "doctor-a");
      const connection = from === "doctor" ? "doctor-a" : "subject-b";
      primary.send({ op: "relay", room: "bench-room", role: from, connection, message });
      await arrived;
    },
    statements: () => 0,
    stop: () => primary.kill(),
  };
}

/** The forked primary: the in-memory hub, answering over IPC. */
function runPrimary() {
  const reply = (to: string, message: unknown) => process.send?.({ to, message });
  const hub = inMemoryHub({ deliver: reply, close() {} });
  process.on(
    "message",
    (request: {
      op: string;
      room: string;
      role: RoomRole;
      connection: string;
      message: RelayedMessage;
    }) => {
      if (request.op === "join") hub.join(request.room, request.role, request.connection);
      else if (request.op === "relay")
        hub.relay(request.room, request.role, request.connection, request.message);
      else if (request.op === "ready") process.send?.({ to: "ready", message: null });
    },
  );
}

interface Sample {
  latenciesMs: number[];
  statements: number;
  messages: number;
  cpuMs: number;
}

async function measure(pair: Pair, message: PeerMessage, into: Sample) {
  const statementsBefore = pair.statements();
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < perRound; i += 1) {
    const started = performance.now();
    await pair.send(i % 2 === 0 ? "doctor" : "subject", message);
    into.latenciesMs.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  into.cpuMs += (cpu.user + cpu.system) / 1000;
  into.statements += pair.statements() - statementsBefore;
  into.messages += perRound;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

function summary(sample: Sample) {
  return {
    messages: sample.messages,
    p50Ms: Number(percentile(sample.latenciesMs, 50).toFixed(3)),
    p95Ms: Number(percentile(sample.latenciesMs, 95).toFixed(3)),
    statementsPerMessage: Number((sample.statements / sample.messages).toFixed(2)),
    cpuMsPerMessage: Number((sample.cpuMs / sample.messages).toFixed(3)),
  };
}

async function committedTransactions(handle: DatabaseHandle): Promise<number> {
  const result = (await handle.db.execute(
    sql`select xact_commit::bigint as n from pg_stat_database where datname = current_database()`,
  )) as unknown as { rows: { n: string }[] };
  return Number(result.rows[0]!.n);
}

async function main() {
  const url = process.env.DATABASE_URL;
  const engine = url ? "postgres" : "pglite";
  const dataDir = url ? null : fs.mkdtempSync(path.join(os.tmpdir(), "referoh-bench-signalling-"));
  const a = await openDatabase(
    url ? { kind: "postgres", url } : { kind: "pglite", dataDir: dataDir! },
  );
  await migrateDatabase(a);
  // On PostgreSQL the second host has a pool of its own, as a second machine would; PGlite lives
  // in one process, so both hosts share it there.
  const b = url ? await openDatabase({ kind: "postgres", url }) : { ...a, close: async () => {} };
  const database = await databasePair(a, b);
  const memory = memoryPair();
  const ipc = await ipcPair();

  const samples = {
    memory: { small: emptySample(), large: emptySample() },
    ipc: { small: emptySample(), large: emptySample() },
    database: { small: emptySample(), large: emptySample() },
  };
  // Warm-up, not counted.
  await measure(memory, candidate, emptySample());
  await measure(ipc, candidate, emptySample());
  await measure(database, candidate, emptySample());
  let transactionsBefore = 0;
  if (url) {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    transactionsBefore = await committedTransactions(a);
  }
  for (let round = 0; round < rounds; round += 1) {
    for (const [kind, message] of [
      ["small", candidate],
      ["large", largeOffer],
    ] as const) {
      await measure(memory, message, samples.memory[kind]);
      await measure(ipc, message, samples.ipc[kind]);
      await measure(database, message, samples.database[kind]);
    }
  }
  let serverTransactionsPerMessage: number | null = null;
  if (url) {
    // Backends report their counts when idle, at most a second late.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const messages = samples.database.small.messages + samples.database.large.messages;
    // Minus this query's own transaction.
    serverTransactionsPerMessage = Number(
      ((await committedTransactions(a)) - transactionsBefore - 1) / messages,
    );
  }
  ipc.stop();
  await database.stop();
  await b.close();
  await a.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });

  const result = {
    engine,
    measuredAt: new Date().toISOString(),
    rounds,
    messagesPerRound: perRound,
    bytes: { small: JSON.stringify(candidate).length, large: JSON.stringify(largeOffer).length },
    inMemory: { small: summary(samples.memory.small), large: summary(samples.memory.large) },
    clusterIpc: { small: summary(samples.ipc.small), large: summary(samples.ipc.large) },
    database: { small: summary(samples.database.small), large: summary(samples.database.large) },
    /**
     * Database hub ÷ each earlier design, p50 latency and this process's CPU per message, same
     * run (the IPC primary's own CPU and the database server's are not in it).
     */
    ratios: Object.fromEntries(
      (["small", "large"] as const).map((kind) => {
        const over = (baseline: "memory" | "ipc") => ({
          p50: Number(
            (
              percentile(samples.database[kind].latenciesMs, 50) /
              percentile(samples[baseline][kind].latenciesMs, 50)
            ).toFixed(1),
          ),
          cpuPerMessage: Number(
            (samples.database[kind].cpuMs / samples[baseline][kind].cpuMs).toFixed(1),
          ),
        });
        return [kind, { overInMemory: over("memory"), overClusterIpc: over("ipc") }];
      }),
    ),
    serverTransactionsPerMessage,
    loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
  };
  const out = path.resolve(
    "bench/results",
    engine === "postgres" ? "signalling-postgres.json" : "signalling.json",
  );
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.table({
    "in-memory small": result.inMemory.small,
    "cluster IPC small": result.clusterIpc.small,
    [`${engine} small`]: result.database.small,
    "in-memory large": result.inMemory.large,
    "cluster IPC large": result.clusterIpc.large,
    [`${engine} large`]: result.database.large,
  });
  console.log(JSON.stringify({ ratios: result.ratios, serverTransactionsPerMessage }));
  console.log(`written to ${path.relative(process.cwd(), out)}`);
}

function emptySample(): Sample {
  return { latenciesMs: [], statements: 0, messages: 0, cpuMs: 0 };
}

if (process.env.BENCH_SIGNALLING_PRIMARY) runPrimary();
else await main();
