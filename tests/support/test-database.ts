import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  type DatabaseHandle,
  migrateDatabase,
  migrationsFolder,
  openDatabase,
  withConnection,
} from "~/db/client.server.ts";
import {
  migrateAsOwner,
  provisionDatabaseRoles,
  type RoleNames,
  roleOf,
} from "~/db/database-roles.server.ts";
import { syncQuestionnaireDefinitions } from "~/domain/assessments/sync-questionnaire-definitions.server.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or — when
 * DATABASE_URL names a PostgreSQL server — a new database created on that server and dropped
 * on close, so the same tests prove every migration and query on both engines.
 *
 * Both start from a template migrated once per set of migrations (vitest's globalSetup builds
 * it; the first caller builds it otherwise): a PGlite cluster costs an initdb of several seconds
 * on every start, which loading a dumped data directory skips, and on PostgreSQL
 * `CREATE DATABASE … TEMPLATE` copies the migrated schema instead of replaying every migration.
 *
 * With DATABASE_MIGRATION_URL as well, the tests run as production does with two roles
 * (docs/decisions/0010-hardening-at-the-edge.md): DATABASE_URL names the restricted app role,
 * DATABASE_MIGRATION_URL the owner role, and TEST_DATABASE_ADMIN_URL a superuser that creates and
 * drops the test databases (neither role may). Each database is provisioned as `npm run db:roles`
 * does and migrated as the owner; the handle every test gets signs in as the app role.
 */
export async function createTestDatabase({
  questionnaires = true,
}: {
  /** Load the questionnaire files as the server does at start-up (off to test that load itself). */
  questionnaires?: boolean;
} = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openFromPgliteTemplate(await prepareTestDatabaseTemplate());
    if (questionnaires) await syncQuestionnaireDefinitions(handle.db);
    return handle;
  }

  const server = serverSetup(serverUrl);
  const template = await prepareServerTemplate(server);
  const name = `referoh_test_${randomBytes(6).toString("hex")}`;
  await withConnection(server.adminUrl, (admin) =>
    admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`),
  );
  // The copy keeps the template's tables, owners and grants; the database-level grants and the
  // app role's settings belong to the new database and are given again.
  if (server.roles)
    await provisionDatabaseRoles(server.adminUrl, { database: name, roles: server.roles });
  const handle = await openDatabase({ kind: "postgres", url: databaseUrl(serverUrl, name) });
  if (questionnaires) await syncQuestionnaireDefinitions(handle.db);
  const close = handle.close;
  return {
    ...handle,
    async close() {
      await close();
      await withConnection(server.adminUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

/**
 * The same test database as its owner: for a test that plays someone with the owner's rights
 * (switching off the audit trail's trigger, say), which the app role is refused. Without the
 * two roles the test's own handle already owns everything and is returned as it is.
 */
export async function openTestDatabaseAsOwner(handle: DatabaseHandle): Promise<DatabaseHandle> {
  const url = testDatabaseOwnerUrl(handle);
  if (!url) return { ...handle, close: async () => {} };
  return openDatabase({ kind: "postgres", url });
}

/** The owner role's connection string for this test database, with two roles; else undefined. */
export function testDatabaseOwnerUrl(handle: DatabaseHandle): string | undefined {
  const migrationUrl = process.env.DATABASE_MIGRATION_URL;
  if (!migrationUrl || !process.env.DATABASE_URL || !handle.connectionString) return undefined;
  return databaseUrl(migrationUrl, new URL(handle.connectionString).pathname.slice(1));
}

interface ServerSetup {
  /** Creates and drops databases: DATABASE_URL itself, or TEST_DATABASE_ADMIN_URL with two roles. */
  adminUrl: string;
  /** Set when the tests run as a restricted app role beside an owner role. */
  roles?: RoleNames;
  migrationUrl?: string;
}

function serverSetup(serverUrl: string): ServerSetup {
  const migrationUrl = process.env.DATABASE_MIGRATION_URL;
  if (!migrationUrl) return { adminUrl: serverUrl };
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (!adminUrl)
    throw new Error(
      "DATABASE_MIGRATION_URL is set: the tests run as its owner role and DATABASE_URL's app role, " +
        "and need TEST_DATABASE_ADMIN_URL (a superuser on the same server) to create their databases.",
    );
  return {
    adminUrl,
    migrationUrl,
    roles: { owner: roleOf(migrationUrl), app: roleOf(serverUrl) },
  };
}

/** Builds (once per set of migrations) the template the engine in use clones; returns its name. */
export async function prepareTestDatabaseTemplate(): Promise<string> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) return prepareServerTemplate(serverSetup(serverUrl));
  const fingerprint = migrationsFingerprint();
  const file = path.join(templateCache, `pglite-${fingerprint}.tar`);
  if (fs.existsSync(file)) return file;
  const handle = await openDatabase({ kind: "memory" });
  try {
    await migrateDatabase(handle);
    const dump = await handle.pglite!.dumpDataDir("none");
    fs.mkdirSync(templateCache, { recursive: true });
    // Written aside and renamed: a parallel worker never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await handle.close();
  }
  for (const old of fs.readdirSync(templateCache)) {
    if (old.startsWith("pglite-") && old.endsWith(".tar") && path.join(templateCache, old) !== file)
      fs.rmSync(path.join(templateCache, old), { force: true });
    if (old.startsWith("pglite-") && old.endsWith("-data-dir") && !old.includes(fingerprint))
      fs.rmSync(path.join(templateCache, old), { recursive: true, force: true });
  }
  return file;
}

/**
 * An embedded data directory (its `db` folder) migrated once per set of migrations and kept
 * beside the template, for a test whose server processes open DATA_DIR themselves: `copyTo` a new
 * DATA_DIR before the first one starts, as a restarted server finds its database. A first start on
 * an empty directory costs an initdb and every migration: about 4 of a start's 9 core-seconds.
 */
export async function copyMigratedPgliteDataDir(copyTo: string): Promise<void> {
  const dir = path.join(templateCache, `pglite-${migrationsFingerprint()}-data-dir`);
  if (!fs.existsSync(dir)) {
    // Built aside and renamed: a parallel worker never copies half a directory.
    const partial = `${dir}.${process.pid}.${randomBytes(4).toString("hex")}`;
    const handle = await openDatabase({ kind: "pglite", dataDir: partial });
    try {
      await migrateDatabase(handle);
    } finally {
      await handle.close();
    }
    try {
      fs.renameSync(partial, dir);
    } catch (error) {
      // Another worker finished first: its directory is as good.
      fs.rmSync(partial, { recursive: true, force: true });
      if (!fs.existsSync(dir)) throw error;
    }
  }
  fs.cpSync(path.join(dir, "db"), path.join(copyTo, "db"), { recursive: true });
}

// Inside node_modules: per checkout, ignored by git, and gone with a clean install.
const templateCache = path.resolve("node_modules/.cache/referoh-test-database");

/** Changes whenever a migration (or the embedded engine) does, so a stale template is never used. */
function migrationsFingerprint(): string {
  const hash = createHash("sha256");
  const pgliteVersion = path.resolve("node_modules/@electric-sql/pglite/package.json");
  if (fs.existsSync(pgliteVersion)) hash.update(fs.readFileSync(pgliteVersion));
  const walk = (dir: string) => {
    for (const entry of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(migrationsFolder, full)).update(fs.readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest("hex").slice(0, 16);
}

/**
 * The template as a Blob, read once per worker: files share a worker's module graph
 * (vitest.config.ts), and a Blob is immutable, so each database loads the same one.
 */
const templateBlobs = new Map<string, Blob>();

function openFromPgliteTemplate(file: string): Promise<DatabaseHandle> {
  let template = templateBlobs.get(file);
  if (!template) {
    template = new Blob([fs.readFileSync(file)]);
    templateBlobs.set(file, template);
  }
  return openDatabase({ kind: "memory", loadDataDir: template });
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The migrated template database on the server. Built under an advisory lock so parallel test
 * files wait for one builder, and migrated under a temporary name: a run that dies half-way
 * never leaves a template that looks finished. With two roles the template is provisioned and
 * migrated as `npm run db:roles` and the server would do it, under a name of its own: its
 * tables belong to the owner role, not to the superuser.
 */
async function prepareServerTemplate(server: ServerSetup): Promise<string> {
  const roles = server.roles;
  const name = roles
    ? `referoh_template_${migrationsFingerprint()}_${createHash("sha256").update(`${roles.owner}/${roles.app}`).digest("hex").slice(0, 8)}`
    : `referoh_template_${migrationsFingerprint()}`;
  return withConnection(server.adminUrl, async (admin) => {
    const exists = async () =>
      ((await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount ?? 0) >
      0;
    if (await exists()) return name;
    await admin.query("select pg_advisory_lock(hashtext('referoh_test_template'))");
    try {
      if (await exists()) return name;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      if (roles && server.migrationUrl) {
        await provisionDatabaseRoles(server.adminUrl, { database: building, roles });
        await migrateAsOwner(
          databaseUrl(server.migrationUrl, building),
          databaseUrl(process.env.DATABASE_URL!, building),
        );
      } else {
        const handle = await openDatabase({
          kind: "postgres",
          url: databaseUrl(server.adminUrl, building),
        });
        try {
          await migrateDatabase(handle);
        } finally {
          await handle.close();
        }
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await admin.query("select pg_advisory_unlock(hashtext('referoh_test_template'))");
    }
  });
}
