import { desc, eq } from "drizzle-orm";
import { doctorProfile, session, user } from "~/db/schema/index.ts";
import { type Actor, can } from "~/domain/access/permissions.ts";
import { lastSignIns } from "~/domain/admin/last-sign-in.server.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { normaliseEmail } from "./account-key.ts";
import { auditAuthEvent } from "./audit.server.ts";
import { doctorInvitationEmail } from "./emails.ts";
import { createAccountWithoutPassword } from "./new-account.server.ts";
import { createSetPasswordLink } from "./set-password-link.server.ts";
import type { AccountsDeps, RequestMeta } from "./types.ts";
import { notPermitted } from "./update-account.server.ts";

const INVITATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;

interface DoctorRow {
  userId: string;
  name: string;
  email: string;
  gmcNumber: string;
  qualifications: string | null;
  active: boolean;
  passwordSet: boolean;
  twoFactorEnabled: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
}

/** Every doctor, newest first (a small list: doctors are invited one by one). */
export async function listDoctors(scope: Scope): Promise<DoctorRow[]> {
  const { db } = requireAdmin(scope);
  const rows = await db
    .select({
      userId: user.id,
      name: user.name,
      email: user.email,
      gmcNumber: doctorProfile.gmcNumber,
      qualifications: doctorProfile.qualifications,
      active: doctorProfile.active,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: doctorProfile.createdAt,
    })
    .from(doctorProfile)
    .innerJoin(user, eq(user.id, doctorProfile.userId))
    .orderBy(desc(doctorProfile.createdAt))
    .limit(500);
  const seen = await lastSignIns(
    db,
    rows.map((r) => r.userId),
  );
  return rows.map(({ emailVerified, ...row }) => ({
    ...row,
    passwordSet: emailVerified,
    lastSignInAt: seen.get(row.userId) ?? null,
  }));
}

type InviteResult =
  | { status: "invited"; userId: string }
  | { status: "email-taken" }
  | { status: "gmc-taken" };

/**
 * An administrator creates a doctor's account (no password yet) and e-mails a set-password link
 * valid 7 days.
 */
export async function inviteDoctor(
  scope: Scope,
  deps: Pick<AccountsDeps, "auth" | "config" | "mailer">,
  input: {
    name: string;
    email: string;
    gmcNumber: string;
    /** Validated by inviteDoctorSchema (plain text, at most QUALIFICATIONS_MAX characters). */
    qualifications?: string | null;
  },
): Promise<InviteResult> {
  const admin = requireAdmin(scope);
  const { db } = admin;
  const email = normaliseEmail(input.email);
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) return { status: "email-taken" };
  const [gmcTaken] = await db
    .select({ id: doctorProfile.userId })
    .from(doctorProfile)
    .where(eq(doctorProfile.gmcNumber, input.gmcNumber));
  if (gmcTaken) return { status: "gmc-taken" };

  const created = await createAccountWithoutPassword(deps, {
    email,
    name: input.name,
    role: "doctor",
    emailVerified: false,
  });
  await db.insert(doctorProfile).values({
    userId: created.id,
    gmcNumber: input.gmcNumber,
    qualifications: input.qualifications ?? null,
    active: true,
    invitedBy: admin.actor.userId,
  });
  const link = await createSetPasswordLink(deps, {
    userId: created.id,
    validForMs: INVITATION_VALID_MS,
    purpose: "invite",
  });
  await deps.mailer.send(doctorInvitationEmail(email, created.name, link));
  await recordAuditEventAs(admin, {
    action: "doctor.invited",
    outcome: "success",
    object: { type: "user", id: created.id },
    details: { role: "doctor", gmcNumber: input.gmcNumber },
  });
  return { status: "invited", userId: created.id };
}

/**
 * An administrator revokes or restores a doctor's access. Revoking also ends their sessions, and
 * every request checks the flag (a cached lookup is dropped when it changes,
 * docs/decisions/0013-session-cache.md), so it takes effect on their next request.
 */
export async function setDoctorAccess(
  scope: Scope,
  input: { doctorUserId: string; active: boolean },
): Promise<"ok" | "not-found"> {
  const admin = requireAdmin(scope);
  const { db } = admin;
  const updated = await db
    .update(doctorProfile)
    .set({ active: input.active, updatedAt: admin.now })
    .where(eq(doctorProfile.userId, input.doctorUserId))
    .returning({ userId: doctorProfile.userId });
  if (updated.length === 0) return "not-found";
  if (!input.active) await db.delete(session).where(eq(session.userId, input.doctorUserId));
  await recordAuditEventAs(admin, {
    action: input.active ? "doctor.access_restored" : "doctor.access_revoked",
    outcome: "success",
    object: { type: "user", id: input.doctorUserId },
  });
  return "ok";
}

/** The signed-in doctor's own professional record, for their account page. */
export async function getOwnDoctorProfile(
  deps: AccountsDeps,
  input: { actor: Actor },
): Promise<{ gmcNumber: string; qualifications: string | null } | null> {
  if (input.actor.role !== "doctor") return null;
  const [row] = await deps.database.db
    .select({ gmcNumber: doctorProfile.gmcNumber, qualifications: doctorProfile.qualifications })
    .from(doctorProfile)
    .where(eq(doctorProfile.userId, input.actor.userId));
  return row ?? null;
}

/**
 * A doctor changes their own qualifications (validated by doctorQualificationsSchema). Reports
 * already signed keep the qualifications they were signed with; the next signature uses these.
 */
export async function updateOwnQualifications(
  deps: AccountsDeps,
  input: { actor: Actor; qualifications: string | null; request: RequestMeta },
): Promise<void> {
  if (!can(input.actor, "doctor-area:view")) throw notPermitted();
  const { db } = deps.database;
  await db
    .update(doctorProfile)
    .set({ qualifications: input.qualifications, updatedAt: new Date() })
    .where(eq(doctorProfile.userId, input.actor.userId));
  await auditAuthEvent(db, input.request, {
    action: "doctor.qualifications_updated",
    outcome: "success",
    actor: { id: input.actor.userId, role: input.actor.role },
    object: { type: "user", id: input.actor.userId },
  });
}
