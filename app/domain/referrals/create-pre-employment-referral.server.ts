import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import {
  insertReferral,
  type PlacementOutcome,
  placeReferral,
  type Referral,
} from "./place-referral.server.ts";
import type { PreEmploymentReferralInput } from "./referral-input.ts";

/** A pre-employment check is created and submitted in one step (the seed's form has no draft). */
export async function createPreEmploymentReferral(
  scope: Scope,
  {
    input,
    provider,
    subjectPhone = null,
  }: {
    input: PreEmploymentReferralInput;
    /** The candidate's mobile in E.164 (`normalisePhone`), or null when not given. */
    subjectPhone?: string | null;
    provider: "demo" | "stripe";
  },
): Promise<{ referral: Referral; placement: PlacementOutcome }> {
  const employer = requireEmployer(scope);
  return scope.db.transaction(async (tx) => {
    const draft = await insertReferral(tx, employer, {
      type: "pre_employment",
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
    const placement = await placeReferral(tx, employer, { draft, provider });
    return { referral: draft, placement };
  });
}
