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

test("two processes on PostgreSQL serve the app, put a room's two people in touch across processes, replace one that dies, and stop together", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const scratch = await scratchDatabase("referoh_cluster");
  const env = settingsOnDatabase(scratch, port);
  const server = spawnServer({ ...env, WEB_CONCURRENCY: "2" });
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
    // the primary's hub. (With rooms kept per process, the subject was told nobody was there.)
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

    const left = nextMessage(doctor.socket);
    subject.socket.close();
    expect(await left).toEqual({ type: "peer-left" });
    doctor.socket.close();

    // A worker that dies is replaced, and the others serve meanwhile.
    const workers = childrenOf(server.child.pid!);
    expect(workers).toHaveLength(2);
    process.kill(workers[1]!, "SIGKILL");
    await expect
      .poll(() => server.output(), { timeout: 10_000 })
      .toMatch(/server process \d exited with SIGKILL; starting another/);
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
