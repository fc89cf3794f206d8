import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { MemberRole, PlatformRole } from "~/db/schema/auth.ts";
import { doctorProfile, member, organisation, session, user } from "~/db/schema/index.ts";
import { createScope } from "~/domain/kernel/scope.ts";
import { changeMemberRole, removeMember } from "~/domain/teams/team.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import {
  activeSession,
  CookieJar,
  requestFrom,
  scopeOfSession,
  startTestRuntime,
} from "~tests/support/accounts-harness.ts";
import { testAdapters, withAdapters } from "~tests/support/adapters.ts";
import { insertPasswordAccount } from "~tests/support/password-account.ts";
import { PASSWORD } from "~tests/support/test-accounts.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import { setDoctorAccess } from "./doctors.server.ts";
import { type CurrentSession, loadSession } from "./load-session.server.ts";
import { signInWithPassword } from "./sign-in.server.ts";
import { signOut } from "./sign-out.server.ts";
import { switchOrganisation } from "./switch-organisation.server.ts";

/*
 * The session cache (docs/decisions/0013-session-cache.md): a lookup is served from memory while
 * nothing it read has changed, and every change to it (sign-out, a deleted session, a membership
 * removed or changed, a doctor's access, the organisation switched or renamed) is seen on the very
 * next lookup. On PostgreSQL a change made through another connection, as another server process
 * would make it, reaches this process through NOTIFY.
 */
let runtime: Runtime;
let stop: () => Promise<void>;
let passwordHash: string;
let ipCounter = 0;

beforeAll(async () => {
  ({ runtime, stop } = await startTestRuntime());
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await stop();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** A verified account with a password, signed in from its own address: its cookie jar. */
async function signedIn(
  role: PlatformRole,
  memberships: [organisationId: string, role: MemberRole][] = [],
) {
  const userId = `cache-${randomUUID()}`;
  const email = `${userId}@cache.example`;
  const { db } = runtime.database;
  await insertPasswordAccount(db, { id: userId, name: "Cass Cached", email, role }, passwordHash);
  for (const [organisationId, memberRole] of memberships)
    await db.insert(member).values({ organisationId, userId, role: memberRole });
  if (role === "doctor")
    await db
      .insert(doctorProfile)
      .values({ userId, gmcNumber: String(1_000_000 + Math.floor(Math.random() * 8_999_999)) });
  const ip = `198.51.100.${(ipCounter++ % 200) + 20}`;
  const result = await signInWithPassword(runtime, {
    email,
    password: PASSWORD,
    portal: role === "doctor" ? "doctor" : "main",
    request: requestFrom(ip),
  });
  if (result.status !== "signed-in") throw new Error(result.status);
  const jar = new CookieJar().absorb(result.setCookies);
  return { userId, jar, headers: () => requestFrom(ip, jar).headers, ip };
}

/** Counts better-auth's session reads: a cached lookup makes none. */
function countSessionReads() {
  return vi.spyOn(runtime.auth.api, "getSession");
}

const active = (headers: Headers, now?: Date) => activeSession(runtime, headers, now);

function scopeOf(current: CurrentSession) {
  return scopeOfSession(runtime, current, { ip: "198.51.100.9", requestId: "cache" });
}

async function organisationWithOwner(name: string) {
  const organisationId = await insertOrganisationForTest(runtime.database.db, { name });
  const owner = await signedIn("employer", [[organisationId, "owner"]]);
  return { organisationId, owner };
}

describe("the session cache", () => {
  it("serves a lookup it has read without reading the session again", async () => {
    const { owner } = await organisationWithOwner("Cached Ltd");
    const reads = countSessionReads();
    const first = await active(owner.headers());
    const selects = vi.spyOn(runtime.database.db, "select");
    const second = await active(owner.headers());
    expect(reads).toHaveBeenCalledTimes(1);
    expect(selects).not.toHaveBeenCalled();
    expect(second).toEqual(first);
    // Each answer is the caller's own: changing one does not change the cache.
    second.organisation!.name = "Changed by a caller";
    expect((await active(owner.headers())).organisation!.name).toBe("Cached Ltd");
  });

  it("does not serve a cookie whose signature was not the one better-auth checked", async () => {
    const { owner } = await organisationWithOwner("Forged Ltd");
    await active(owner.headers());
    const cookie = owner.headers().get("cookie")!;
    const forged = new Headers({
      cookie: cookie.replace(/(session_token=[^.;]+\.)[^;]*/, "$1AAAA"),
    });
    expect((await loadSession(runtime, forged)).status).toBe("none");
  });

  it("sees a sign-out on the very next lookup", async () => {
    const { owner } = await organisationWithOwner("Signing Out Ltd");
    const current = await active(owner.headers());
    await signOut(runtime, {
      actor: current.actor,
      request: { headers: owner.headers(), ip: owner.ip, requestId: "sign-out" },
    });
    expect((await loadSession(runtime, owner.headers())).status).toBe("none");
  });

  it("sees a deleted session on the very next lookup", async () => {
    const { owner } = await organisationWithOwner("Deleted Session Ltd");
    const current = await active(owner.headers());
    const reads = countSessionReads();
    await active(owner.headers());
    expect(reads).not.toHaveBeenCalled();
    await runtime.database.db.delete(session).where(eq(session.id, current.session.id));
    expect((await loadSession(runtime, owner.headers())).status).toBe("none");
  });

  it("sees a member removed, and a role changed, on the very next lookup", async () => {
    const { organisationId, owner } = await organisationWithOwner("Team Ltd");
    const manager = await signedIn("employer", [[organisationId, "manager"]]);
    const hr = await signedIn("employer", [[organisationId, "hr_admin"]]);
    const ownerScope = scopeOf(await active(owner.headers()));
    expect((await active(manager.headers())).organisation?.memberRole).toBe("manager");
    expect((await active(hr.headers())).organisation?.memberRole).toBe("hr_admin");

    const reads = countSessionReads();
    const [hrMember] = await runtime.database.db
      .select({ id: member.id })
      .from(member)
      .where(eq(member.userId, hr.userId));
    await changeMemberRole(ownerScope, { memberId: hrMember!.id, role: "manager" });
    expect((await active(hr.headers())).organisation?.memberRole).toBe("manager");
    expect(reads).toHaveBeenCalledTimes(1);

    const [managerMember] = await runtime.database.db
      .select({ id: member.id })
      .from(member)
      .where(eq(member.userId, manager.userId));
    await removeMember(
      withAdapters(ownerScope, { mailer: runtime.mailer, publicUrl: runtime.config.PUBLIC_URL }),
      { memberId: managerMember!.id },
    );
    const removed = await active(manager.headers());
    expect(removed.organisation).toBeNull();
    expect(removed.memberships).toEqual([]);
    // The owner's own lookup was not touched by either change.
    await active(owner.headers());
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it("sees an organisation switched, and renamed, on the very next lookup", async () => {
    const { organisationId: first, owner } = await organisationWithOwner("First Ltd");
    const second = await insertOrganisationForTest(runtime.database.db, { name: "Second Ltd" });
    const before = await active(owner.headers());
    expect(before.organisation?.id).toBe(first);
    await runtime.database.db
      .insert(member)
      .values({ organisationId: second, userId: owner.userId, role: "manager" });
    // A new membership is a change too: the switcher lists it at once.
    expect((await active(owner.headers())).memberships.map((m) => m.id)).toEqual([first, second]);
    await switchOrganisation(scopeOf(before), {
      sessionId: before.session.id,
      organisationId: second,
    });
    expect((await active(owner.headers())).organisation?.id).toBe(second);
    await runtime.database.db
      .update(organisation)
      .set({ name: "Second Renamed Ltd" })
      .where(eq(organisation.id, second));
    expect((await active(owner.headers())).organisation?.name).toBe("Second Renamed Ltd");
  });

  it("sees a doctor's access revoked on the very next lookup, with or without the sessions ended", async () => {
    const doctor = await signedIn("doctor");
    expect((await active(doctor.headers())).actor.doctorActive).toBe(true);
    // The flag alone (the sessions kept): the next lookup refuses the doctor.
    await runtime.database.db
      .update(doctorProfile)
      .set({ active: false })
      .where(eq(doctorProfile.userId, doctor.userId));
    expect((await active(doctor.headers())).actor.doctorActive).toBe(false);
    await runtime.database.db
      .update(doctorProfile)
      .set({ active: true })
      .where(eq(doctorProfile.userId, doctor.userId));
    expect((await active(doctor.headers())).actor.doctorActive).toBe(true);

    const adminId = `cache-admin-${randomUUID()}`;
    await runtime.database.db
      .insert(user)
      .values({ id: adminId, name: "Ada Admin", email: `${adminId}@cache.example`, role: "admin" });
    const admin = createScope(
      runtime.database.db,
      { role: "admin", userId: adminId, twoFactorVerified: true },
      { ip: "198.51.100.9", requestId: "revoke" },
      testAdapters(),
    );
    await setDoctorAccess(admin, { doctorUserId: doctor.userId, active: false });
    expect((await loadSession(runtime, doctor.headers())).status).toBe("none");
  });

  it("keeps a doctor's session cached across its sliding expiry, and still ends it exactly", async () => {
    const doctor = await signedIn("doctor");
    const t0 = Date.now();
    const minute = 60_000;
    await active(doctor.headers(), new Date(t0));
    const reads = countSessionReads();
    // Five minutes on, the expiry slides (a write): the lookup stays cached.
    const slid = await active(doctor.headers(), new Date(t0 + 5 * minute));
    expect(slid.session.expiresAt.getTime()).toBe(t0 + 35 * minute);
    const [row] = await runtime.database.db
      .select({ expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.id, slid.session.id));
    expect(row!.expiresAt.getTime()).toBe(t0 + 35 * minute);
    expect((await active(doctor.headers(), new Date(t0 + 6 * minute))).session.expiresAt).toEqual(
      new Date(t0 + 36 * minute),
    );
    expect(reads).not.toHaveBeenCalled();
    // The idle limit is checked against each request's time, cached or not: 30 minutes after the
    // last request the session is over.
    const ended = await loadSession(runtime, doctor.headers(), new Date(t0 + 36 * minute));
    expect(ended.status).toBe("expired");
    expect((await loadSession(runtime, doctor.headers())).status).toBe("none");
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "drops a lookup when another connection changes it, as another process would (NOTIFY)",
    async () => {
      const { organisationId, owner } = await organisationWithOwner("Elsewhere Ltd");
      // Only this test's lookup in the cache, so its size says whether that one was dropped.
      runtime.sessionCache.clear();
      expect((await active(owner.headers())).organisation?.memberRole).toBe("owner");
      expect(runtime.sessionCache.size).toBe(1);
      const reads = countSessionReads();
      await active(owner.headers());
      expect(reads).not.toHaveBeenCalled();

      const other = new pg.Client({ connectionString: runtime.database.connectionString });
      await other.connect();
      try {
        await other.query("update organisation set name = 'Elsewhere Renamed Ltd' where id = $1", [
          organisationId,
        ]);
        // Delivery to this process's listener is asynchronous: wait for it, never for a time.
        await vi.waitFor(() => expect(runtime.sessionCache.size).toBe(0), { timeout: 5_000 });
        expect((await active(owner.headers())).organisation?.name).toBe("Elsewhere Renamed Ltd");
        expect(reads).toHaveBeenCalledTimes(1);
      } finally {
        await other.end();
      }
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "serves nothing from memory while its listener is lost, and again once it listens",
    async () => {
      const { owner } = await organisationWithOwner("Lost Listener Ltd");
      runtime.sessionCache.clear();
      await active(owner.headers());
      expect(runtime.sessionCache.size).toBe(1);
      const other = new pg.Client({ connectionString: runtime.database.connectionString });
      await other.connect();
      try {
        // End the listener's connection as a failover or a restart of the server would.
        await other.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'referoh session changes' and datname = current_database()",
        );
      } finally {
        await other.end();
      }
      await vi.waitFor(() => expect(runtime.sessionCache.size).toBe(0), { timeout: 5_000 });
      // Reconnected, it caches again.
      await vi.waitFor(
        async () => {
          await active(owner.headers());
          expect(runtime.sessionCache.size).toBe(1);
        },
        { timeout: 10_000, interval: 200 },
      );
    },
  );
});
