import { and, eq, getTableColumns } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { referral } from "~/db/schema/index.ts";
import type { Executor, Tx } from "~/domain/kernel/database.ts";
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
 * The id and the columns asked for of one referral this employer may see, named by id or public reference
 * (`employerReferralByKey`), locked for the transaction when `lock` is set; not found otherwise.
 */
export async function employerReferral<Columns extends SelectedFields>(
  db: Executor,
  scope: Scope,
  key: string,
  columns: Columns,
  { lock = false }: { lock?: boolean } = {},
) {
  const query = db
    .select({ id: referral.id, ...columns })
    .from(referral)
    .where(employerReferralByKey(scope, key));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new DomainError("not_found", "Referral not found.");
  return row;
}

/** The whole row of one referral this employer may see, locked for the change being made. */
export function lockEmployerReferral(tx: Tx, scope: Scope, key: string) {
  return employerReferral(tx, scope, key, getTableColumns(referral), { lock: true });
}

/**
 * What an employer may see of one of their referrals: what they wrote and where it stands, never
 * the subject's answers. `referralKey` is the id or the public reference.
 */
export function getReferralForEmployer(scope: Scope, referralKey: string) {
  return employerReferral(scope.db, scope, referralKey, {
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
  });
}
