import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server.ts";
import { rateLimit } from "~/db/schema/index.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import {
  checkRateLimit,
  clearRateLimit,
  pruneRateLimits,
  type RateLimit,
  type RateLimitName,
  rateLimits,
  recordRateLimitAttempt,
} from "./rate-limit.server.ts";
import { systemScope } from "./scope.ts";

const database = testDatabaseForFile();

const names = Object.keys(rateLimits) as RateLimitName[];
const t0 = new Date("2026-03-02T09:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("the named limits", () => {
  it("names every limit the product applies, with the counts and windows it promised", () => {
    const minutes = (ms: number) => ms / 60_000;
    const table = Object.fromEntries(
      Object.entries(rateLimits as Record<string, RateLimit>).map(([name, l]) => [
        name,
        [l.max, minutes(l.windowMs), l.lockMs === undefined ? null : minutes(l.lockMs)],
      ]),
    );
    expect(table).toEqual({
      signIn: [50, 15, null],
      secondFactor: [50, 15, null],
      signUp: [20, 60, null],
      reset: [20, 15, null],
      verifyResend: [20, 15, null],
      signUpAccount: [5, 60, null],
      resetAccount: [5, 60, null],
      verifyResendAccount: [5, 60, null],
      accountLockout: [10, 5, 15],
      enquiry: [10, 10, null],
      teamInvitation: [30, 60, null],
      assessmentLink: [10, 15, null],
      apiKey: [300, 1, null],
    });
  });

  it.each(names.filter((name) => (rateLimits[name] as RateLimit).lockMs === undefined))(
    "%s: refuses once max attempts are counted in the window, until it ends",
    async (name) => {
      const limit: RateLimit = rateLimits[name];
      const subject = `203.0.113.${names.indexOf(name)}`;
      for (let i = 0; i < limit.max - 1; i++)
        await recordRateLimitAttempt(database.db, name, subject, at(i));
      expect(await checkRateLimit(database.db, name, subject, at(limit.max))).toEqual({
        limited: false,
      });
      await recordRateLimitAttempt(database.db, name, subject, at(limit.max));
      // The window runs from its first attempt: what is left of it is the wait.
      expect(await checkRateLimit(database.db, name, subject, at(limit.max))).toEqual({
        limited: true,
        locked: false,
        retryAfterSeconds: Math.ceil((limit.windowMs - limit.max) / 1000),
      });
      // Another subject, and another limit on the same subject, are counted apart.
      expect((await checkRateLimit(database.db, name, "198.51.100.1", at(limit.max))).limited).toBe(
        false,
      );
      const other = names.find((n) => n !== name)!;
      expect((await checkRateLimit(database.db, other, subject, at(limit.max))).limited).toBe(
        false,
      );
      // The window ended: allowed again, and the next attempt starts a new window at 1.
      expect((await checkRateLimit(database.db, name, subject, at(limit.windowMs))).limited).toBe(
        false,
      );
      expect(await recordRateLimitAttempt(database.db, name, subject, at(limit.windowMs))).toEqual({
        attempts: 1,
        lockedNow: false,
      });
    },
  );

  it("accountLockout: the tenth failure in 5 minutes locks for 15 minutes", async () => {
    const key = "account-key-1";
    for (let i = 1; i < 10; i++) {
      expect(await recordRateLimitAttempt(database.db, "accountLockout", key, at(i))).toEqual({
        attempts: i,
        lockedNow: false,
      });
      expect((await checkRateLimit(database.db, "accountLockout", key, at(i))).limited).toBe(false);
    }
    expect(await recordRateLimitAttempt(database.db, "accountLockout", key, at(10))).toEqual({
      attempts: 10,
      lockedNow: true,
    });
    // Still locked after the 5-minute window, until 15 minutes from the tenth failure.
    expect(await checkRateLimit(database.db, "accountLockout", key, at(10 + 6 * 60_000))).toEqual({
      limited: true,
      locked: true,
      retryAfterSeconds: 9 * 60,
    });
    // Pruning keeps a row whose lock has not ended, although its window has.
    expect(
      await pruneRateLimits(
        systemScope(database.db, "test", testAdapters(), { now: at(10 + 6 * 60_000) }),
      ),
    ).toBeGreaterThanOrEqual(0);
    const [kept] = await database.db
      .select()
      .from(rateLimit)
      .where(eq(rateLimit.key, `accountLockout:${key}`));
    expect(kept?.attempts).toBe(10);
    expect(
      (await checkRateLimit(database.db, "accountLockout", key, at(15 * 60_000 + 10))).limited,
    ).toBe(false);
  });

  it("clears one subject's count, and prunes rows whose window and lock have ended", async () => {
    for (let i = 0; i < 10; i++)
      await recordRateLimitAttempt(database.db, "assessmentLink", "192.0.2.50", at(0));
    expect((await checkRateLimit(database.db, "assessmentLink", "192.0.2.50", at(1))).limited).toBe(
      true,
    );
    await clearRateLimit(database.db, "assessmentLink", "192.0.2.50");
    expect((await checkRateLimit(database.db, "assessmentLink", "192.0.2.50", at(1))).limited).toBe(
      false,
    );

    await recordRateLimitAttempt(database.db, "enquiry", "192.0.2.51", at(0));
    await pruneRateLimits(
      systemScope(database.db, "test", testAdapters(), { now: at(24 * 60 * 60_000) }),
    );
    const left = await database.db.select({ key: rateLimit.key }).from(rateLimit);
    expect(left).toEqual([]);
  });

  it("counts concurrent attempts without losing one", async () => {
    await Promise.all(
      Array.from({ length: 8 }, () =>
        recordRateLimitAttempt(database.db, "signIn", "192.0.2.60", at(0)),
      ),
    );
    const [row] = await database.db
      .select()
      .from(rateLimit)
      .where(eq(rateLimit.key, "signIn:192.0.2.60"));
    expect(row?.attempts).toBe(8);
  });
});

describe("across app hosts", () => {
  // Two hosts behind a load balancer each have their own pool on the one PostgreSQL database
  // (docs/deployment.md): the count is the database's, so N hosts do not give N times the
  // attempts. PGlite lives inside one process, so this needs a server to have two pools.
  it.skipIf(!process.env.DATABASE_URL)(
    "shares one count between two pools on one database",
    async () => {
      const url = database.connectionString;
      if (!url) throw new Error("a PostgreSQL test database has a URL");
      const other = await openDatabase({ kind: "postgres", url });
      try {
        const limit = rateLimits.assessmentLink;
        for (let i = 0; i < limit.max; i++) {
          const host = i % 2 === 0 ? database.db : other.db;
          await recordRateLimitAttempt(host, "assessmentLink", "192.0.2.70", at(i));
        }
        // Half the attempts were made through each host: each refuses the next one.
        for (const host of [database.db, other.db]) {
          expect(
            (await checkRateLimit(host, "assessmentLink", "192.0.2.70", at(limit.max))).limited,
          ).toBe(true);
        }
      } finally {
        await other.close();
      }
    },
  );
});
