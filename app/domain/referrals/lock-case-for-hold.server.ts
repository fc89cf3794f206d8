import { referral } from "~/db/schema/index.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { lockVisibleReferral } from "./lock-visible-referral.server.ts";

/** The case a hold is placed on or lifted from, locked for the change, with what the hold reads. */
export async function lockCaseForHold(scope: Scope, tx: Tx, referralId: string) {
  const current = await lockVisibleReferral(tx, scope, referralId, {
    organisationId: referral.organisationId,
    status: referral.status,
    heldFromStatus: referral.heldFromStatus,
    heldAt: referral.heldAt,
    slaDueAt: referral.slaDueAt,
  });
  if (!current) throw new DomainError("not_found", "That case no longer exists.");
  return current;
}
