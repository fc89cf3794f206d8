import { loadConfig } from "~/config.server.ts";
import { databaseLocationFromConfig, migrateDatabase, openDatabase } from "~/db/client.server.ts";

/** The app's own database (PGlite under DATA_DIR, or DATABASE_URL), migrated, for a maintenance script. */
export async function openConfiguredDatabase() {
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
  await migrateDatabase(database);
  return { config, database };
}
