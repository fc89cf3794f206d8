import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordEventBehindShadowTable } from "~tests/support/audit.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { openTestDatabaseAsOwner } from "~tests/support/test-database.ts";
import { recordAuditEvent } from "./record-audit-event.server.ts";
import { verifyAuditChain } from "./verify-audit-chain.server.ts";

const database = testDatabaseForFile();

/** How many events the trail holds now: each test counts from there, so any order passes. */
async function chainLength(): Promise<number> {
  const report = await verifyAuditChain(database.db);
  expect(report.ok).toBe(true);
  return report.count;
}

async function record(n: number) {
  for (let i = 0; i < n; i++) {
    await recordAuditEvent(database.db, {
      action: "test.event",
      outcome: "success",
      actor: { id: `user-${i}`, role: "admin", organisationId: "org-1" },
      object: { type: "referral", id: `ref-${i}` },
      request: { ip: "203.0.113.7", requestId: `req-${i}` },
      details: { n: i, note: "ünïcode ✓" },
    });
  }
}

describe("the audit trail's hash chain", () => {
  it("links every event to the one before and verifies", async () => {
    const before = await chainLength();
    await record(5);
    const report = await verifyAuditChain(database.db);
    expect(report).toEqual({ ok: true, count: before + 5 });
    const rows = (await database.db.execute(
      sql`select chain_seq::int as seq, prev_hash, hash from audit_event order by chain_seq`,
    )) as unknown as { rows: { seq: number; prev_hash: string; hash: string }[] };
    expect(rows.rows.map((r) => r.seq)).toEqual(
      Array.from({ length: before + 5 }, (_, i) => i + 1),
    );
    expect(rows.rows[0]?.prev_hash).toBe("0".repeat(64));
    for (let i = 1; i < rows.rows.length; i++) {
      expect(rows.rows[i]?.prev_hash).toBe(rows.rows[i - 1]?.hash);
    }
  });

  // PostgreSQL only: PGlite runs one transaction at a time (its transaction mutex), so there the
  // 20 transactions are 20 inserts one after another, which the test above already links and
  // verifies; the fork this guards against needs two transactions open at once. `.ci/run` runs
  // the integration tests on PostgreSQL.
  it.skipIf(!process.env.DATABASE_URL)("does not fork under concurrent inserts", async () => {
    const before = await chainLength();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await recordAuditEvent(tx, {
            action: "test.concurrent",
            outcome: "success",
            details: { i },
          });
        }),
      ),
    );
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, count: before + 20 });
  });

  it("refuses UPDATE and DELETE on the audit table", async () => {
    await record(1);
    await expect(
      database.db.execute(sql`update audit_event set action = 'x' where chain_seq = 1`),
    ).rejects.toThrow();
    await expect(
      database.db.execute(sql`delete from audit_event where chain_seq = 1`),
    ).rejects.toThrow();
  });

  it("links onto the trail's own last event whatever the session's search path", async () => {
    // The attack a probe ran as the app role: a table named audit_event ahead of public in the
    // session's path, holding a forged last link. Its own temporary schema needs no privilege
    // at all; the trigger once read the forged link and every later event broke the chain.
    const before = await chainLength();
    await recordEventBehindShadowTable(database.db);
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, count: before + 1 });
  });

  it("detects an edited row and names the first broken link", async () => {
    const before = await chainLength();
    await record(3);
    const target = (await database.db.execute(
      sql`select id::text as id, details from audit_event where chain_seq = ${before + 2}`,
    )) as unknown as { rows: { id: string; details: unknown }[] };
    // What only someone with the table owner's rights could do: switch the guard off and edit.
    const owner = await openTestDatabaseAsOwner(database);
    const asOwner = async (details: string) => {
      await owner.db.execute(sql`alter table audit_event disable trigger audit_event_append_only`);
      await owner.db.execute(
        sql`update audit_event set details = ${details}::jsonb where chain_seq = ${before + 2}`,
      );
      await owner.db.execute(sql`alter table audit_event enable trigger audit_event_append_only`);
    };
    try {
      await asOwner('{"n": 99}');
      const report = await verifyAuditChain(database.db);
      expect(report).toMatchObject({
        ok: false,
        count: before + 1,
        firstBreak: { eventId: target.rows[0]?.id, reason: "hash-mismatch" },
      });
      // Put the row back, so the trail verifies again for whichever test runs next.
      await asOwner(JSON.stringify(target.rows[0]?.details));
      expect(await verifyAuditChain(database.db)).toEqual({ ok: true, count: before + 3 });
    } finally {
      await owner.close();
    }
  });
});
