import { prepareTestDatabaseTemplate } from "~tests/support/test-database.ts";

// Migrates the template database once, before any integration test file clones it.
export default async function setup() {
  await prepareTestDatabaseTemplate();
}
