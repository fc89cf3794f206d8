import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { referral } from "~/db/schema/index.ts";
import { type EmployerActor, ReferralError } from "./actor.ts";
import { referenceFormats } from "./references.ts";

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
 * What an employer may see of one of their referrals: what they wrote and where it stands, never
 * the subject's answers. `referralId` is the id or the public reference. Another organisation's
 * referral is not found.
 */
export async function getReferralForEmployer(
  db: Database,
  { actor, referralId }: { actor: EmployerActor; referralId: string },
) {
  const byKey = referralKeyCondition(referralId);
  if (!byKey) throw new ReferralError("not_found", "Referral not found.");
  const [row] = await db
    .select({
      id: referral.id,
      reference: referral.reference,
      type: referral.type,
      status: referral.status,
      subjectName: referral.subjectName,
      subjectEmail: referral.subjectEmail,
      jobRole: referral.jobRole,
      drivingRequired: referral.drivingRequired,
      nightShifts: referral.nightShifts,
      loneWorking: referral.loneWorking,
      safetyCritical: referral.safetyCritical,
      conditionalOfferDate: referral.conditionalOfferDate,
      additionalNotes: referral.additionalNotes,
      reason: referral.reason,
      jobDetails: referral.jobDetails,
      existingAdjustments: referral.existingAdjustments,
      questions: referral.questions,
      employerConsentConfirmed: referral.employerConsentConfirmed,
      paymentMethod: referral.paymentMethod,
      orderId: referral.orderId,
      createdAt: referral.createdAt,
      updatedAt: referral.updatedAt,
      invitedAt: referral.invitedAt,
      lastReminderAt: referral.lastReminderAt,
    })
    .from(referral)
    .where(and(byKey, eq(referral.organisationId, actor.organisationId)));
  if (!row) throw new ReferralError("not_found", "Referral not found.");
  return row;
}

/**
 * The phone number the employer typed on a draft they are still editing. Only for drafts: once
 * the person has the link the number is theirs to correct, and it is for the doctors only.
 */
export async function getDraftPhoneForEmployer(
  db: Database,
  { actor, referralId }: { actor: EmployerActor; referralId: string },
): Promise<string | null> {
  const [row] = await db
    .select({ phone: referral.subjectPhone })
    .from(referral)
    .where(
      and(
        eq(referral.id, referralId),
        eq(referral.organisationId, actor.organisationId),
        eq(referral.status, "draft"),
      ),
    );
  return row?.phone ?? null;
}
