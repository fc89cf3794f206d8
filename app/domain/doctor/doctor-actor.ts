import type { Actor } from "~/domain/access/permissions.ts";

/** Why a doctor's action was refused; routes map `not_found` to 404 and the rest to a message. */
export class DoctorCaseError extends Error {
  constructor(
    readonly code:
      | "not_found"
      | "forbidden"
      | "taken"
      | "invalid_state"
      | "second_factor"
      /** Signing needs an authenticator code entered within the last 5 minutes. */
      | "step_up",
    message: string,
  ) {
    super(message);
    this.name = "DoctorCaseError";
  }
}

/**
 * Every doctor function starts here: the role, access granted and a second factor in this
 * session. The database copy of `doctor_profile.active` is checked again where it matters
 * (taking a case, signing), since the session's copy is only as fresh as the request.
 */
export function assertDoctor(actor: Actor): asserts actor is Actor & { role: "doctor" } {
  if (actor.role !== "doctor" || actor.doctorActive !== true)
    throw new DoctorCaseError("forbidden", "Only a doctor with access can do this.");
  if (!actor.twoFactorVerified)
    throw new DoctorCaseError("second_factor", "Sign in with your authenticator code first.");
}

export function auditActor(actor: Actor) {
  return { id: actor.userId, role: actor.role, organisationId: null };
}
