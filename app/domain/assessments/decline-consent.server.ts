import { eq } from "drizzle-orm";
import { assessmentConsent, questionnaireResponse } from "~/db/schema/index.ts";
import type { OrderReversal } from "~/domain/billing/refunds.server.ts";
import { returnReferralPayment } from "~/domain/billing/return-referral-payment.server.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { notifyReferralDeclined } from "~/domain/referrals/notify-referral-declined.server.ts";
import { CONSENT_VERSION } from "./consent-notice.ts";
import { lockSubjectReferral, moveSubjectReferral } from "./lock-referral.server.ts";

/**
 * The person does not agree (before starting) or stops (after starting, before sending). The
 * referral ends as `declined`; the employer's activity says only that it could not go ahead.
 *
 * Stopping erases the answers saved so far. If a safety flag was raised, the response row stays
 * with its level only (no answers, transcript or reasons), so the case stays marked for the
 * clinician who was alerted (the person's vital interests, UK GDPR Art. 9(2)(c)).
 *
 * No doctor has worked on the case, so the employer pays nothing for it: credits go back to the
 * ledger and a card payment gets a credit note, refunded after commit (docs/decisions/0012-refunds-and-credit-notes.md).
 * The employer's notice (the reference only) is written to the mail outbox in the same
 * transaction: `notice` is its rows, for the caller to send once this returns
 * (docs/architecture.md §8, "The mail outbox").
 */
export async function declineConsent(
  scope: Scope,
  { consentVersion = CONSENT_VERSION }: { consentVersion?: string } = {},
): Promise<{
  decision: "declined" | "withdrawn";
  referralId: string;
  creditsReturned: number;
  order: OrderReversal;
  notice: string[];
}> {
  const subject = requireSubject(scope);
  const { now } = subject;
  return subject.db.transaction(async (tx) => {
    const current = await lockSubjectReferral(tx, subject, "subject_declined");
    const decision = current.status === "in_progress" ? "withdrawn" : "declined";
    const [response] = await tx
      .select({ id: questionnaireResponse.id, safetyLevel: questionnaireResponse.safetyLevel })
      .from(questionnaireResponse)
      .where(eq(questionnaireResponse.referralId, current.id))
      .for("update");
    if (response) {
      if (response.safetyLevel === "none")
        await tx.delete(questionnaireResponse).where(eq(questionnaireResponse.id, response.id));
      else
        await tx
          .update(questionnaireResponse)
          .set({ answers: {}, transcript: [], safetyReasons: [], cursor: null, updatedAt: now })
          .where(eq(questionnaireResponse.id, response.id));
    }
    await tx.insert(assessmentConsent).values({
      referralId: current.id,
      invitationId: subject.actor.invitationId,
      decision,
      consentVersion,
      decidedAt: now,
    });
    const { creditsReturned, order } = await returnReferralPayment(tx, subject, {
      referral: current,
      actorId: null,
      reason: "consent_declined",
      now,
    });
    await moveSubjectReferral(tx, subject, {
      referral: current,
      event: "subject_declined",
      set: { closedAt: now },
      activity: "declined",
      audit: {
        action:
          decision === "withdrawn" ? "assessment.consent_withdrawn" : "assessment.consent_declined",
        details: {
          consentVersion,
          answersErased: Boolean(response),
          creditsReturned,
          order: order.outcome,
        },
      },
    });
    const notice = await notifyReferralDeclined.queue(tx, subject, current.id);
    return { decision, referralId: current.id, creditsReturned, order, notice };
  });
}
