import { asc, eq } from "drizzle-orm";
import type { MemberRole, PlatformRole } from "~/db/schema/auth.ts";
import { doctorProfile, member, organisation, session as sessionTable } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
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
      return {
        role: "doctor",
        userId: user.id,
        doctorActive: actor.doctorActive === true,
        twoFactorVerified: actor.twoFactorVerified,
      };
    case "admin":
      return { role: "admin", userId: user.id, twoFactorVerified: actor.twoFactorVerified };
  }
}

/** Only requests carrying one of our cookies can have a session: skip the database otherwise. */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  return Boolean(
    cookieHeader && /(?:^|;\s*)(?:__Secure-)?referoh\.session_token=/.test(cookieHeader),
  );
}

/**
 * The session of this request, checked against its role's limits (doctors and administrators: 30
 * minutes idle, 12 hours at most; employers: 7 days), slid forward on activity, with the user's
 * organisation or doctor profile.
 */
export async function loadSession(
  deps: AccountsDeps,
  headers: Headers,
  now = new Date(),
): Promise<SessionLookup> {
  if (!hasSessionCookie(headers.get("cookie"))) return { status: "none" };
  const found = await deps.auth.api.getSession({ headers, query: { disableRefresh: true } });
  if (!found) return { status: "none" };
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
  const times = { createdAt: new Date(s.createdAt), expiresAt: new Date(s.expiresAt) };
  if (sessionHasEnded(role, times, now)) {
    await db.delete(sessionTable).where(eq(sessionTable.id, s.id));
    return { status: "expired" };
  }
  const next = slidExpiry(role, times, now);
  if (next) {
    await db
      .update(sessionTable)
      .set({ expiresAt: next, updatedAt: now })
      .where(eq(sessionTable.id, s.id));
    times.expiresAt = next;
  }

  let org: CurrentSession["organisation"] = null;
  let memberships: CurrentSession["memberships"] = [];
  let doctorActive: boolean | null = null;
  if (role === "employer") {
    // Every membership in one read: the active organisation is the session's choice while the
    // person is still a member of it, else the one they joined first (docs/architecture.md §4).
    const rows = await db
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
    org = rows.find((r) => r.id === s.activeOrganisationId) ?? rows[0] ?? null;
    memberships = rows.map((r) => ({ id: r.id, name: r.name, memberRole: r.memberRole }));
  } else if (role === "doctor") {
    const [row] = await db
      .select({ active: doctorProfile.active })
      .from(doctorProfile)
      .where(eq(doctorProfile.userId, u.id));
    doctorActive = row?.active ?? false;
  }

  const twoFactorVerified = s.twoFactorVerified === true;
  return {
    status: "active",
    current: {
      user: {
        id: u.id,
        email: u.email,
        name: u.name,
        firstName: u.firstName ?? null,
        lastName: u.lastName ?? null,
        role,
        twoFactorEnabled: u.twoFactorEnabled === true,
      },
      session: { id: s.id, ...times, twoFactorVerified },
      organisation: org,
      memberships,
      actor: {
        userId: u.id,
        role,
        organisationId: org?.id ?? null,
        memberRole: org?.memberRole ?? null,
        doctorActive,
        twoFactorVerified,
      },
    },
  };
}
