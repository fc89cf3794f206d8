import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { migrateDatabase, openDatabase, withConnection } from "~/db/client.server.ts";
import {
  createKeyring,
  type DataKeyring,
  DecryptionError,
  generateDataKey,
  installDataKeyring,
  newKeyId,
} from "~/db/encryption/keyring.ts";
import { member, webhookEndpoint } from "~/db/schema/index.ts";
import { seedDatabase } from "~/db/seed/index.server.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { verifyAuditChain } from "~/domain/audit/verify-audit-chain.server.ts";
import { writeKeyringFile } from "~/services/encryption/data-keyring.server.ts";

/*
 * `npm run restore:drill -- --admin-url postgres://postgres@127.0.0.1:5432/postgres`: the backup
 * and restore of docs/deployment.md ("Backups" and "The restore drill"), done for real on a
 * database of its own: migrate, seed an employer with a sealed field and audit events, back up
 * with pg_dump while the data keys are written somewhere else, drop the database, restore it with
 * pg_restore, open the sealed field with the keys kept apart, and verify the audit chain with
 * `npm run audit:verify`. Exits 1 at the first step that fails; drops its database either way.
 * The admin URL is a role that may create databases (CI: the local superuser).
 */
const { values } = parseArgs({
  options: { "admin-url": { type: "string" } },
});
const adminUrl =
  values["admin-url"] ?? process.env.RESTORE_DRILL_ADMIN_URL ?? process.env.TEST_DATABASE_ADMIN_URL;
if (!adminUrl) {
  console.error(
    "Usage: npm run restore:drill -- --admin-url postgres://superuser@host:5432/postgres\n" +
      "(or RESTORE_DRILL_ADMIN_URL). The drill makes, drops and restores a database of its own there.",
  );
  process.exit(1);
}

const started = performance.now();
const name = `referoh_restore_drill_${randomBytes(4).toString("hex")}`;
const urlOf = (database: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};
const drillUrl = urlOf(name);
// The dump and the keys go to two different places, as in production: a backup that carried its
// own keys would give the health data to whoever holds the backup.
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-drill-backup-"));
const keysDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-drill-keys-"));
const dumpFile = path.join(backupDir, `${name}.dump`);
const keysFile = path.join(keysDir, "data-keys.json");

function step(label: string) {
  console.log(`▶ ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, {
    env: { ...process.env, ...env },
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} exited ${result.status}: ${result.stderr || result.error}`,
    );
  }
  return result.stdout;
}

const admin = <T>(work: (client: pg.Client) => Promise<T>) => withConnection(adminUrl, work);

const dropDrillDatabase = () =>
  admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

function readKeys(file: string): DataKeyring {
  const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as {
    current: string;
    keys: Record<string, string>;
  };
  return createKeyring(
    parsed.current,
    Object.fromEntries(
      Object.entries(parsed.keys).map(([id, key]) => [id, Buffer.from(key, "base64")]),
    ),
  );
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(`Restore drill failed: ${message}`);
}

let failed = false;
try {
  step(`Creating ${name} and migrating it`);
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const keyId = newKeyId();
  writeKeyringFile(keysFile, createKeyring(keyId, { [keyId]: generateDataKey() }));
  installDataKeyring(readKeys(keysFile));

  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  let endpointId: string;
  let eventsBefore: number;
  {
    const database = await openDatabase({ kind: "postgres", url: drillUrl });
    try {
      await migrateDatabase(database);
      step("Seeding an employer, a sealed field and audit events");
      await seedDatabase(database.db);
      const [owner] = await database.db
        .select({ organisationId: member.organisationId, userId: member.userId })
        .from(member)
        .limit(1);
      check(Boolean(owner), "the seed made no employer");
      const [endpoint] = await database.db
        .insert(webhookEndpoint)
        .values({
          organisationId: owner!.organisationId,
          url: "https://hr.example.org/referoh-events",
          events: ["report.released"],
          secret,
          createdBy: owner!.userId,
        })
        .returning({ id: webhookEndpoint.id });
      endpointId = endpoint!.id;
      for (const action of ["restore_drill.seeded", "restore_drill.webhook_added"]) {
        await recordAuditEvent(database.db, {
          action,
          outcome: "success",
          actor: { id: owner!.userId, role: "employer", organisationId: owner!.organisationId },
          object: { type: "webhook_endpoint", id: endpointId },
          details: { drill: true },
        });
      }
      // The raw column, as the backup will hold it.
      const stored = (await database.db.execute(
        sql`select secret from webhook_endpoint where id = ${endpointId}`,
      )) as unknown as { rows: Array<{ secret: string }> };
      check(!stored.rows[0]?.secret.includes(secret), "the sealed field is stored in the clear");
      const chain = await verifyAuditChain(database.db);
      check(chain.ok, "the audit chain is broken before the backup");
      eventsBefore = chain.count;
      check(eventsBefore >= 2, "no audit events were written");
    } finally {
      await database.close();
    }
  }

  step("Backing up with pg_dump (custom format)");
  run("pg_dump", ["--format=custom", "--no-owner", "--file", dumpFile, drillUrl]);
  const asSql = run("pg_restore", ["--file", "-", dumpFile]);
  check(asSql.includes("restore_drill.webhook_added"), "the dump holds no audit events");
  check(!asSql.includes(secret), "the dump holds the sealed field in the clear");
  check(
    !asSql.includes(readKeys(keysFile).keys.get(keyId)!.toString("base64")),
    "the dump holds a data key",
  );

  step("Dropping the database");
  await dropDrillDatabase();

  step("Restoring with pg_restore into a new database of the same name");
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  run("pg_restore", ["--exit-on-error", "--no-owner", "--dbname", drillUrl, dumpFile]);

  step("Opening the sealed field with the keys kept apart");
  {
    const database = await openDatabase({ kind: "postgres", url: drillUrl });
    try {
      // Without the keys the restored data is sealed: another keyring cannot open it.
      const otherId = newKeyId();
      installDataKeyring(createKeyring(otherId, { [otherId]: generateDataKey() }));
      // The drill's database holds its one endpoint: read whole, as a restore check would.
      const endpoints = () =>
        database.db
          .select({ id: webhookEndpoint.id, secret: webhookEndpoint.secret })
          .from(webhookEndpoint);
      const withoutKeys = await endpoints().then(
        () => "opened",
        (error: unknown) =>
          error instanceof DecryptionError || (error as Error).cause instanceof DecryptionError
            ? "refused"
            : String(error),
      );
      check(withoutKeys === "refused", `a keyring without the data key gave: ${withoutKeys}`);

      installDataKeyring(readKeys(keysFile));
      const restored = (await endpoints()).find((row) => row.id === endpointId);
      check(restored?.secret === secret, "the sealed field did not open to what was written");
    } finally {
      await database.close();
    }
  }

  step("Verifying the audit chain with npm run audit:verify");
  const verified = run("npm", ["run", "--silent", "audit:verify"], {
    DATABASE_URL: drillUrl,
    DATABASE_MIGRATION_URL: "",
  });
  const count = Number(/(\d+) events/.exec(verified)?.[1]);
  check(
    count === eventsBefore,
    `audit:verify counted ${count} events, the backup had ${eventsBefore}`,
  );
  console.log(verified.trim());
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await dropDrillDatabase().catch((error: unknown) => {
    failed = true;
    console.error(`Could not drop ${name}: ${error}`);
  });
  fs.rmSync(backupDir, { recursive: true, force: true });
  fs.rmSync(keysDir, { recursive: true, force: true });
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (failed) {
  console.error(`Restore drill FAILED after ${seconds} s.`);
  process.exit(1);
}
console.log(
  `Restore drill passed in ${seconds} s: backup, drop, restore, sealed field, audit chain.`,
);
