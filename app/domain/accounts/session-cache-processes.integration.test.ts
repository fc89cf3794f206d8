import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import { openDatabase } from "~/db/client.server.ts";
import { doctorProfile, session } from "~/db/schema/index.ts";
import { startRuntime } from "~/runtime.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { CookieJar, requestFrom, startTestRuntime } from "~tests/support/accounts-harness.ts";
import { insertPasswordAccount } from "~tests/support/password-account.ts";
import { PASSWORD } from "~tests/support/test-accounts.ts";
import { loadSession } from "./load-session.server.ts";
import { signInWithPassword } from "./sign-in.server.ts";
import { signOut } from "./sign-out.server.ts";

/*
 * Two server processes on one PostgreSQL database (docs/decisions/0013-session-cache.md): each has
 * its own session cache and hears the other's changes on the real `session_changes` channel. A
 * doctor's session that is valid in the database must stay valid in both, whichever process
 * serves each request, while the other process slides its expiry, the same doctor signs in and
 * out elsewhere, and both serve requests at once. Only on PostgreSQL: PGlite is one process.
 */
const SECRET = "two-processes-share-one-auth-secret-0123456789";
// Every host holds the same data keys (docs/deployment.md); one without the database's current
// key refuses to start.
const DATA_KEYS = `k1:${randomBytes(32).toString("base64")}`;
let first: Runtime;
let second: Runtime;
let stopFirst: () => Promise<void>;
let secondDataDir: string;

describe.skipIf(!process.env.DATABASE_URL)("a session across two server processes", () => {
  beforeAll(async () => {
    ({ runtime: first, stop: stopFirst } = await startTestRuntime({
      BETTER_AUTH_SECRET: SECRET,
      DATA_ENCRYPTION_KEYS: DATA_KEYS,
    }));
    const url = first.database.connectionString;
    if (!url) throw new Error("the first process is not on PostgreSQL");
    secondDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-second-process-"));
    second = await startRuntime(
      loadConfig({
        DATA_DIR: secondDataDir,
        LOG_LEVEL: "silent",
        JOBS: "off",
        NODE_ENV: "test",
        BETTER_AUTH_SECRET: SECRET,
        DATA_ENCRYPTION_KEYS: DATA_KEYS,
        DATABASE_URL: url,
      }),
      { database: await openDatabase({ kind: "postgres", url }) },
    );
  });
  afterAll(async () => {
    await second?.shutdown();
    fs.rmSync(secondDataDir, { recursive: true, force: true });
    await stopFirst?.();
  });

  async function doctorSignedIn(userId: string, ip: string) {
    const result = await signInWithPassword(first, {
      email: `${userId}@processes.example`,
      password: PASSWORD,
      portal: "doctor",
      request: requestFrom(ip),
    });
    if (result.status !== "signed-in") throw new Error(result.status);
    const jar = new CookieJar().absorb(result.setCookies);
    return { jar, ip, headers: () => requestFrom(ip, jar).headers };
  }

  it("stays valid in both while each slides it, the doctor signs in and out elsewhere, and both serve at once", {
    timeout: 120_000,
  }, async () => {
    const userId = `processes-${randomUUID()}`;
    const { db } = first.database;
    await insertPasswordAccount(
      db,
      {
        id: userId,
        name: "Dana Two-Process",
        email: `${userId}@processes.example`,
        role: "doctor",
      },
      await hashPassword(PASSWORD),
    );
    await db.insert(doctorProfile).values({ userId, gmcNumber: "7123456" });
    const browser = await doctorSignedIn(userId, "198.51.100.61");
    const [row] = await db.select().from(session).where(eq(session.userId, userId));
    if (!row) throw new Error("no session row");

    const lookups: string[] = [];
    const lookup = async (runtime: Runtime, name: string, now: Date) => {
      const found = await loadSession(runtime, browser.headers(), now);
      lookups.push(`${name}@${now.toISOString()}:${found.status}`);
      return found.status;
    };
    // Twenty minutes of a doctor's work, a request every 20 to 40 seconds, each served by either
    // process and often by both at once; every few minutes the same doctor signs in on another
    // device (a new session, announced to both when it ends) and signs out of it again.
    let now = new Date();
    for (let step = 0; step < 40; step++) {
      now = new Date(now.getTime() + 20_000 + ((step * 7_000) % 20_000));
      const served =
        step % 3 === 0
          ? await Promise.all([lookup(first, "A", now), lookup(second, "B", now)])
          : [await lookup(step % 2 ? first : second, step % 2 ? "A" : "B", now)];
      expect(served, lookups.join("\n")).toEqual(served.map(() => "active"));
      if (step % 5 === 4) {
        const elsewhere = await doctorSignedIn(userId, "198.51.100.62");
        const there = await loadSession(second, elsewhere.headers(), now);
        if (there.status !== "active") throw new Error(`the other device: ${there.status}`);
        await signOut(second, {
          actor: there.current.actor,
          request: { headers: elsewhere.headers(), ip: elsewhere.ip, requestId: "elsewhere" },
        });
      }
    }
    // The session is still there, and each process reads it as active.
    const [still] = await db.select().from(session).where(eq(session.id, row.id));
    expect(still).toBeDefined();
    expect(await lookup(first, "A", now)).toBe("active");
    expect(await lookup(second, "B", now)).toBe("active");
  });
});
