import fs from "node:fs";
import type { Browser, BrowserContext, Response } from "@playwright/test";
import pg from "pg";
import { expect, hydratingTest as test, withHydratingPages } from "../e2e/support/test.ts";
import { expectVideoArriving } from "../e2e/support/video-room.ts";

/*
 * The product on two hosts behind a round-robin balancer with no stickiness (scripts/multi-host.ts
 * starts them and hands their details down). What one process used to give for free must hold
 * across hosts: a session revoked on one host is dead on the other, a scheduled job runs once per
 * slot, and the two people of a video room meet whichever hosts their sockets reach, even when
 * one host dies mid-call (docs/decisions/0020-room-signalling-in-postgresql.md).
 *
 * A test browser may pin itself to a host with the `referoh-e2e-host` cookie, which the balancer
 * reads but never sets (so real clients are spread); HAProxy's X-Served-By header says which host
 * answered, and each host's own log says which host accepted a room's socket.
 */

interface Host {
  id: string;
  pid: number;
  log: string;
}
const hosts: Host[] = JSON.parse(process.env.MULTI_HOST_HOSTS ?? "[]");
const [hostA, hostB] = hosts as [Host, Host];
const origin = process.env.MULTI_HOST_URL!;
const servingSince = new Date(process.env.MULTI_HOST_SERVING_SINCE!);

// The tests share one deployment and the last one stops a host: in file order, in one worker.
test.describe.configure({ mode: "default" });

type Cookies = Array<{ name: string; value: string }>;
interface SeededRoom {
  doctorCookies: Cookies;
  referralId: string;
  token: string;
  consultationId: string;
}
/** What tests/multi-host/seed-deployment.ts made before the spec. */
const seeded: {
  revocation: { admin: { cookies: Cookies }; doctor: { email: string; cookies: Cookies } };
  meeting: SeededRoom;
  hostLoss: SeededRoom;
} = JSON.parse(fs.readFileSync(process.env.MULTI_HOST_SEED_FILE!, "utf8"));

/** A browser whose requests all go to `host` (while it is up), signed in with `cookies`. */
async function pinnedContext(
  browser: Browser,
  host: Host,
  cookies: Array<{ name: string; value: string }> = [],
  viewport = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  const context = withHydratingPages(await browser.newContext({ baseURL: origin, viewport }));
  await context.addCookies(
    [{ name: "referoh-e2e-host", value: host.id.replace("host-", "") }, ...cookies].map(
      ({ name, value }) => ({ name, value, url: origin }),
    ),
  );
  return context;
}

function servedBy(response: Response | null): string | undefined {
  return response?.headers()["x-served-by"];
}

/** The host's log as JSON lines (pino), from its start. */
function logLines(host: Host): Array<Record<string, unknown>> {
  return fs
    .readFileSync(host.log, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The room host id the host's log says it started with (one per process, made at start). */
function roomHostIdOf(host: Host): unknown {
  const started = logLines(host).filter((line) => line.msg === "signalling: room host started");
  expect(started, `${host.id} started one room host`).toHaveLength(1);
  return started[0]!.host;
}

/**
 * The roles of the room sockets the host's own log says it accepted for `consultationId`
 * (app/services/signalling/consultation-signalling.server.ts logs ids only), each under that
 * host's room host id.
 */
function roomJoinsOn(host: Host, consultationId: string): unknown[] {
  const hostId = roomHostIdOf(host);
  const joins = logLines(host).filter(
    (line) =>
      line.msg === "signalling: connection joined a room on this host" &&
      line.room === consultationId,
  );
  for (const join of joins) expect(join.host).toBe(hostId);
  return joins.map((join) => join.role);
}

test("the balancer spreads one browser's requests over both hosts", async ({ request }) => {
  // HAProxy's one-second health check can mark a host down while the seed keeps both cores
  // busy, and it comes back a check or two later: the requests go on until both have answered.
  const answered = new Set<string | undefined>();
  await expect
    .poll(
      async () => {
        for (let i = 0; i < 4; i++)
          answered.add((await request.get("/healthz")).headers()["x-served-by"]);
        return [...answered].sort();
      },
      { timeout: 30_000 },
    )
    .toEqual([hostA.id, hostB.id]);
});

test("revoking a doctor on one host ends their session on the other at their next request", async ({
  browser,
}) => {
  const { admin, doctor } = seeded.revocation;
  const adminContext = await pinnedContext(browser, hostA, admin.cookies);
  const doctorContext = await pinnedContext(browser, hostB, doctor.cookies);
  const doctorPage = await doctorContext.newPage();
  const before = await doctorPage.goto("/doctor-dashboard");
  expect(servedBy(before)).toBe(hostB.id);
  await expect(doctorPage.getByRole("heading", { name: "Doctor Dashboard" })).toBeVisible();

  // The administrator withdraws the doctor's access, every request of it on host A.
  const adminPage = await adminContext.newPage();
  const hostsOfAdmin = new Set<string | undefined>();
  adminPage.on("response", (response) => {
    if (response.url().startsWith(origin)) hostsOfAdmin.add(servedBy(response));
  });
  await adminPage.goto("/admin/doctors");
  const row = adminPage.getByRole("listitem").filter({ hasText: doctor.email });
  await row.getByRole("button", { name: /Revoke access/ }).click();
  await row.getByRole("button", { name: "Yes, revoke access" }).click();
  await expect(row).toContainText("Access revoked");
  expect([...hostsOfAdmin]).toEqual([hostA.id]);

  // The doctor's very next request, on host B, finds the session ended.
  const after = await doctorPage.goto("/doctor-dashboard");
  expect(servedBy(after)).toBe(hostB.id);
  await expect(doctorPage).toHaveURL(/\/doctor-login\?/);
  await expect(
    doctorPage.getByText("You have been signed out. Sign in again to continue.").first(),
  ).toBeVisible();
  await Promise.all([adminContext.close(), doctorContext.close()]);
});

/** The doctor in the room from host A and the person from host B, each receiving the other's video. */
async function meetAcrossHosts(browser: Browser, room: SeededRoom) {
  const { referralId, token, consultationId } = room;
  const doctorContext = await pinnedContext(browser, hostA, room.doctorCookies);
  const doctorPage = await doctorContext.newPage();
  await doctorPage.goto(`/doctor/cases/${referralId}/consultation`);
  await doctorPage.getByRole("link", { name: "Join the video room" }).click();
  await expect(doctorPage).toHaveURL(`${origin}/consultation/${consultationId}`);
  await expect(doctorPage.getByTestId("room-status")).toHaveText(/Waiting for Jo Bloggs/);

  const subjectContext = await pinnedContext(browser, hostB, [], { width: 390, height: 844 });
  const subjectPage = await subjectContext.newPage();
  await subjectPage.goto(`/assessment/${token}/consultation`);
  await subjectPage.getByRole("link", { name: "Join the video consultation" }).click();
  await expect(subjectPage).toHaveURL(`${origin}/consultation/${consultationId}`);
  for (const page of [doctorPage, subjectPage]) {
    await expect(page.getByTestId("video-room")).toHaveAttribute("data-connection", "connected", {
      timeout: 20_000,
    });
    await expectVideoArriving(page);
  }
  return { doctorPage, subjectPage, doctorContext, subjectContext };
}

test("the doctor and the person meet in one video room from different hosts", async ({
  browser,
}) => {
  const { doctorContext, subjectContext } = await meetAcrossHosts(browser, seeded.meeting);
  const { consultationId } = seeded.meeting;
  // Each host's own log: the doctor's socket on A, the person's on B, and neither on the other.
  expect(roomJoinsOn(hostA, consultationId)).toEqual(["doctor"]);
  expect(roomJoinsOn(hostB, consultationId)).toEqual(["subject"]);
  expect(roomHostIdOf(hostA)).not.toEqual(roomHostIdOf(hostB));
  await Promise.all([doctorContext.close(), subjectContext.close()]);
});

test("a scheduled job runs once per slot across both hosts", async () => {
  // Both hosts run the job queue and declare the same every-minute schedule
  // (app/jobs/deliver-webhooks.ts). pg-boss's cron pass files each occurrence under its minute's
  // slot as a job of its own queue, which forwards it as one job of the scheduled queue. Since
  // both hosts were serving (their start-up runs came before), every occurrence must be one per
  // slot, and every job of the queue one such occurrence's, worked once.
  test.setTimeout(200_000);
  const queue = "webhook-deliveries";
  const since = servingSince.toISOString();
  const db = new pg.Client({ connectionString: process.env.MULTI_HOST_DATABASE_URL });
  await db.connect();
  try {
    const rows = async (text: string) => (await db.query(text, [queue, since])).rows;
    const read = async () => ({
      occurrences: await rows(`
        select data->>'slot' as slot, state from pgboss.job
        where name = '__pgboss__send-it' and data->>'name' = $1 and created_on > $2::timestamptz
        order by created_on`),
      jobs: await rows(`
        select state, retry_count from pgboss.job
        where name = $1 and created_on > $2::timestamptz
        order by created_on`),
    });
    // Two slots, each forwarded and worked to the end.
    await expect
      .poll(
        async () => {
          const { occurrences, jobs } = await read();
          const done = [...occurrences, ...jobs].every((job) => job.state === "completed");
          return done && jobs.length === occurrences.length ? occurrences.length : 0;
        },
        { timeout: 180_000, intervals: [5_000] },
      )
      .toBeGreaterThanOrEqual(2);
    const { occurrences, jobs } = await read();
    const slots = occurrences.map((o) => o.slot);
    expect(new Set(slots).size, `one occurrence per slot: ${slots.join(", ")}`).toBe(slots.length);
    expect(jobs).toHaveLength(occurrences.length);
    for (const job of jobs) expect(job).toMatchObject({ state: "completed", retry_count: 0 });
  } finally {
    await db.end();
  }
});

test("a host killed mid-call: the other side is told within 10 s and the room is rejoined through the other host", async ({
  browser,
}) => {
  const { doctorPage, subjectPage, doctorContext, subjectContext } = await meetAcrossHosts(
    browser,
    seeded.hostLoss,
  );
  const { consultationId } = seeded.hostLoss;

  // Host B, which holds the person's socket, dies without a word.
  process.kill(hostB.pid, "SIGKILL");
  const killedAt = Date.now();
  await expect(doctorPage.getByTestId("room-status")).toHaveText(/Waiting for Jo Bloggs/, {
    timeout: 10_000,
  });
  test.info().annotations.push({
    type: "told after",
    description: `${Date.now() - killedAt} ms`,
  });

  // The person opens the room again: the balancer passes over the dead host.
  const rejoined = await subjectPage.reload();
  expect(servedBy(rejoined)).toBe(hostA.id);
  for (const page of [doctorPage, subjectPage]) {
    await expect(page.getByTestId("video-room")).toHaveAttribute("data-connection", "connected", {
      timeout: 20_000,
    });
    await expectVideoArriving(page);
  }
  expect(roomJoinsOn(hostA, consultationId)).toEqual(["doctor", "subject"]);
  await doctorPage.screenshot({ path: test.info().outputPath("doctor-rejoined.png") });
  await Promise.all([doctorContext.close(), subjectContext.close()]);
});
