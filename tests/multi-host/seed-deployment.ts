import fs from "node:fs";
import { installDataKeyring } from "../../app/db/encryption/keyring.ts";
import { ROOM_OPENS_BEFORE_MS } from "../../app/domain/consultations/timing.ts";
import { resolveDataKeyring } from "../../app/services/encryption/data-keyring.server.ts";
import { seedAdministrator, seedDoctor } from "../e2e/support/seeded-sessions.ts";
import { bookedCaseForTest } from "../support/consultations.ts";
import { importServerBundle } from "../support/server-bundle.ts";
import { createTestClock } from "../support/test-clock.ts";

/*
 * Run by scripts/multi-host.ts once both hosts serve, before the browser spec: the accounts and
 * cases the spec walks, made through the production build's runtime (jobs off, the restricted
 * app role, the hosts' secrets) and the domain's own functions, as tests/e2e/support/
 * seed-accounts.ts does for the shared test server. A step of its own under tsx, not the spec's
 * beforeAll: loading the server bundle through Playwright's loader took a minute of CI.
 */

const bundle = await importServerBundle();
const config = bundle.loadConfig({
  ...process.env,
  PORT: "0",
  DATA_DIR: process.env.MULTI_HOST_DATA_DIR,
  DATABASE_URL: process.env.MULTI_HOST_DATABASE_URL,
  DATABASE_MIGRATION_URL: process.env.MULTI_HOST_MIGRATION_URL,
  JOBS: "off",
  LOG_LEVEL: "warn",
});
const runtime = await bundle.startRuntime(config);
// The case factories are this script's own copy of the domain code: they seal health columns
// with the keyring the hosts use.
installDataKeyring(resolveDataKeyring(config).keyring);

/** A doctor signed in, with a case in review whose consultation's room is open now. */
async function roomWithDoctor(name: string) {
  const doctor = await seedDoctor(runtime, { name });
  const { referral, token, consultation } = await bookedCaseForTest(
    { db: runtime.database.db, adapters: { ...runtime.adapters, publicUrl: config.PUBLIC_URL } },
    // The hosts' clock is the real one.
    { doctorId: doctor.userId, clock: createTestClock() },
  );
  // From 23:25 to 23:35 London the earliest bookable start is midnight, which the test clock
  // reaches by moving on (consultationStartSoon); the hosts' real clock opens the room only 30
  // minutes before it. The seed waits the real minutes (at most five) so the room is open when
  // the spec starts, as a doctor would wait for it.
  const opensAt = (consultation.startsAt?.getTime() ?? 0) - ROOM_OPENS_BEFORE_MS;
  if (Date.now() < opensAt) {
    console.log(`multi-host seed: the room opens at ${new Date(opensAt).toISOString()}; waiting`);
    await new Promise((resolve) => setTimeout(resolve, opensAt - Date.now() + 1_000));
  }
  return {
    doctorCookies: doctor.cookies,
    referralId: referral.id as string,
    token,
    consultationId: consultation.id as string,
  };
}

try {
  const admin = await seedAdministrator(runtime);
  const revokedDoctor = await seedDoctor(runtime, { name: "Dr Amara Okafor" });
  const seeded = {
    revocation: { admin, doctor: revokedDoctor },
    meeting: await roomWithDoctor("Dr Nia Mensah"),
    hostLoss: await roomWithDoctor("Dr Leo Brandt"),
  };
  fs.writeFileSync(process.env.MULTI_HOST_SEED_FILE!, JSON.stringify(seeded));
} finally {
  await runtime.shutdown();
}
