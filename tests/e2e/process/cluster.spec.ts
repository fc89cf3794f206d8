import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { WebSocket } from "ws";
import { installDataKeyring } from "../../../app/db/encryption/keyring.ts";
import { SUBJECT_ROOM_COOKIE } from "../../../app/domain/consultations/signal-messages.ts";
import { resolveDataKeyring } from "../../../app/services/encryption/data-keyring.server.ts";
import {
  bookConsultationForTest,
  createDoctorAccountForTest,
  doctorActor,
  referralInReviewForTest,
} from "../../support/consultations.ts";
import { enrolTwoFactor, PASSWORD, uniqueEmail } from "../auth/helpers.ts";
import { scratchDatabase, settingsOnDatabase } from "../support/scratch-database.ts";
import { spawnServer } from "../support/server-process.ts";
import { expect, hydratingTest as test } from "../support/test.ts";

/*
 * WEB_CONCURRENCY: several server processes on one PostgreSQL server (server/cluster.ts). The
 * PostgreSQL server is the one CI and this machine run (CI_POSTGRES_URL, else 127.0.0.1:5432);
 * each run makes its own database and drops it.
 */
test.describe.configure({ mode: "serial" });

const port = Number(process.env.E2E_PORT ?? 3210) + 90;
const origin = `http://localhost:${port}`;

/** The ids of a process's children (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const id of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(id)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${id}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1] === String(pid))
        children.push(Number(id));
    } catch {
      // ended while we looked
    }
  }
  return children.sort((a, b) => a - b);
}

/** The next message a socket receives, parsed. */
function nextMessage(socket: WebSocket): Promise<{ type: string; [key: string]: unknown }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no message within 10 s")), 10_000);
    socket.once("message", (data) => {
      clearTimeout(timer);
      resolve(JSON.parse(data.toString()));
    });
  });
}

/** The log line of the process that took a room's connection of this role. */
function roomConnectionLog(output: string, room: string, role: string) {
  for (const line of output.split("\n")) {
    if (!line.includes("connection joined a room")) continue;
    const entry = JSON.parse(line) as { pid: number; host: string; room: string; role: string };
    if (entry.room === room && entry.role === role) return entry;
  }
  throw new Error(`no process logged the ${role}'s connection to room ${room}`);
}

async function openSocket(consultationId: string, cookie: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/consultation/${consultationId}/signal`, {
    headers: { cookie, origin },
  });
  const welcome = nextMessage(socket);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  return { socket, welcome: await welcome };
}

test("several web processes are refused on the embedded database, with one clear line", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-cluster-"));
  try {
    const server = spawnServer({
      WEB_CONCURRENCY: "2",
      DATA_DIR: dataDir,
      PORT: String(port),
      ALLOW_DEMO_PAYMENTS: "true",
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("WEB_CONCURRENCY above 1 needs DATABASE_URL");
    expect(server.output()).not.toMatch(/\n\s+at /);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("two processes on PostgreSQL serve the app, put a room's two people in touch across processes, tell one that the other's process died, replace it, and stop together", async ({
  page,
}) => {
  // Two minutes on a loaded 2-core machine (the spec's own runtime took a minute to start beside
  // four other test runs), of which up to 6 s is the wait for the dead process's sweep.
  test.setTimeout(240_000);
  const scratch = await scratchDatabase("referoh_cluster");
  const env = settingsOnDatabase(scratch, port);
  // At info, each process logs the room connections it takes (host id and room id, no names).
  const server = spawnServer({ ...env, WEB_CONCURRENCY: "2", LOG_LEVEL: "info" });
  // biome-ignore lint/suspicious/noExplicitAny: the built bundle has no type declarations
  let runtime: any;
  try {
    await expect
      .poll(() => server.output(), { timeout: 120_000 })
      .toContain(`ReferOH is running at ${origin} (2 processes)`);
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${origin}/login`)).status).toBe(200);

    // The case is prepared through the domain, on the same database, with the server's keys.
    const bundle = await import(pathToFileURL(path.resolve("build/server/index.js")).href);
    const config = bundle.loadConfig({
      ...env,
      NODE_ENV: "production",
      JOBS: "off",
      LOG_LEVEL: "warn",
    });
    runtime = await bundle.startRuntime(config);
    // The test-support factories are this spec's own copy of the domain code, not the bundle's.
    installDataKeyring(resolveDataKeyring(config).keyring);
    const doctorEmail = uniqueEmail("doctor");
    const doctorId = await createDoctorAccountForTest(runtime, {
      email: doctorEmail,
      name: "Dr Amara Okafor",
      password: PASSWORD,
    });
    const { referral, token } = await referralInReviewForTest(runtime.database.db, { doctorId });
    const booked = await bookConsultationForTest(
      { db: runtime.database.db, adapters: { ...runtime.adapters, publicUrl: origin } },
      { doctor: doctorActor(doctorId), referralId: referral.id },
    );

    // A real doctor session, signed in with two factors through the cluster.
    await page.goto(`${origin}/doctor-login`);
    await page.getByLabel("Email").fill(doctorEmail);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Access Portal" }).click();
    await enrolTwoFactor(page);
    const doctorCookie = (await page.context().cookies(origin))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");

    // Node's cluster hands new connections to its workers in turn, so these two sockets, opened
    // one after the other, are held by different processes: they hear each other only through
    // the database (docs/decisions/0020-room-signalling-in-postgresql.md).
    const doctor = await openSocket(booked.id, doctorCookie);
    expect(doctor.welcome).toEqual({ type: "welcome", role: "doctor", peerPresent: false });
    const doctorHears = nextMessage(doctor.socket);
    const subject = await openSocket(
      booked.id,
      `${SUBJECT_ROOM_COOKIE}=${encodeURIComponent(token)}`,
    );
    expect(subject.welcome).toEqual({ type: "welcome", role: "subject", peerPresent: true });
    expect(await doctorHears).toEqual({ type: "peer-joined" });

    const candidate = {
      type: "candidate",
      candidate: { candidate: "candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host" },
    };
    const relayed = nextMessage(doctor.socket);
    subject.socket.send(JSON.stringify(candidate));
    expect(await relayed).toEqual(candidate);

    // Each process logs the host that took a room's connection: two hosts, one each.
    const hostOf = (role: string) => roomConnectionLog(server.output(), booked.id, role);
    const [doctorHost, subjectHost] = [hostOf("doctor"), hostOf("subject")];
    expect(doctorHost.pid).not.toBe(subjectHost.pid);
    expect(doctorHost.host).not.toBe(subjectHost.host);

    // The subject's process dies without a word: the doctor hears "peer-left" from the other
    // host's sweep within 10 s (nextMessage's limit), not when the operating system notices.
    expect(childrenOf(server.child.pid!)).toContain(subjectHost.pid);
    const left = nextMessage(doctor.socket);
    process.kill(subjectHost.pid, "SIGKILL");
    expect(await left).toEqual({ type: "peer-left" });
    await expect
      .poll(() => server.output(), { timeout: 10_000 })
      .toMatch(/server process \d exited with SIGKILL; starting another/);

    // The person comes back through whichever process takes them now, and the room is whole.
    const doctorHearsAgain = nextMessage(doctor.socket);
    const back = await openSocket(booked.id, `${SUBJECT_ROOM_COOKIE}=${encodeURIComponent(token)}`);
    expect(back.welcome).toEqual({ type: "welcome", role: "subject", peerPresent: true });
    expect(await doctorHearsAgain).toEqual({ type: "peer-joined" });
    back.socket.close();
    doctor.socket.close();

    // The dead process was replaced, and the others served meanwhile.
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    await expect.poll(() => childrenOf(server.child.pid!).length, { timeout: 60_000 }).toBe(2);

    await runtime.shutdown();
    runtime = undefined;
    const stopAt = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(7_000);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
  } finally {
    await runtime?.shutdown();
    server.child.kill("SIGKILL");
    await server.exited;
    await scratch.drop();
  }
});
