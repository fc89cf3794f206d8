import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrationsFolder, openDatabase } from "~/db/client.server.ts";
import { auditEvent, questionnaireResponse } from "~/db/schema/index.ts";
import { verifyAuditChain } from "~/domain/audit/verify-audit-chain.server.ts";
import { currentDataKeyring } from "./keyring.ts";
import { resealEncryptedColumns } from "./reseal.server.ts";

/*
 * A data directory from before health data was sealed (ADR 0008): health columns in jsonb, audit events without a chain.
 * Migrating it must keep every answer and chain every old event.
 */

let database: DatabaseHandle;
let before: string;

async function migrateFrom(folder: string) {
  // biome-ignore lint/suspicious/noExplicitAny: the migrator wants the engine-specific type
  await migratePglite(database.db as any, { migrationsFolder: folder });
}

beforeAll(async () => {
  // The migrations up to, not including, the one that converts the columns.
  before = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-legacy-"));
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag.endsWith("_encryption_and_audit_chain"));
  const kept = journal.entries.slice(0, cut);
  fs.mkdirSync(path.join(before, "meta"));
  fs.writeFileSync(
    path.join(before, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries: kept }),
  );
  for (const e of kept) {
    fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
  }
  // Always embedded: the point is the upgrade path, which is the same SQL on both engines.
  database = await openDatabase({ kind: "memory" });
  await migrateFrom(before);
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(before, { recursive: true, force: true });
});

describe("upgrading a pre-encryption database", () => {
  it("converts jsonb answers to sealed text and chains earlier audit events", async () => {
    // Written as the old code wrote them: raw SQL, since today's schema has columns they lack.
    await database.db.execute(
      sql`insert into organisation (id, name) values ('org-old', 'Old Ltd')`,
    );
    const created = (await database.db.execute(sql`
        insert into referral (reference, organisation_id, type, status, subject_name, subject_email, created_by)
        values ('REF-LEGACY', 'org-old', 'management', 'in_progress', 'Old Subject', 'old@example.org', 'user-old')
        returning id::text as id`)) as unknown as { rows: { id: string }[] };
    const referral = { id: created.rows[0]!.id };
    for (const action of ["referral.create", "assessment.consent", "assessment.save"]) {
      await database.db.execute(sql`
          insert into audit_event (action, outcome, actor_id, actor_role, ip, request_id, details)
          values (${action}, 'success', 'user-old', 'employer', '192.0.2.1', 'req-old', '{"n": 1}'::jsonb)`);
    }
    await database.db.execute(sql`
        insert into questionnaire_response (referral_id, definition_url, definition_version, derived_from, build_context, status, answers)
        values (${referral.id}::uuid, 'urn:test', '1', '[]'::jsonb,
          '{"kind":"management","referralReason":"Old reason","version":"1"}'::jsonb, 'in-progress',
          '{"q1":"Old answer about epilepsy"}'::jsonb)`);
    const oldEvents = (await database.db.execute(
      sql`select count(*)::int as n from audit_event`,
    )) as unknown as { rows: { n: number }[] };
    expect(oldEvents.rows[0]?.n).toBeGreaterThan(0);

    await migrateFrom(migrationsFolder);
    await resealEncryptedColumns(database.db, currentDataKeyring(), "plaintext");

    const raw = (await database.db.execute(
      sql`select answers, build_context, transcript from questionnaire_response where referral_id = ${referral.id}::uuid`,
    )) as unknown as { rows: Record<string, string>[] };
    expect(JSON.stringify(raw.rows)).not.toMatch(/epilepsy|Old reason/);
    const [row] = await database.db
      .select()
      .from(questionnaireResponse)
      .where(eq(questionnaireResponse.referralId, referral.id));
    expect(row?.answers).toEqual({ q1: "Old answer about epilepsy" });
    expect(row?.buildContext).toMatchObject({ referralReason: "Old reason" });
    expect(row?.transcript).toEqual([]);

    const report = await verifyAuditChain(database.db);
    expect(report).toEqual({ ok: true, count: oldEvents.rows[0]?.n });
    const events = await database.db.select().from(auditEvent);
    expect(events.every((e) => e.hash && e.prevHash && e.chainSeq)).toBe(true);
  });
});
