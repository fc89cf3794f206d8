import { randomUUID } from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import { doctorProfile, member, organisation } from "../../../app/db/schema/index.ts";
import type { Actor } from "../../../app/domain/access/permissions.ts";
import { base32Decode, totp } from "../../../app/domain/accounts/totp.ts";
import {
  confirmTwoFactorEnrolment,
  startTwoFactorEnrolment,
} from "../../../app/domain/accounts/two-factor.server.ts";
import { createApiKey } from "../../../app/domain/api/create-api-key.server.ts";
import { employerScopeFor } from "../../support/billing.ts";
import { createAccountOn, PASSWORD } from "../../support/test-accounts.ts";
import type {
  SeededCookie,
  SeededDoctor,
  SeededEmployer,
  SeededReferrer,
} from "./seeded-accounts-file.ts";

/*
 * Accounts made signed in on a production build's runtime, through the domain's own functions,
 * with the session cookies a browser then carries: for the seed step before the shared test server
 * starts (seed-accounts.ts), and for specs that serve the build in their worker
 * (in-process-server.ts) and only need someone signed in. Registration, the e-mail link, the
 * sign-in form and the enrolment pages each keep journeys of their own (tests/e2e/auth/,
 * tests/e2e/admin/); going through them again only to have a session cost a spec a dozen page
 * loads and as many password hashes.
 */

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
 * cookie it would set, signed with the data directory's secret (which the server reads). The
 * sign-in form itself has its journeys (tests/e2e/auth/); checking the password here again cost a
 * second of scrypt a head.
 */
async function openSession(runtime: Runtime, userId: string): Promise<SeededCookie> {
  const { internalAdapter, secret, authCookies } = await runtime.auth.$context;
  const session = await internalAdapter.createSession(userId);
  return {
    name: authCookies.sessionToken.name,
    value: encodeURIComponent(`${session.token}.${await makeSignature(session.token, secret)}`),
  };
}

/**
 * A verified employer owning a company of its own, as registration leaves one
 * (app/domain/accounts/register-employer.server.ts), signed in.
 */
export async function seedEmployer(
  runtime: Runtime,
  {
    passwordHash,
    companyName = "Northwind Logistics Ltd",
    contactName = "Priya Shah",
    address = "12 Canal Street\nLeeds\nLS1 4AB",
    email = `seeded-employer-${randomUUID().slice(0, 8)}@example.org`,
  }: {
    /** A hash of PASSWORD to reuse (one for many accounts); hashed here when not given. */
    passwordHash?: string;
    companyName?: string;
    contactName?: string;
    /** Null for a company registered without its address (docs/vat-invoices.md). */
    address?: string | null;
    email?: string;
  } = {},
): Promise<SeededEmployer & { userId: string }> {
  const userId = await createAccountOn(runtime, "employer", email, contactName, passwordHash);
  const { db } = runtime.database;
  const organisationId = await db.transaction(async (tx: Runtime) => {
    const [org] = await tx
      .insert(organisation)
      .values({ name: companyName, address })
      .returning({ id: organisation.id });
    await tx.insert(member).values({ organisationId: org.id, userId, role: "owner" });
    return org.id as string;
  });
  return {
    email,
    userId,
    organisationId,
    withAddress: address !== null,
    cookies: [await openSession(runtime, userId)],
  };
}

/**
 * A seeded employer with an API key to make and read referrals, made as its owner makes one on
 * the integrations page (app/domain/api/create-api-key.server.ts).
 */
export async function seedReferrer(
  runtime: Runtime,
  options: { passwordHash: string },
): Promise<SeededReferrer & { userId: string }> {
  const employer = await seedEmployer(runtime, options);
  const { secret } = await createApiKey(employerScopeFor(runtime.database.db, employer), {
    intent: "create-key",
    name: "Journeys' referrals",
    scopes: ["referrals:write", "referrals:read"],
    expiresOn: "",
  });
  return { ...employer, apiKey: secret };
}

/**
 * An account of a role that must enrol an authenticator (a doctor or an administrator), made with
 * `make`, then signed in and enrolled as its first sign-in forces: a password session, the real
 * enrolment with a code from the "app", and the session that enrolment leaves.
 */
async function seedEnrolled(
  runtime: Runtime,
  role: "doctor" | "admin",
  index: number,
  email: string,
  make: () => Promise<string>,
): Promise<{ userId: string; secret: string; lastStep: number; cookies: SeededCookie[] }> {
  const userId = await make();
  const passwordSession = await openSession(runtime, userId);
  const cookieHeader = `${passwordSession.name}=${passwordSession.value}`;
  const actor: Actor = {
    userId,
    role,
    organisationId: null,
    memberRole: null,
    doctorActive: role === "doctor",
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
  // even when it claims the account within the half-minute the seed ran in.
  // If a half-minute boundary passes between the code and the server's check, that code is two
  // steps old and refused: the next attempt is a fresh step's, which no boundary can pass again.
  let enrolledAt = new Date(Date.now() - 30_000);
  const confirm = () => {
    enrolledAt = new Date(Date.now() - 30_000);
    return confirmTwoFactorEnrolment(runtime, {
      actor,
      email,
      code: totp(base32Decode(secret), enrolledAt),
      request: requestFrom(index, cookieHeader),
    });
  };
  let confirmed = await confirm();
  if (confirmed.status !== "ok") confirmed = await confirm();
  if (confirmed.status !== "ok")
    throw new Error(`seed enrolment of ${email} was refused: ${confirmed.status}`);
  return {
    userId,
    secret,
    lastStep: Math.floor(enrolledAt.getTime() / 30_000),
    cookies: sessionCookies(confirmed.setCookies),
  };
}

/** A doctor with an active profile (as inviteDoctor makes it), enrolled and signed in. */
export async function seedDoctor(
  runtime: Runtime,
  {
    index = 0,
    name,
    passwordHash,
    gmcNumber = String(4_000_000 + Math.floor(Math.random() * 4_000_000) + index),
    email = `seeded-doctor-${randomUUID().slice(0, 8)}@example.org`,
  }: { index?: number; name: string; passwordHash?: string; gmcNumber?: string; email?: string },
): Promise<SeededDoctor & { userId: string }> {
  const enrolled = await seedEnrolled(runtime, "doctor", index, email, async () => {
    const userId = await createAccountOn(runtime, "doctor", email, name, passwordHash);
    // As inviteDoctor makes the profile (app/domain/accounts/doctors.server.ts).
    await runtime.database.db
      .insert(doctorProfile)
      .values({ userId, gmcNumber, qualifications: "MB ChB", active: true });
    return userId;
  });
  return { email, name, gmcNumber, ...enrolled };
}

/** An administrator, enrolled and signed in (the set-up link's form has its own journey). */
export async function seedAdministrator(
  runtime: Runtime,
  {
    name = "Morgan Admin",
    email = `seeded-admin-${randomUUID().slice(0, 8)}@example.org`,
  }: { name?: string; email?: string } = {},
): Promise<{ email: string; userId: string; cookies: SeededCookie[] }> {
  const enrolled = await seedEnrolled(runtime, "admin", 0, email, () =>
    createAccountOn(runtime, "admin", email, name),
  );
  return { email, userId: enrolled.userId, cookies: enrolled.cookies };
}
