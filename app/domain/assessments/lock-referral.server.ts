import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { referral } from "~/db/schema/index.ts";
import { TransitionError } from "~/domain/referrals/states.ts";
import { AssessmentError, type SubjectLink } from "./subject.ts";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Re-reads the subject's referral inside the transaction, locked, so two tabs (or two processes)
 * cannot both move it: the second waits, then sees the new status and is refused.
 */
export async function lockSubjectReferral(tx: Tx, link: SubjectLink) {
  const [row] = await tx
    .select()
    .from(referral)
    .where(eq(referral.id, link.referralId))
    .for("update");
  if (!row || row.organisationId !== link.organisationId)
    throw new AssessmentError("not_found", "Assessment not found.");
  return row;
}

/** `transition` refusals as the assessment domain's own error, for the pages to handle. */
export function refuseTransition(error: unknown): never {
  if (error instanceof TransitionError)
    throw new AssessmentError("invalid_state", "This assessment cannot do that now.");
  throw error;
}
