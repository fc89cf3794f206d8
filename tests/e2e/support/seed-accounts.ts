import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { makeSignature } from "better-auth/crypto";
import { installDataKeyring } from "../../../app/db/encryption/keyring.ts";
import { doctorProfile, member, organisation } from "../../../app/db/schema/index.ts";
import type { Actor } from "../../../app/domain/access/permissions.ts";
import { base32Decode, totp } from "../../../app/domain/accounts/totp.ts";
import {
  confirmTwoFactorEnrolment,
  startTwoFactorEnrolment,
} from "../../../app/domain/accounts/two-factor.server.ts";
import { resolveDataKeyring } from "../../../app/services/encryption/data-keyring.server.ts";
import { createAccountOn, PASSWORD } from "../../support/test-accounts.ts";
import { databaseTemplateFrom } from "./in-process-server.ts";
import {
  type SeededAccounts,
  type SeededCookie,
  type SeededDoctor,
  type SeededEmployer,
  seededAccountsFile,
} from "./seeded-accounts-file.ts";

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

/** A client of its own per account: the per-address limits are for real clients (TEST-NET-2). */
function requestFrom(index: number, cookie?: string) {
  const ip = `198.51.100.${1 + (index % 254)}`;
  const headers = new Headers({ "user-agent": "ReferOH e2e seed", "x-referoh-client-ip": ip });
  if (cookie) headers.set("cookie", cookie);
  return { headers, ip, requestId: randomUUID() };
}

/** The session cookies of a Set-Cookie list, as name and value (a later one replaces an earlier). */
function sessionCookies(setCookies: string[]): SeededCookie[] {
  const found = new Map<string, string>();
  for (const line of setCookies) {
    const [pair] = line.split(";");
    const at = pair!.indexOf("=");
    const name = pair!.slice(0, at).trim();
    const value = pair!.slice(at + 1).trim();
    if (!name.includes("session_token")) continue;
    if (value) found.set(name, value);
    else found.delete(name);
  }
  if (found.size === 0) throw new Error("the sign-in set no session cookie");
  return [...found].map(([name, value]) => ({ name, value }));
}

/**
 * A new session for the account, as the password sign-in opens one: better-auth's own session
 * (its database hook gives it the role's lifetime, app/services/auth/auth.server.ts) and the
 * cookie it would set, signed with the data directory's secret. The sign-in form itself has its
 * journeys (tests/e2e/auth/); checking the password here again cost a second of scrypt a head.
 */
async function openSession(runtime: Runtime, userId: string): Promise<SeededCookie> {
  const { internalAdapter, secret, authCookies } = await runtime.auth.$context;
  const session = await internalAdapter.createSession(userId);
  return {
    name: authCookies.sessionToken.name,
    value: encodeURIComponent(`${session.token}.${await makeSignature(session.token, secret)}`),
  };
}

async function seedEmployer(
  runtime: Runtime,
  passwordHash: string,
  withAddress: boolean,
): Promise<SeededEmployer> {
  const email = `seeded-employer-${randomUUID().slice(0, 8)}@example.org`;
  const userId = await createAccountOn(runtime, "employer", email, "Priya Shah", passwordHash);
  // As registerEmployer leaves a new company (app/domain/accounts/register-employer.server.ts).
  const { db } = runtime.database;
  const organisationId = await db.transaction(async (tx: Runtime) => {
    const [org] = await tx
      .insert(organisation)
      .values({
        name: "Northwind Logistics Ltd",
        address: withAddress ? "12 Canal Street\nLeeds\nLS1 4AB" : null,
      })
      .returning({ id: organisation.id });
    await tx.insert(member).values({ organisationId: org.id, userId, role: "owner" });
    return org.id as string;
  });
  return { email, organisationId, withAddress, cookies: [await openSession(runtime, userId)] };
}

async function seedDoctor(
  runtime: Runtime,
  index: number,
  passwordHash: string,
): Promise<SeededDoctor> {
  const email = `seeded-doctor-${randomUUID().slice(0, 8)}@example.org`;
  const round = Math.floor(index / DOCTOR_NAMES.length);
  const name = `Dr ${DOCTOR_NAMES[index % DOCTOR_NAMES.length]}${round > 0 ? `-${round + 1}` : ""}`;
  const gmcNumber = String(4_000_000 + Math.floor(Math.random() * 4_000_000) + index);
  const userId = await createAccountOn(runtime, "doctor", email, name, passwordHash);
  // As inviteDoctor makes the profile (app/domain/accounts/doctors.server.ts).
  await runtime.database.db
    .insert(doctorProfile)
    .values({ userId, gmcNumber, qualifications: "MB ChB", active: true });
  // A password session, then the enrolment its first page forces, with a code from the "app".
  const passwordSession = await openSession(runtime, userId);
  const cookieHeader = `${passwordSession.name}=${passwordSession.value}`;
  const actor: Actor = {
    userId,
    role: "doctor",
    organisationId: null,
    memberRole: null,
    doctorActive: true,
    twoFactorVerified: false,
  };
  const started = await startTwoFactorEnrolment(runtime, {
    actor,
    email,
    password: PASSWORD,
    request: requestFrom(index, cookieHeader),
  });
  if (started.status !== "ok") throw new Error(`seed enrolment of ${email}: ${started.status}`);
  const secret = started.enrolment.secret;
  // The previous step's code, which the server takes as a phone's drift: a journey may then sign
  // with the current step's code and the next one straight away (tests/e2e/support/admin.ts),
  // even when it claims the doctor within the half-minute the seed ran in.
  const enrolledAt = new Date(Date.now() - 30_000);
  const confirmed = await confirmTwoFactorEnrolment(runtime, {
    actor,
    email,
    code: totp(base32Decode(secret), enrolledAt),
    request: requestFrom(index, cookieHeader),
  });
  if (confirmed.status !== "ok") throw new Error(`seed enrolment of ${email} was refused`);
  return {
    email,
    name,
    gmcNumber,
    secret,
    lastStep: Math.floor(enrolledAt.getTime() / 30_000),
    cookies: sessionCookies(confirmed.setCookies),
  };
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
    const employers = await inBatches(employerCount + employersWithoutAddressCount, (i) =>
      seedEmployer(runtime, passwordHash, i < employerCount),
    );
    const doctors = await inBatches(doctorCount, (i) => seedDoctor(runtime, i, passwordHash));
    const accounts: SeededAccounts = { seededAt: new Date().toISOString(), employers, doctors };
    fs.writeFileSync(seededAccountsFile(config.dataDir), JSON.stringify(accounts));
  } finally {
    await runtime.shutdown();
  }
  console.error(
    `e2e seed: database ready in ${ready - started} ms; ${employerCount + employersWithoutAddressCount} employers and ${doctorCount} doctors in ${Date.now() - ready} ms`,
  );
}

await main();
