import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { verifyAuditChain } from "~/domain/audit/verify-audit-chain.server.ts";
import { startRuntime } from "~/runtime.server.ts";
import { createJobQueue } from "~/services/jobs/queue.server.ts";
import { createLogger } from "~/services/logger.server.ts";
import { recordEventBehindShadowTable } from "~tests/support/audit.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";
import { type DatabaseHandle, openDatabase } from "./client.server.ts";
import { migrateAsOwner, provisionDatabaseRoles, roleOf } from "./database-roles.server.ts";
import { organisation } from "./schema/index.ts";

/** The queue adapter itself, for a job that exists only in this test and so in no product map. */
type UntypedJobs = { send(name: string, data: object): Promise<string | null> };

/*
 * PostgreSQL only (roles do not exist in the embedded engine): the server runs as a role that
 * owns nothing, so it cannot change or remove audit events nor switch off their trigger. This
 * file makes roles of its own through a superuser: DATABASE_URL, or TEST_DATABASE_ADMIN_URL when
 * the whole pass runs as the two roles, as CI's PostgreSQL pass does (.ci/run).
 */
const serverUrl = process.env.DATABASE_MIGRATION_URL
  ? process.env.TEST_DATABASE_ADMIN_URL
  : process.env.DATABASE_URL;
const suffix = randomBytes(4).toString("hex");
const database = `referoh_roles_${suffix}`;
const roles = { owner: `referoh_owner_${suffix}`, app: `referoh_app_${suffix}` };

type Rows = { rows: Record<string, unknown>[] };

function urlAs(role: string): string {
  const url = new URL(serverUrl!);
  url.username = role;
  url.password = "";
  url.pathname = `/${database}`;
  return url.toString();
}

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    return String(cause?.message ?? (error as Error).message);
  }
  return "no error";
}

describe.skipIf(!serverUrl)("database roles on PostgreSQL", () => {
  let app: DatabaseHandle;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await provisionDatabaseRoles(serverUrl!, { database, roles });
    await migrateAsOwner(urlAs(roles.owner), urlAs(roles.app));
    app = await openDatabase({ kind: "postgres", url: urlAs(roles.app) });
  });
  afterAll(async () => {
    await app?.close();
    await admin.query(`drop database if exists ${database} with (force)`);
    for (const role of [roles.app, roles.owner]) await admin.query(`drop role if exists ${role}`);
    await admin.end();
  });

  it("provisions several databases for the same roles at once", async () => {
    // Each test file provisions its own database, and Vitest runs files side by side.
    const names = Array.from({ length: 6 }, (_, i) => `${database}_c${i}`);
    for (const name of names) await admin.query(`create database ${name}`);
    try {
      await Promise.all(
        names.map((name) => provisionDatabaseRoles(serverUrl!, { database: name, roles })),
      );
      const owners = await admin.query(
        "select pg_get_userbyid(datdba) as owner from pg_database where datname = any($1)",
        [names],
      );
      expect(owners.rows.map((row) => row.owner)).toEqual(names.map(() => roles.owner));
    } finally {
      for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    }
  });

  it("lets the app role write rows and audit events", async () => {
    expect(
      ((await app.db.execute(sql`select current_user as role`)) as unknown as Rows).rows[0],
    ).toEqual({ role: roles.app });
    await app.db.insert(organisation).values({ id: "org-roles", name: "Roles Ltd" });
    await app.db.execute(
      sql`update organisation set name = 'Roles Limited' where id = 'org-roles'`,
    );
    await recordAuditEvent(app.db, {
      action: "test.recorded",
      outcome: "success",
      object: { type: "test", id: "1" },
      request: { ip: "203.0.113.9", requestId: "req-roles" },
    });
    const count = (await app.db.execute(
      sql`select count(*)::int as n from audit_event`,
    )) as unknown as Rows;
    expect(count.rows[0]?.n).toBeGreaterThan(0);
  });

  it("refuses the app role any change to audit events, or to the table and its trigger", async () => {
    expect(await refusal(app.db.execute(sql`update audit_event set action = 'x'`))).toMatch(
      /permission denied/,
    );
    expect(await refusal(app.db.execute(sql`delete from audit_event`))).toMatch(
      /permission denied/,
    );
    expect(await refusal(app.db.execute(sql`truncate audit_event`))).toMatch(/permission denied/);
    expect(await refusal(app.db.execute(sql`alter table audit_event disable trigger all`))).toMatch(
      /must be owner/,
    );
    expect(await refusal(app.db.execute(sql`drop table audit_event`))).toMatch(/must be owner/);
    expect(await refusal(app.db.execute(sql`create table intruder (id int)`))).toMatch(
      /permission denied/,
    );
  });

  it("refuses the app role a schema of its own, and so the shadow-table attack", async () => {
    // The probe's attack: a schema of the app role's, a table in it named audit_event holding a
    // forged last link, that schema first in the session's path, then one event.
    expect(await refusal(app.db.execute(sql`create schema shadow`))).toMatch(/permission denied/);
    expect(
      await refusal(app.db.execute(sql`create table public.audit_event_shadow (id int)`)),
    ).toMatch(/permission denied/);
    // Its temporary schema, which needs no privilege, shadows nothing in the trigger either.
    await recordEventBehindShadowTable(app.db);
    expect(await verifyAuditChain(app.db)).toMatchObject({ ok: true });
  });

  it("runs npm run audit:verify as the app role alone", async () => {
    const script = path.resolve("scripts/audit-verify.ts");
    const { code, output } = await new Promise<{ code: number | null; output: string }>(
      (resolve) => {
        const child = spawn(process.execPath, ["--import", "tsx", script], {
          env: {
            ...process.env,
            DATABASE_URL: urlAs(roles.app),
            DATABASE_MIGRATION_URL: "",
            DATA_DIR: os.tmpdir(),
            LOG_LEVEL: "silent",
          },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let output = "";
        child.stdout.on("data", (chunk) => {
          output += chunk;
        });
        child.stderr.on("data", (chunk) => {
          output += chunk;
        });
        child.on("exit", (exitCode) => resolve({ code: exitCode, output }));
      },
    );
    expect(output).toMatch(/Audit trail OK: \d+ events/);
    expect(code).toBe(0);
  }, 60_000);

  it("starts the whole server runtime as the app role, migrating as the owner", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-roles-"));
    const runtime = await startRuntime(
      loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        JOBS: "on",
        DATABASE_URL: urlAs(roles.app),
        DATABASE_MIGRATION_URL: urlAs(roles.owner),
      }),
    );
    try {
      await runtime.database.ping();
      const who = (await runtime.database.db.execute(
        sql`select current_user as role`,
      )) as unknown as Rows;
      expect(who.rows[0]).toEqual({ role: roles.app });
    } finally {
      await runtime.shutdown();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("runs the job queue as the app role in a schema of its own", async () => {
    const jobs = createJobQueue({
      connectionString: urlAs(roles.app),
      logger: createLogger("silent"),
    });
    await jobs.start();
    try {
      expect(await (jobs as unknown as UntypedJobs).send("roles-check", { ok: true })).toMatch(
        /[0-9a-f-]{36}/,
      );
    } finally {
      await jobs.stop();
    }
  });
});

/*
 * With DATABASE_MIGRATION_URL (CI's PostgreSQL pass), every integration test's database is the
 * app role's: this proves the pass really ran as that role, and that it could not edit the trail.
 */
describe.skipIf(!process.env.DATABASE_URL || !process.env.DATABASE_MIGRATION_URL)(
  "the integration pass as the restricted app role",
  () => {
    it("signs every test in as DATABASE_URL's role, which cannot UPDATE audit_event", async () => {
      const database = await createTestDatabase({ questionnaires: false });
      try {
        const who = (await database.db.execute(
          sql`select current_user as role, rolsuper as superuser, (select pg_get_userbyid(relowner) from pg_class where relname = 'audit_event') as owner from pg_roles where rolname = current_user`,
        )) as unknown as Rows;
        expect(who.rows[0]).toEqual({
          role: roleOf(process.env.DATABASE_URL!),
          superuser: false,
          owner: roleOf(process.env.DATABASE_MIGRATION_URL!),
        });
        await recordAuditEvent(database.db, {
          action: "test.recorded",
          outcome: "success",
          object: { type: "test", id: "ci" },
        });
        expect(
          await refusal(database.db.execute(sql`update audit_event set action = 'x'`)),
        ).toMatch(/permission denied for table audit_event/);
        expect(
          await refusal(database.db.execute(sql`alter table audit_event disable trigger all`)),
        ).toMatch(/must be owner/);
      } finally {
        await database.close();
      }
    });
  },
);
