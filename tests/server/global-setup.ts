import { ensureBuild } from "../../scripts/lib/build.ts";
import { prepareTestDatabaseTemplate } from "../support/test-database.ts";

/**
 * The server tests run the production build: it is built first when the sources changed since
 * the last build (as `npm start` does), so `npm run test:unit` alone tests what would be deployed.
 * Then the migrated template every test's database is copied from.
 */
export default async function setup() {
  await ensureBuild();
  await prepareTestDatabaseTemplate();
}
