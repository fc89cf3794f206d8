import { loadConfig } from "~/config.server.ts";
import { databaseLocationFromConfig, migrateDatabase, openDatabase } from "~/db/client.server.ts";
import { migrateAsOwner } from "~/db/database-roles.server.ts";

/**
 * The app's own database (PGlite under DATA_DIR, or DATABASE_URL), migrated, for a maintenance
 * script. `readOnly`: a script that only reads (audit:verify) leaves a PostgreSQL server's
 * migrations to the owner and runs with the app's role alone.
 */
export async function openConfiguredDatabase(options: { readOnly?: boolean } = {}) {
  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(databaseLocationFromConfig(config));
  } catch (error) {
    if ((error as { code?: string }).code === "DATA_DIR_LOCKED") {
      console.error(
        `The embedded database in ${config.dataDir} is in use by a running server. Stop the server first ` +
          "(Ctrl-C), run this command, then start it again. (On PostgreSQL, with DATABASE_URL, it works at any time.)",
      );
      process.exit(1);
    }
    throw error;
  }
  // With two roles (ADR 0010) only the owner may migrate: the app's role cannot even read the
  // migrations' journal (schema drizzle), and `npm run audit:verify` as that role failed here.
  const migrationUrl = config.DATABASE_URL ? config.DATABASE_MIGRATION_URL : undefined;
  if (options.readOnly && config.DATABASE_URL) return { config, database };
  if (migrationUrl) await migrateAsOwner(migrationUrl, config.DATABASE_URL!);
  else await migrateDatabase(database);
  return { config, database };
}
