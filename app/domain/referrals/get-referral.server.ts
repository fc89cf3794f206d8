import { and, eq } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { referenceFormats } from "./references.ts";
import { referralRequestColumns, referralSummaryColumns } from "./referral-columns.ts";

const uuidFormat = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Which column a key from a URL names: the internal id, or the public reference the employer sees
 * (REF-…, OCC-…, any case). Anything else names nothing.
 */
export function referralKeyCondition(key: string) {
  if (uuidFormat.test(key)) return eq(referral.id, key);
  const reference = key.trim().toUpperCase();
  if (referenceFormats.management.test(reference) || referenceFormats.preEmployment.test(reference))
    return eq(referral.reference, reference);
  return null;
}

/**
 * The condition for one referral this employer may see, named by id or public reference
 * (docs/architecture.md §3b: read through `visibleReferrals`). A key that names nothing, or
 * another organisation's referral, is not found: the two are never told apart.
 */
export function employerReferralByKey(scope: Scope, key: string) {
  requireEmployer(scope);
  const byKey = referralKeyCondition(key);
  if (!byKey) throw new DomainError("not_found", "Referral not found.");
  return and(byKey, visibleReferrals(scope));
}

/**
 * What an employer may see of one of their referrals: what they wrote and where it stands, never
 * the subject's answers. `referralKey` is the id or the public reference.
 */
export async function getReferralForEmployer(scope: Scope, referralKey: string) {
  const where = employerReferralByKey(scope, referralKey);
  const [row] = await scope.db
    .select({
      ...referralSummaryColumns,
      subjectEmail: referral.subjectEmail,
      ...referralRequestColumns,
      employerConsentConfirmed: referral.employerConsentConfirmed,
      paymentMethod: referral.paymentMethod,
      orderId: referral.orderId,
      createdAt: referral.createdAt,
      updatedAt: referral.updatedAt,
      invitedAt: referral.invitedAt,
      lastReminderAt: referral.lastReminderAt,
      closedAt: referral.closedAt,
      followUpOf: referral.followUpOf,
    })
    .from(referral)
    .where(where);
  if (!row) throw new DomainError("not_found", "Referral not found.");
  return row;
}
