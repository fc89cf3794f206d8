import { randomBytes } from "node:crypto";
import pg from "pg";
import { scratchDatabase, settingsOnDatabase } from "../support/scratch-database.ts";
import { spawnServer } from "../support/server-process.ts";
import { expect, hydratingTest as test } from "../support/test.ts";

/*
 * Losing the database: a request whose connection is terminated mid-query gets 503 with
 * Retry-After (never 500), /healthz says the database is down while it is, and the server
 * recovers on its own once the database is back. Runs on the PostgreSQL server CI and this
 * machine run (CI_POSTGRES_URL, else 127.0.0.1:5432), in a database of its own.
 */
const port = Number(process.env.E2E_PORT ?? 3210) + 91;

/**
 * A GET sent again once if the socket it was given closes under it: the server closes a
 * keep-alive connection idle for 5 s, and on a loaded machine fetch can pick the pooled socket
 * just as it goes ("other side closed"), as a browser would retry. The body is read inside the
 * retry, since the close can come while it is read ("terminated"). Only for requests the test
 * does not expect to be cut; the request held on a lock below is sent once.
 */
async function get(url: string, init?: RequestInit): Promise<Response> {
  const whole = async () => {
    const response = await fetch(url, init);
    const body = await response.arrayBuffer();
    return new Response(body, { status: response.status, headers: response.headers });
  };
  try {
    return await whole();
  } catch (error) {
    if (
      !(
        error instanceof TypeError &&
        /terminated|other side closed/.test(`${error.message} ${String(error.cause)}`)
      )
    )
      throw error;
    return whole();
  }
}
const origin = `http://localhost:${port}`;

test("a lost database gives 503 with Retry-After, /healthz says so, and the server recovers", async () => {
  test.setTimeout(180_000);
  const scratch = await scratchDatabase("referoh_outage");
  const { admin, name: database } = scratch;
  const server = spawnServer(settingsOnDatabase(scratch, port));
  const locker = new pg.Client({ connectionString: scratch.url });
  /** The app's connections: everything on its database but ours. */
  const terminateAppConnections = () =>
    admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and pid <> $2`,
      [database, (locker as unknown as { processID: number }).processID ?? 0],
    );
  // An assessment link the database has never seen: the page reads the invitations table.
  const link = `${origin}/assessment/${randomBytes(32).toString("base64url")}`;
  const page = { headers: { accept: "text/html" } };
  try {
    await expect
      .poll(async () => (await get(`${origin}/healthz`).catch(() => null))?.status, {
        timeout: 120_000,
      })
      .toBe(200);
    const healthy = await (await get(`${origin}/healthz`)).json();
    expect(healthy).toMatchObject({ status: "ok", database: { status: "up", engine: "postgres" } });
    const before = await get(link, page);
    expect(before.status, "an unknown link is a neutral 404 page").toBe(404);

    // Mid-request: the page's query waits on a lock we hold, and then its connection is cut.
    await locker.connect();
    await locker.query("begin");
    await locker.query("lock table assessment_invitation in access exclusive mode");
    const pending = fetch(link, page);
    await expect
      .poll(
        async () =>
          (
            await admin.query(
              `select count(*)::int as n from pg_stat_activity
                where datname = $1 and wait_event_type = 'Lock'`,
              [database],
            )
          ).rows[0].n,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await terminateAppConnections();
    const cut = await pending;
    expect(cut.status).toBe(503);
    expect(cut.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await cut.text()).toContain("Service briefly unavailable");
    await locker.query("rollback");

    // Recovery: the pool opens new connections by itself.
    expect((await get(link, page)).status).toBe(404);

    // The database refuses every connection for a while.
    await admin.query(`alter database ${database} allow_connections false`);
    await terminateAppConnections();
    const down = await get(`${origin}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ database: { status: "down" } });
    const refused = await get(link, page);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const data = await get(link, { headers: { accept: "application/json" } });
    expect(data.status).toBe(503);
    expect(await data.json()).toMatchObject({ error: "database_unavailable" });

    // And back.
    await admin.query(`alter database ${database} allow_connections true`);
    await expect
      .poll(async () => (await get(`${origin}/healthz`)).status, { timeout: 20_000 })
      .toBe(200);
    expect((await get(link, page)).status).toBe(404);
    // Never a 500, and no stack trace in the server's output.
    expect(server.output()).not.toMatch(/\n\s+at /);
  } finally {
    await locker.end().catch(() => {});
    server.child.kill("SIGTERM");
    await server.exited;
    await admin.query(`alter database ${database} allow_connections true`).catch(() => {});
    await scratch.drop();
  }
});
