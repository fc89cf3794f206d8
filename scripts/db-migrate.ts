import { loadConfig } from "~/config.server.ts";
import { databaseLocationFromConfig, migrateDatabase, openDatabase } from "~/db/client.server.ts";

// Applies the committed migrations; the server also does this at start-up.
const config = loadConfig();
const database = await openDatabase(databaseLocationFromConfig(config));
try {
  await migrateDatabase(database);
  console.log(`Migrations applied (${database.engine}).`);
} finally {
  await database.close();
}
