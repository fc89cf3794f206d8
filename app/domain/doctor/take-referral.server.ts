import { DomainError, isDomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { applyReferralTransition } from "~/domain/referrals/referral-transition.server.ts";
import { isUuid } from "~/lib/ids.ts";
import { doctorSignatureOf, findVisibleReferral } from "./case-access.server.ts";

/**
 * One refusal for every case a doctor cannot take — another doctor's, one not yet submitted or
 * already closed, one that does not exist — so the answer says nothing about the case.
 */
function caseUnavailable() {
  return new DomainError("conflict", "This case is not available to take.");
}

/**
 * A doctor takes a case and opens its editor: a submitted case nobody holds (from the queue), a
 * submitted case an administrator gave to this doctor, or this doctor's own case already in
 * review (opening it again, which changes nothing). The case is locked while it is read, and the
 * move goes through the state table (`applyReferralTransition`), so of two doctors taking at once
 * exactly one wins.
 */
export async function takeReferral(scope: Scope, referralId: string) {
  const doctor = requireDoctor(scope);
  const { db, actor, now } = doctor;
  return db.transaction(async (tx) => {
    // The database copy of the doctor's access, fresher than the session's.
    await doctorSignatureOf(tx, actor.userId);
    // Locked while read: a second doctor taking at once waits, then no longer sees it.
    const current = await findVisibleReferral(tx, doctor, referralId, { lock: true }).catch(
      (error: unknown) => {
        throw isDomainError(error, "not_found") && isUuid(referralId) ? caseUnavailable() : error;
      },
    );
    const mine = current.assignedDoctorId === actor.userId;
    if (current.status === "in_review" && mine)
      return { taken: false as const, alreadyYours: true };
    if ((current.status === "invited" || current.status === "in_progress") && mine)
      throw new DomainError(
        "invalid_state",
        "The person has not sent their answers yet. You can write the report once they do.",
      );
    if (current.status === "on_hold")
      throw new DomainError(
        "invalid_state",
        "ReferOH has put this case on hold. You can take it once the hold is lifted.",
      );
    if (current.status !== "submitted" || !(mine || current.assignedDoctorId === null))
      throw caseUnavailable();
    await applyReferralTransition(tx, doctor, {
      referral: current,
      event: "doctor_took",
      set: {
        assignedDoctorId: actor.userId,
        reviewStartedAt: current.reviewStartedAt ?? now,
      },
      activity: null,
      audit: { action: "doctor.case_take" },
    }).catch((error: unknown) => {
      throw isDomainError(error, "conflict") ? caseUnavailable() : error;
    });
    return { taken: true as const, alreadyYours: false };
  });
}
