import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { referral, referralActivity } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { type EmployerActor, ReferralError, type RequestOrigin } from "./actor.ts";
import {
  insertReferral,
  type PlacementOutcome,
  placeReferral,
  type Referral,
} from "./place-referral.server.ts";
import type { ManagementDraftInput, ManagementReferralInput } from "./referral-input.ts";

function fields(
  input: ManagementDraftInput | ManagementReferralInput,
  subjectPhone: string | null,
) {
  return {
    subjectName: input.employeeName,
    subjectEmail: input.employeeEmail,
    subjectPhone,
    reason: input.referralReason || null,
    jobDetails: input.jobDetails || null,
    existingAdjustments: input.existingAdjustments || null,
    questions: input.questions,
    employerConsentConfirmed: input.consentToProcessing,
  };
}

/**
 * Saves a management referral as a draft (new, or an existing draft of this organisation), or
 * submits it. Only drafts can be edited; another organisation's id is simply not found.
 */
export async function saveManagementReferral(
  db: Database,
  params: {
    actor: EmployerActor;
    referralId?: string;
    origin?: RequestOrigin;
    provider: "demo" | "stripe";
    /** The person's mobile in E.164 (`normalisePhone`), or null when not given. */
    subjectPhone?: string | null;
    now?: Date;
  } & (
    | { intent: "draft"; input: ManagementDraftInput }
    | { intent: "submit"; input: ManagementReferralInput }
  ),
): Promise<{ referral: Referral; placement: PlacementOutcome | null }> {
  const { actor, referralId, origin, provider, subjectPhone = null, now = new Date() } = params;
  return db.transaction(async (tx) => {
    let draft: Referral;
    if (referralId) {
      const [existing] = await tx
        .select()
        .from(referral)
        .where(and(eq(referral.id, referralId), eq(referral.organisationId, actor.organisationId)))
        .for("update");
      if (!existing) throw new ReferralError("not_found", "Referral not found.");
      if (existing.status !== "draft")
        throw new ReferralError("invalid_state", "Only a draft referral can be edited.");
      const [updated] = await tx
        .update(referral)
        .set({ ...fields(params.input, subjectPhone), updatedAt: now })
        .where(eq(referral.id, existing.id))
        .returning();
      draft = updated!;
    } else {
      draft = await insertReferral(tx, {
        actor,
        type: "management",
        values: fields(params.input, subjectPhone),
        now,
      });
      await tx.insert(referralActivity).values({
        referralId: draft.id,
        organisationId: actor.organisationId,
        kind: "created",
        actorId: actor.userId,
        createdAt: now,
      });
    }
    await recordAuditEvent(tx, {
      action: referralId ? "referral.update" : "referral.create",
      outcome: "success",
      actor: { id: actor.userId, role: "employer", organisationId: actor.organisationId },
      object: { type: "referral", id: draft.id },
      request: origin,
      details: { type: "management", reference: draft.reference },
    });
    const placement =
      params.intent === "submit"
        ? await placeReferral(tx, { actor, draft, origin, provider, now })
        : null;
    return { referral: draft, placement };
  });
}
