import type { MemberRole, PlatformRole } from "~/db/schema/auth.ts";

/** Who is acting: the signed-in user as every domain function receives them. */
export interface Actor {
  userId: string;
  role: PlatformRole;
  /** Employers: the organisation they belong to and their role in it. */
  organisationId: string | null;
  memberRole: MemberRole | null;
  /** Doctors: access granted by an administrator (doctor_profile.active). */
  doctorActive: boolean | null;
  /** This session passed a second factor (TOTP or backup code). */
  twoFactorVerified: boolean;
}

export const permissions = [
  "employer-area:view",
  "organisation:update",
  "doctor-area:view",
  "admin-area:view",
  "doctors:manage",
  "subject-access:export",
  "account:update-own",
  "two-factor:disable",
] as const;
export type Permission = (typeof permissions)[number];

/** Roles that see health data or manage doctors: nothing works for them without a second factor. */
const secondFactorRoles: readonly PlatformRole[] = ["doctor", "admin"];

export function needsSecondFactor(role: PlatformRole): boolean {
  return secondFactorRoles.includes(role);
}

type Rule = (actor: Actor) => boolean;

const fullyAuthenticated: Rule = (a) => !needsSecondFactor(a.role) || a.twoFactorVerified;

/** The typed permission map: one rule per permission, all pure. */
const permissionRules: Record<Permission, Rule> = {
  "employer-area:view": (a) => a.role === "employer" && a.organisationId !== null,
  "organisation:update": (a) =>
    a.role === "employer" && a.organisationId !== null && a.memberRole === "owner",
  "doctor-area:view": (a) => a.role === "doctor" && a.doctorActive === true && a.twoFactorVerified,
  "admin-area:view": (a) => a.role === "admin" && a.twoFactorVerified,
  "doctors:manage": (a) => a.role === "admin" && a.twoFactorVerified,
  "subject-access:export": (a) => a.role === "admin" && a.twoFactorVerified,
  "account:update-own": (a) =>
    fullyAuthenticated(a) && (a.role !== "doctor" || a.doctorActive === true),
  // Two-factor is mandatory for doctors and administrators.
  "two-factor:disable": (a) => !needsSecondFactor(a.role),
};

export function can(actor: Actor | null | undefined, permission: Permission): boolean {
  if (!actor) return false;
  return permissionRules[permission](actor);
}

/** Where each role lands after signing in. */
export const roleHome: Record<PlatformRole, string> = {
  employer: "/employer-dashboard",
  doctor: "/doctor-dashboard",
  admin: "/admin",
};
