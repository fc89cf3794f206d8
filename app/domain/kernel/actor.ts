import type { MemberRole } from "~/db/schema/auth.ts";
import type { referral } from "~/db/schema/referrals.ts";

type ReferralStatus = typeof referral.$inferSelect.status;

/**
 * Who is acting (docs/architecture.md §3b). One discriminated union for every caller: the
 * signed-in employer, doctor and administrator, the person holding an assessment link, and the
 * system (jobs, webhooks). Domain functions narrow it with the guards in `guards.ts`.
 */
export interface EmployerActor {
  role: "employer";
  userId: string;
  organisationId: string;
  organisationName: string;
  memberRole: MemberRole;
  /**
   * Set when an API key acts (docs/architecture.md §3b, "API keys"): the organisation's key, not
   * a person. `userId` is then the member who made the key, who owns what it creates in the
   * team's lists, and `memberRole` the organisation-wide role a key acts with; the audit trail
   * and the timeline name the key, never that member.
   */
  apiKeyId?: string;
}

export interface DoctorActor {
  role: "doctor";
  userId: string;
  /** Access granted by an administrator (doctor_profile.active), as read for this request. */
  doctorActive: boolean;
  twoFactorVerified: boolean;
  /**
   * The states in which a doctor sees a case assigned to them (the visibility builders read it).
   * The referral lifecycle owns the list (`app/domain/doctor/doctor-queue.ts` today); whoever
   * builds the actor passes it in, so the kernel knows no state of any area's lifecycle.
   */
  caseStatuses: readonly ReferralStatus[];
  /**
   * The states in which a case nobody has taken waits in every doctor's queue: where the
   * lifecycle table lets a doctor take it. Not a case on hold, which nobody but an administrator
   * may move; passed in like `caseStatuses`.
   */
  queueStatuses: readonly ReferralStatus[];
}

export interface AdminActor {
  role: "admin";
  userId: string;
  twoFactorVerified: boolean;
}

/** Whoever holds a valid assessment link: they act on that one referral only. */
export interface SubjectActor {
  role: "subject";
  referralId: string;
  invitationId: string;
  organisationId: string;
}

/** Background jobs, payment webhooks and start-up tasks: named, for the audit trail. */
export interface SystemActor {
  role: "system";
  name: string;
}

export type Actor = EmployerActor | DoctorActor | AdminActor | SubjectActor | SystemActor;

/** Where the request came from, for the audit trail. */
export interface RequestOrigin {
  ip: string | null;
  requestId: string;
}

/** How an actor appears in the audit log: an id and a role; a subject never by name or e-mail. */
export function auditActorOf(actor: Actor): {
  id: string;
  role: string;
  organisationId: string | null;
} {
  switch (actor.role) {
    case "employer":
      if (actor.apiKeyId)
        return {
          id: `api_key:${actor.apiKeyId}`,
          role: "api_key",
          organisationId: actor.organisationId,
        };
      return { id: actor.userId, role: "employer", organisationId: actor.organisationId };
    case "doctor":
    case "admin":
      return { id: actor.userId, role: actor.role, organisationId: null };
    case "subject":
      return {
        id: `subject:${actor.referralId}`,
        role: "subject",
        organisationId: actor.organisationId,
      };
    case "system":
      return { id: `system:${actor.name}`, role: "system", organisationId: null };
  }
}

/** The id written as `actor_id` on activity rows: users by id, nobody else (not an API key). */
export function actorUserId(actor: Actor): string | null {
  if (actor.role === "employer") return actor.apiKeyId ? null : actor.userId;
  return actor.role === "doctor" || actor.role === "admin" ? actor.userId : null;
}
