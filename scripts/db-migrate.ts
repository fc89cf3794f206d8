import { loadConfig } from "~/config.server.ts";
import { databaseLocationFromConfig, migrateDatabase, openDatabase } from "~/db/client.server.ts";
import { migrateAsOwner } from "~/db/database-roles.server.ts";

// Applies the committed migrations; the server also does this at start-up. With
// DATABASE_MIGRATION_URL, as the owner role, then grants DATABASE_URL's role its privileges.
const config = loadConfig();
if (config.DATABASE_URL && config.DATABASE_MIGRATION_URL) {
  await migrateAsOwner(config.DATABASE_MIGRATION_URL, config.DATABASE_URL);
  console.log("Migrations applied as the owner role; the app role's privileges granted.");
  process.exit(0);
}
const database = await openDatabase(databaseLocationFromConfig(config));
try {
  await migrateDatabase(database);
  console.log(`Migrations applied (${database.engine}).`);
} finally {
  await database.close();
}
