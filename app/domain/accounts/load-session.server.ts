import { asc, eq } from "drizzle-orm";
import type { MemberRole, PlatformRole } from "~/db/schema/auth.ts";
import { doctorProfile, member, organisation, session as sessionTable } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { actorOfDoctor } from "~/domain/doctor/doctor-queue.ts";
import type { Actor as KernelActor } from "~/domain/kernel/actor.ts";
import { sessionHasEnded, slidExpiry } from "./session-lifetime.ts";
import type { AccountsDeps } from "./types.ts";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  role: PlatformRole;
  twoFactorEnabled: boolean;
}

export interface CurrentSession {
  user: SignedInUser;
  session: { id: string; createdAt: Date; expiresAt: Date; twoFactorVerified: boolean };
  organisation: {
    id: string;
    name: string;
    industry: string | null;
    phone: string | null;
    address: string | null;
    memberRole: MemberRole;
  } | null;
  /**
   * Every organisation an employer belongs to, for the account menu's switcher; `organisation`
   * is the active one among them.
   */
  memberships: { id: string; name: string; memberRole: MemberRole }[];
  actor: Actor;
}

export type SessionLookup =
  | { status: "none" }
  /** There was a session, and its role's time limit has passed: it is deleted now. */
  | { status: "expired" }
  | { status: "active"; current: CurrentSession };

/**
 * The kernel's actor for a signed-in session: the employer with the organisation they act for, the
 * doctor with their access flag, the administrator. Null for an employer with no organisation,
 * which no employer page can serve.
 */
export function actorOfSession(current: CurrentSession): KernelActor | null {
  const { actor, organisation, user } = current;
  switch (actor.role) {
    case "employer":
      return organisation
        ? {
            role: "employer",
            userId: user.id,
            organisationId: organisation.id,
            organisationName: organisation.name,
            memberRole: organisation.memberRole,
          }
        : null;
    case "doctor":
      return actorOfDoctor({
        userId: user.id,
        doctorActive: actor.doctorActive === true,
        twoFactorVerified: actor.twoFactorVerified,
      });
    case "admin":
      return { role: "admin", userId: user.id, twoFactorVerified: actor.twoFactorVerified };
  }
}

/** Only requests carrying one of our cookies can have a session: skip the database otherwise. */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  return sessionCacheKey(cookieHeader) !== null;
}

/**
 * What a session lookup read from the database, cached per session cookie for a few seconds
 * (docs/decisions/0013-session-cache.md). The role's time limits are not part of it: they are
 * checked against the request's own time on every request, cached or not.
 */
export interface CachedSession {
  user: SignedInUser;
  session: {
    id: string;
    createdAt: Date;
    expiresAt: Date;
    twoFactorVerified: boolean;
    activeOrganisationId: string | null;
  };
  /** Every membership, in the order they were joined, with the organisation's details. */
  memberships: NonNullable<CurrentSession["organisation"]>[];
  doctorActive: boolean | null;
}

// `__Host-` under https (app/services/auth/auth.server.ts); `__Secure-` as set before it.
const sessionCookiePattern = /(?:^|;\s*)((?:__Host-|__Secure-)?referoh\.session_token=[^;]*)/g;

/**
 * The session cookies of a request, exactly as sent (token and signature), or null without one.
 * A lookup is cached under this: only the very string better-auth verified finds it again, so a
 * cookie with a forged signature never reaches the cache's answer.
 */
function sessionCacheKey(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  const cookies = [...cookieHeader.matchAll(sessionCookiePattern)].map((m) => m[1]);
  return cookies.length > 0 ? cookies.join("; ") : null;
}

/**
 * The session of this request, checked against its role's limits (doctors and administrators: 30
 * minutes idle, 12 hours at most; employers: 7 days), slid forward on activity, with the user's
 * organisation or doctor profile. The lookup comes from the session cache when this process read
 * it moments ago and has heard of no change to it since (docs/decisions/0013-session-cache.md).
 */
export async function loadSession(
  deps: AccountsDeps,
  headers: Headers,
  now = new Date(),
): Promise<SessionLookup> {
  const key = sessionCacheKey(headers.get("cookie"));
  if (key === null) return { status: "none" };
  const cache = deps.sessionCache;
  let cached = cache.get(key);
  if (!cached) {
    const mark = cache.mark();
    const read = await readSession(deps, headers);
    if (!read) return { status: "none" };
    cached = read;
    cache.set(
      key,
      cached,
      { userId: cached.user.id, organisationIds: cached.memberships.map((m) => m.id) },
      mark,
    );
  }
  const { db } = deps.database;
  const { user, session } = cached;
  const times = { createdAt: session.createdAt, expiresAt: session.expiresAt };
  if (sessionHasEnded(user.role, times, now)) {
    cache.delete(key);
    await db.delete(sessionTable).where(eq(sessionTable.id, session.id));
    return { status: "expired" };
  }
  const next = slidExpiry(user.role, times, now);
  if (next) {
    await db
      .update(sessionTable)
      .set({ expiresAt: next, updatedAt: now })
      .where(eq(sessionTable.id, session.id));
    // The database does not announce a slide (drizzle/0034_session_changes_notify.sql): the
    // cached copy is moved here instead.
    session.expiresAt = next;
  }
  return { status: "active", current: currentSession(cached) };
}

/** better-auth's session and user (cookie signature checked), then the memberships or doctor profile. */
async function readSession(deps: AccountsDeps, headers: Headers): Promise<CachedSession | null> {
  const found = await deps.auth.api.getSession({ headers, query: { disableRefresh: true } });
  if (!found) return null;
  const { db } = deps.database;
  const u = found.user as typeof found.user & {
    role: PlatformRole;
    firstName?: string | null;
    lastName?: string | null;
    twoFactorEnabled?: boolean | null;
  };
  const s = found.session as typeof found.session & {
    twoFactorVerified?: boolean | null;
    activeOrganisationId?: string | null;
  };
  const role = u.role;
  let memberships: CachedSession["memberships"] = [];
  let doctorActive: boolean | null = null;
  if (role === "employer") {
    // Every membership in one read: the active organisation is chosen from them per request.
    memberships = await db
      .select({
        id: organisation.id,
        name: organisation.name,
        industry: organisation.industry,
        phone: organisation.phone,
        address: organisation.address,
        memberRole: member.role,
      })
      .from(member)
      .innerJoin(organisation, eq(organisation.id, member.organisationId))
      .where(eq(member.userId, u.id))
      .orderBy(asc(member.createdAt), asc(member.id));
  } else if (role === "doctor") {
    const [row] = await db
      .select({ active: doctorProfile.active })
      .from(doctorProfile)
      .where(eq(doctorProfile.userId, u.id));
    doctorActive = row?.active ?? false;
  }
  return {
    user: {
      id: u.id,
      email: u.email,
      name: u.name,
      firstName: u.firstName ?? null,
      lastName: u.lastName ?? null,
      role,
      twoFactorEnabled: u.twoFactorEnabled === true,
    },
    session: {
      id: s.id,
      createdAt: new Date(s.createdAt),
      expiresAt: new Date(s.expiresAt),
      twoFactorVerified: s.twoFactorVerified === true,
      activeOrganisationId: s.activeOrganisationId ?? null,
    },
    memberships,
    doctorActive,
  };
}

/** A fresh answer from a cached lookup: callers get their own objects, never the cache's. */
function currentSession(cached: CachedSession): CurrentSession {
  const { user, session, memberships, doctorActive } = cached;
  // The active organisation is the session's choice while the person is still a member of it,
  // else the one they joined first (docs/architecture.md §4).
  const active =
    memberships.find((m) => m.id === session.activeOrganisationId) ?? memberships[0] ?? null;
  const org = active ? { ...active } : null;
  const { twoFactorVerified } = session;
  return {
    user: { ...user },
    session: {
      id: session.id,
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      twoFactorVerified,
    },
    organisation: org,
    memberships: memberships.map((m) => ({ id: m.id, name: m.name, memberRole: m.memberRole })),
    actor: {
      userId: user.id,
      role: user.role,
      organisationId: org?.id ?? null,
      memberRole: org?.memberRole ?? null,
      doctorActive,
      twoFactorVerified,
    },
  };
}
