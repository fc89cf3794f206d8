import { eq } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { followUpSource } from "./follow-up.server.ts";
import { employerReferralByKey } from "./get-referral.server.ts";
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
 * Saves a management referral as a draft (new, or an existing draft of this organisation, by id
 * or reference), or submits it. Only drafts can be edited; another organisation's is not found.
 */
export async function saveManagementReferral(
  scope: Scope,
  params: {
    referralId?: string;
    provider: "demo" | "stripe";
    /** The person's mobile in E.164 (`normalisePhone`), or null when not given. */
    subjectPhone?: string | null;
    /**
     * A new referral's earlier case, when it follows one up (docs/architecture.md §4, "Follow-up
     * referrals"): checked through the employer's visibility. A draft keeps the case it was made
     * to follow up.
     */
    followUpOf?: string;
  } & (
    | { intent: "draft"; input: ManagementDraftInput }
    | { intent: "submit"; input: ManagementReferralInput }
  ),
): Promise<{ referral: Referral; placement: PlacementOutcome | null }> {
  const employer = requireEmployer(scope);
  const { now } = employer;
  const { referralId, provider, subjectPhone = null } = params;
  const existingDraft = referralId ? employerReferralByKey(scope, referralId) : null;
  return scope.db.transaction(async (tx) => {
    let draft: Referral;
    if (existingDraft) {
      const [existing] = await tx.select().from(referral).where(existingDraft).for("update");
      if (!existing) throw new DomainError("not_found", "Referral not found.");
      if (existing.status !== "draft")
        throw new DomainError("invalid_state", "Only a draft referral can be edited.");
      const [updated] = await tx
        .update(referral)
        .set({ ...fields(params.input, subjectPhone), updatedAt: now })
        .where(eq(referral.id, existing.id))
        .returning();
      draft = updated!;
      await recordAuditEventAs(
        employer,
        {
          action: "referral.update",
          object: { type: "referral", id: draft.id },
          details: { type: "management", reference: draft.reference },
        },
        tx,
      );
    } else {
      const earlier = params.followUpOf
        ? await followUpSource(tx, employer, params.followUpOf)
        : null;
      draft = await insertReferral(tx, employer, {
        type: "management",
        values: { ...fields(params.input, subjectPhone), followUpOf: earlier?.id ?? null },
      });
      if (earlier)
        await recordAuditEventAs(
          employer,
          {
            action: "referral.follow_up_created",
            object: { type: "referral", id: draft.id },
            details: { reference: draft.reference, followUpOf: earlier.reference },
          },
          tx,
        );
    }
    const placement =
      params.intent === "submit" ? await placeReferral(tx, employer, { draft, provider }) : null;
    return { referral: draft, placement };
  });
}
