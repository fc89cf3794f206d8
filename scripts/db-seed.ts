import { loadConfig } from "~/config.server.ts";
import { databaseLocationFromConfig, migrateDatabase, openDatabase } from "~/db/client.server.ts";
import { seedDatabase } from "~/db/seed/index.server.ts";

// Sample data for trying the product locally. Safe to run again: every step skips what exists.
const config = loadConfig();
const database = await openDatabase(databaseLocationFromConfig(config));
try {
  await migrateDatabase(database);
  const report = await seedDatabase(database.db);
  for (const line of report) console.log(line);
} finally {
  await database.close();
}
