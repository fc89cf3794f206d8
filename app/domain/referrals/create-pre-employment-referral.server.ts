import type { Database } from "~/db/client.server.ts";
import { referralActivity } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import type { EmployerActor, RequestOrigin } from "./actor.ts";
import {
  insertReferral,
  type PlacementOutcome,
  placeReferral,
  type Referral,
} from "./place-referral.server.ts";
import type { PreEmploymentReferralInput } from "./referral-input.ts";

/** A pre-employment check is created and submitted in one step (the seed's form has no draft). */
export async function createPreEmploymentReferral(
  db: Database,
  {
    actor,
    input,
    origin,
    provider,
    subjectPhone = null,
    now = new Date(),
  }: {
    actor: EmployerActor;
    input: PreEmploymentReferralInput;
    /** The candidate's mobile in E.164 (`normalisePhone`), or null when not given. */
    subjectPhone?: string | null;
    origin?: RequestOrigin;
    provider: "demo" | "stripe";
    now?: Date;
  },
): Promise<{ referral: Referral; placement: PlacementOutcome }> {
  return db.transaction(async (tx) => {
    const draft = await insertReferral(tx, {
      actor,
      type: "pre_employment",
      now,
      values: {
        subjectName: input.candidateName,
        subjectEmail: input.candidateEmail,
        subjectPhone,
        jobRole: input.jobRole,
        drivingRequired: input.drivingRequired,
        nightShifts: input.nightShifts,
        loneWorking: input.loneWorking,
        safetyCritical: input.safetyCritical,
        conditionalOfferDate: input.conditionalOfferDate,
        additionalNotes: input.additionalNotes || null,
        employerConsentConfirmed: true,
      },
    });
    await tx.insert(referralActivity).values({
      referralId: draft.id,
      organisationId: actor.organisationId,
      kind: "created",
      actorId: actor.userId,
      createdAt: now,
    });
    await recordAuditEvent(tx, {
      action: "referral.create",
      outcome: "success",
      actor: { id: actor.userId, role: "employer", organisationId: actor.organisationId },
      object: { type: "referral", id: draft.id },
      request: origin,
      details: { type: "pre_employment", reference: draft.reference },
    });
    const placement = await placeReferral(tx, { actor, draft, origin, provider, now });
    return { referral: draft, placement };
  });
}
