import { sql } from "drizzle-orm";
import pg from "pg";
import { migrateDatabase, openDatabase } from "./client.server.ts";

/**
 * Two roles on PostgreSQL (docs/decisions/0010-hardening-at-the-edge.md): an owner that runs the migrations and owns every
 * table, and the app's role that reads and writes rows but owns nothing of the product's schema.
 * Only an owner (or a superuser) can ALTER a table or DISABLE its triggers, so the app's role
 * cannot switch off the audit trail's append-only trigger; and it is granted INSERT and SELECT on
 * `audit_event`, never UPDATE, DELETE or TRUNCATE. It may create no schema, nor anything in public.
 * The job queue's schema (pg-boss creates a table per queue as it runs) belongs to the app's role.
 */

export interface RoleNames {
  owner: string;
  app: string;
}

const identifier = /^[a-z_][a-z0-9_]{0,62}$/;

function quoted(name: string): string {
  if (!identifier.test(name)) throw new Error(`Not a plain role or database name: ${name}`);
  return `"${name}"`;
}

function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** The advisory lock that keeps two provisionings from altering the same role at once. */
const provisioningLock = 0x726f6c65; // "role"

/**
 * Run once per database, as a superuser (or a role with CREATEROLE that owns the database):
 * creates the roles if missing and hands the database's public schema to the owner.
 */
export async function provisionDatabaseRoles(
  adminUrl: string,
  options: { database: string; roles: RoleNames; ownerPassword?: string; appPassword?: string },
): Promise<void> {
  const { owner, app } = options.roles;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // The roles are one catalogue row each, shared by every database on the server: two of these
    // running at once (each test file provisions its own database) both ALTER the same row, and
    // PostgreSQL refuses the second with "tuple concurrently updated". One at a time, then; the
    // lock goes with the connection.
    await admin.query("select pg_advisory_lock($1)", [provisioningLock]);
    for (const [role, password] of [
      [owner, options.ownerPassword],
      [app, options.appPassword],
    ] as const) {
      const exists = await admin.query("select 1 from pg_roles where rolname = $1", [role]);
      const auth = password ? ` PASSWORD ${literal(password)}` : "";
      await admin.query(
        exists.rowCount
          ? `ALTER ROLE ${quoted(role)} LOGIN${auth}`
          : `CREATE ROLE ${quoted(role)} LOGIN${auth}`,
      );
    }
    await admin.query(`ALTER DATABASE ${quoted(options.database)} OWNER TO ${quoted(owner)}`);
    await admin.query(`GRANT CONNECT ON DATABASE ${quoted(options.database)} TO ${quoted(app)}`);
    // No schemas of its own: one holding a table named like ours, put ahead of public in the
    // session's path, once let the app role feed the audit trail's trigger a forged last link.
    // The job queue's schema is made here instead, and pg-boss told not to create it
    // (app/services/jobs/queue.server.ts). Revoked explicitly: earlier provisionings granted it.
    await admin.query(`REVOKE CREATE ON DATABASE ${quoted(options.database)} FROM ${quoted(app)}`);
    await admin.query(`REVOKE CREATE ON DATABASE ${quoted(options.database)} FROM PUBLIC`);
    await admin.query(
      `ALTER ROLE ${quoted(app)} IN DATABASE ${quoted(options.database)} SET search_path = public`,
    );
  } finally {
    await admin.end();
  }
  // Inside the database itself: its public schema, and the job queue's schema.
  const url = new URL(adminUrl);
  url.pathname = `/${options.database}`;
  const inside = new pg.Client({ connectionString: url.toString() });
  await inside.connect();
  try {
    await inside.query(`ALTER SCHEMA public OWNER TO ${quoted(owner)}`);
    await inside.query(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
    await inside.query(`CREATE SCHEMA IF NOT EXISTS pgboss AUTHORIZATION ${quoted(app)}`);
  } finally {
    await inside.end();
  }
}

/**
 * After the migrations, as the owner: the app's role may use every table and sequence of the
 * product's schema, except change or remove audit events. Re-run after every migration (new
 * tables), which the server does when it migrates through DATABASE_MIGRATION_URL.
 */
async function grantAppPrivileges(
  ownerQuery: (statement: string) => Promise<unknown>,
  appRole: string,
): Promise<void> {
  const app = quoted(appRole);
  await ownerQuery(`GRANT USAGE ON SCHEMA public TO ${app}`);
  await ownerQuery(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${app}`);
  await ownerQuery(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${app}`);
  await ownerQuery(`REVOKE UPDATE, DELETE, TRUNCATE ON audit_event FROM ${app}`);
  await ownerQuery(`REVOKE UPDATE, DELETE, TRUNCATE ON audit_event FROM PUBLIC`);
}

/** The role a connection string signs in as. */
export function roleOf(connectionString: string): string {
  const user = decodeURIComponent(new URL(connectionString).username);
  if (!user) throw new Error("DATABASE_URL must name the app's role (postgres://role@host/db)");
  return user;
}

/** Applies the migrations as the owner role, then grants the app's role what it may do. */
export async function migrateAsOwner(migrationUrl: string, appUrl: string): Promise<void> {
  const owner = await openDatabase({ kind: "postgres", url: migrationUrl });
  try {
    await migrateDatabase(owner);
    await grantAppPrivileges((statement) => owner.db.execute(sql.raw(statement)), roleOf(appUrl));
  } finally {
    await owner.close();
  }
}
