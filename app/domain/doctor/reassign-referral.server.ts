import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { doctorProfile, referral, report } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { transition } from "~/domain/referrals/states.ts";
import { DoctorCaseError } from "./doctor-actor.ts";

/**
 * An administrator moves a case to another active doctor (or gives a queued case to one). Only
 * while the doctor's work is open (submitted or in review); an unsent report moves with it.
 */
export async function reassignReferral(
  db: Database,
  {
    actor,
    referralId,
    doctorId,
    request,
    now = new Date(),
  }: {
    actor: Actor;
    referralId: string;
    doctorId: string;
    request?: { ip: string | null; requestId: string };
    now?: Date;
  },
): Promise<void> {
  if (actor.role !== "admin" || !actor.twoFactorVerified)
    throw new DoctorCaseError("forbidden", "Only an administrator can reassign a case.");
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ active: doctorProfile.active })
      .from(doctorProfile)
      .where(eq(doctorProfile.userId, doctorId));
    if (!profile?.active)
      throw new DoctorCaseError("invalid_state", "Choose a doctor whose access is active.");
    const [current] = await tx
      .select()
      .from(referral)
      .where(eq(referral.id, referralId))
      .for("update");
    if (!current) throw new DoctorCaseError("not_found", "Case not found.");
    const status =
      current.status === "submitted"
        ? transition(current.status, "doctor_took", "admin")
        : current.status;
    if (status !== "in_review")
      throw new DoctorCaseError(
        "invalid_state",
        "Only a case in the doctor's hands can be reassigned.",
      );
    await tx
      .update(referral)
      .set({
        status,
        assignedDoctorId: doctorId,
        reviewStartedAt: current.reviewStartedAt ?? now,
        updatedAt: now,
      })
      .where(eq(referral.id, referralId));
    await tx
      .update(report)
      .set({ doctorId, updatedAt: now })
      .where(and(eq(report.referralId, referralId)));
    await recordAuditEvent(tx, {
      action: "admin.case_reassign",
      outcome: "success",
      actor: { id: actor.userId, role: actor.role, organisationId: null },
      object: { type: "referral", id: referralId },
      request,
      details: { from: current.assignedDoctorId, to: doctorId },
    });
  });
}
