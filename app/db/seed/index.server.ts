import { seedDemoEmployer } from "~/domain/accounts/seed-demo-employer.server.ts";
import type { Database } from "../client.server.ts";

/** One idempotent step of the sample data: it creates what is missing and says what it did. */
type SeedStep = (db: Database) => Promise<string>;

/** Later features add their steps here, in dependency order. */
const seedSteps: SeedStep[] = [seedDemoEmployer];

export async function seedDatabase(db: Database): Promise<string[]> {
  if (seedSteps.length === 0) return ["Nothing to seed yet."];
  const report: string[] = [];
  for (const step of seedSteps) report.push(await step(db));
  return report;
}
