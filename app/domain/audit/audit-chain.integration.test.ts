import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { openTestDatabaseAsOwner } from "~tests/support/test-database.ts";
import { recordAuditEvent } from "./record-audit-event.server.ts";
import { verifyAuditChain } from "./verify-audit-chain.server.ts";

const database = testDatabaseForFile();

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
    await record(5);
    const report = await verifyAuditChain(database.db);
    expect(report).toEqual({ ok: true, count: 5 });
    const rows = (await database.db.execute(
      sql`select chain_seq::int as seq, prev_hash, hash from audit_event order by chain_seq`,
    )) as unknown as { rows: { seq: number; prev_hash: string; hash: string }[] };
    expect(rows.rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(rows.rows[0]?.prev_hash).toBe("0".repeat(64));
    for (let i = 1; i < rows.rows.length; i++) {
      expect(rows.rows[i]?.prev_hash).toBe(rows.rows[i - 1]?.hash);
    }
  });

  it("does not fork under concurrent inserts", async () => {
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
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, count: 25 });
  });

  it("refuses UPDATE and DELETE on the audit table", async () => {
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
    await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`create temporary table audit_event (chain_seq bigint, hash text) on commit drop`,
      );
      await tx.execute(sql`insert into pg_temp.audit_event values (1000, ${"f".repeat(64)})`);
      await tx.execute(sql`set local search_path = pg_temp, public`);
      await tx.execute(
        sql`insert into public.audit_event (action, outcome) values ('test.shadowed', 'success')`,
      );
    });
    expect(await verifyAuditChain(database.db)).toEqual({ ok: true, count: 26 });
  });

  it("detects an edited row and names the first broken link", async () => {
    const target = (await database.db.execute(
      sql`select id::text as id from audit_event where chain_seq = 3`,
    )) as unknown as { rows: { id: string }[] };
    // What only someone with the table owner's rights could do: switch the guard off and edit.
    const owner = await openTestDatabaseAsOwner(database);
    try {
      await owner.db.execute(sql`alter table audit_event disable trigger audit_event_append_only`);
      await owner.db.execute(
        sql`update audit_event set details = '{"n": 99}'::jsonb where chain_seq = 3`,
      );
      await owner.db.execute(sql`alter table audit_event enable trigger audit_event_append_only`);
    } finally {
      await owner.close();
    }
    const report = await verifyAuditChain(database.db);
    expect(report).toMatchObject({
      ok: false,
      count: 2,
      firstBreak: { eventId: target.rows[0]?.id, reason: "hash-mismatch" },
    });
  });
});
