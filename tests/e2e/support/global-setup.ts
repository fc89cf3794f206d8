import fs from "node:fs";
import { prepareDatabaseTemplate } from "./in-process-server.ts";

/**
 * Once per run, before any worker starts: the migrated database the in-process servers copy.
 * The run's directory (playwright.config.ts) goes when the run ends.
 */
export default async function globalSetup() {
  await prepareDatabaseTemplate();
  return () => fs.rmSync(process.env.E2E_RUN_DIR!, { recursive: true, force: true });
}
