import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { installDataKeyring } from "../../../app/db/encryption/keyring.ts";
import { resolveDataKeyring } from "../../../app/services/encryption/data-keyring.server.ts";
import { PASSWORD } from "../../support/test-accounts.ts";
import { copyMigratedPgliteDataDir } from "../../support/test-database.ts";
import { databaseTemplateFrom } from "./in-process-server.ts";
import {
  type SeededAccounts,
  type SeededDoctor,
  seededAccountsFile,
} from "./seeded-accounts-file.ts";
import { seedDoctor, seedEmployer, seedReferrer } from "./seeded-sessions.ts";

/*
 * Run by playwright.config.ts's webServer command just before the shared test server starts, on
 * the same data directory, so journeys can begin signed in (tests/e2e/support/seeded-accounts.ts)
 * instead of registering a company or inviting a doctor through the UI first. It is a separate
 * step, not an endpoint: nothing here is part of the server a deployment runs, and PGlite allows
 * one process per database, so the accounts are made before the server opens it.
 *
 * The accounts are made through the production build's runtime and the domain's own functions:
 * a verified employer owning an organisation, as registration leaves one; a doctor with an
 * active profile who has enrolled an authenticator (the real enrolment, with a real code). Each
 * has a better-auth session and its cookie, signed with this directory's secret (which the
 * server then reads), for the journeys to put in their browser.
 * The full sign-up of each role keeps a journey of its own (docs/architecture.md §5).
 */

const employerCount = Number(process.env.E2E_SEEDED_EMPLOYERS ?? 56);
const employersWithoutAddressCount = Number(process.env.E2E_SEEDED_EMPLOYERS_NO_ADDRESS ?? 4);
const doctorCount = Number(process.env.E2E_SEEDED_DOCTORS ?? 18);
// One for each case a journey has invited through the API (createInvitedReferral's default).
const referrerCount = Number(process.env.E2E_SEEDED_REFERRERS ?? 32);

// Names no journey gives a doctor it invites, so a name picks one doctor in the admin's lists.
const DOCTOR_NAMES = [
  "Imogen Hart",
  "Kofi Mensah",
  "Lucy Pryce",
  "Omar Farouk",
  "Grace Lin",
  "Jonah Webb",
  "Mei Tan",
  "Ravi Nair",
  "Sofia Russo",
  "Tariq Aziz",
  "Una Byrne",
  "Yusuf Demir",
];

// biome-ignore lint/suspicious/noExplicitAny: the built bundle has no type declarations
type Runtime = any;

async function seedDoctorAt(
  runtime: Runtime,
  index: number,
  passwordHash: string,
): Promise<SeededDoctor> {
  const round = Math.floor(index / DOCTOR_NAMES.length);
  const name = `Dr ${DOCTOR_NAMES[index % DOCTOR_NAMES.length]}${round > 0 ? `-${round + 1}` : ""}`;
  const { userId: _userId, ...doctor } = await seedDoctor(runtime, { index, name, passwordHash });
  return doctor;
}

/** `count` results of `make`, a few at a time: password checks run on libuv's threads. */
async function inBatches<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += 4) {
    const batch = [];
    for (let i = start; i < Math.min(count, start + 4); i++) batch.push(make(i));
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

async function main() {
  const started = Date.now();
  const bundle = await import(pathToFileURL(path.resolve("build/server/index.js")).href);
  // The server's own settings (playwright.config.ts's webServer env), without its job worker:
  // the seed sends no e-mail and runs no job.
  const config = bundle.loadConfig({ ...process.env, JOBS: "off" });
  // A copy of the database Vitest's step migrated for this set of migrations, as a restarted
  // server finds its own: an initdb and every migration were most of this step's first seconds,
  // which every other job in the run waits behind (docs/perf-notes-test-suite.md).
  await copyMigratedPgliteDataDir(config.dataDir);
  // Migrated and closed, the database is also the in-process servers' template, before any
  // account is in it (the global set-up would otherwise migrate one of its own).
  await (await bundle.startRuntime(config)).shutdown();
  if (process.env.E2E_RUN_DIR) databaseTemplateFrom(config.dataDir);
  const runtime = await bundle.startRuntime(config);
  installDataKeyring(resolveDataKeyring(config).keyring);
  const ready = Date.now();
  try {
    const { password: hasher } = await runtime.auth.$context;
    // One hash for every seeded account: each is salted once, and the sign-ins still check it.
    const passwordHash = await hasher.hash(PASSWORD);
    const employers = await inBatches(employerCount + employersWithoutAddressCount, async (i) => {
      const { userId: _userId, ...employer } = await seedEmployer(runtime, {
        passwordHash,
        ...(i < employerCount ? {} : { address: null }),
      });
      return employer;
    });
    const referrers = await inBatches(referrerCount, async () => {
      const { userId: _userId, ...referrer } = await seedReferrer(runtime, { passwordHash });
      return referrer;
    });
    const doctors = await inBatches(doctorCount, (i) => seedDoctorAt(runtime, i, passwordHash));
    const accounts: SeededAccounts = {
      seededAt: new Date().toISOString(),
      employers,
      referrers,
      doctors,
    };
    fs.writeFileSync(seededAccountsFile(config.dataDir), JSON.stringify(accounts));
  } finally {
    await runtime.shutdown();
  }
  console.error(
    `e2e seed: database ready in ${ready - started} ms; ${employerCount + employersWithoutAddressCount} employers, ${referrerCount} referrers and ${doctorCount} doctors in ${Date.now() - ready} ms`,
  );
}

await main();
