import { and, eq, inArray, isNull, lte } from "drizzle-orm";
import { questionnaireResponse, referral } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { requireSystem } from "~/domain/kernel/guards.ts";
import { queueMail, sendQueuedMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { claimDueReferrals } from "~/domain/referrals/claim-due-referrals.server.ts";
import { safetyAlertEmail, safetyRealertEmail } from "./safety-alert-email.ts";

/** Where the safety e-mails go: the clinical on-call's address, from the configuration. */
interface SafetyAlertRecipient {
  onCallEmail: string;
}

/** With no successful contact this long after the last alert, the on-call is e-mailed again. */
export const SAFETY_REALERT_AFTER_MS = 2 * 60 * 60 * 1000;
export const SAFETY_REALERT_JOB = "assessment-safety-realert";

/** The states in which someone can still act on a flag: from the answers to the report going out. */
const safetyOpenStatuses = ["in_progress", "submitted", "in_review"] as const;

/**
 * The safety alert job: e-mails the clinical on-call once per case (the first urgent flag). The
 * e-mail is written to the mail outbox in the transaction that marks the case alerted, under a
 * key of its own, and sent as soon as that commits (docs/architecture.md §8, "The mail outbox"): a
 * crash in between leaves it to the worker's drain, and a retried job writes nothing twice.
 * "queued": written, and the send failed; the drain retries it.
 */
export async function sendSafetyAlert(
  scope: Scope,
  deps: SafetyAlertRecipient,
  { referralId }: { referralId: string },
): Promise<"sent" | "queued" | "already_sent" | "not_urgent"> {
  const { db, now } = requireSystem(scope);
  const [row] = await db
    .select({
      reference: referral.reference,
      type: referral.type,
      organisationId: referral.organisationId,
      urgent: referral.urgent,
      responseId: questionnaireResponse.id,
      alertedAt: questionnaireResponse.safetyAlertedAt,
    })
    .from(referral)
    .leftJoin(questionnaireResponse, eq(questionnaireResponse.referralId, referral.id))
    .where(and(eq(referral.id, referralId), visibleReferrals(scope)));
  if (!row?.urgent) return "not_urgent";
  if (row.alertedAt) return "already_sent";

  const mail = safetyAlertEmail({
    reference: row.reference,
    type: row.type,
    portalUrl: new URL("/doctor-dashboard", scope.adapters.publicUrl).toString(),
  });
  const queued = await db.transaction(async (tx) => {
    const ids = await queueMail(tx, { now, referralId, key: `safety-alert:${referralId}` }, [
      { to: deps.onCallEmail, ...mail },
    ]);
    if (ids.length === 0) return ids;
    // The re-alert clock (sendSafetyRealerts) runs from this e-mail.
    await tx
      .update(referral)
      .set({ safetyLastAlertAt: now })
      .where(and(eq(referral.id, referralId), isNull(referral.safetyLastAlertAt)));
    if (row.responseId)
      await tx
        .update(questionnaireResponse)
        .set({ safetyAlertedAt: now })
        .where(
          and(
            eq(questionnaireResponse.id, row.responseId),
            isNull(questionnaireResponse.safetyAlertedAt),
          ),
        );
    await recordAuditEventAs(
      scope,
      {
        action: "assessment.safety_alert_sent",
        outcome: "success",
        organisationId: row.organisationId,
        object: { type: "referral", id: referralId },
        details: { to: "clinical-on-call" },
      },
      tx,
    );
    return ids;
  });
  if (queued.length === 0) return "already_sent";
  const { failed } = await sendQueuedMail(scope, queued);
  return failed > 0 ? "queued" : "sent";
}

/**
 * The re-alert job: every urgent case still open with no successful contact 2 hours after its
 * last on-call e-mail is e-mailed again (and again every 2 hours until someone reaches the
 * person). Each case is claimed by a conditional update of `safety_last_alert_at` inside the
 * transaction that writes its e-mail to the mail outbox, so concurrent runs or processes send
 * once; the e-mails go as soon as their transactions commit, and a failed send is the drain's.
 */
export async function sendSafetyRealerts(
  scope: Scope,
  deps: SafetyAlertRecipient,
): Promise<number> {
  const { db, now } = requireSystem(scope);
  const due = await db
    .select({
      id: referral.id,
      reference: referral.reference,
      type: referral.type,
      organisationId: referral.organisationId,
      urgentAt: referral.urgentAt,
      lastAlertAt: referral.safetyLastAlertAt,
    })
    .from(referral)
    .where(
      and(
        visibleReferrals(scope),
        eq(referral.urgent, true),
        inArray(referral.status, [...safetyOpenStatuses]),
        isNull(referral.safetyContactedAt),
        lte(referral.safetyLastAlertAt, new Date(now.getTime() - SAFETY_REALERT_AFTER_MS)),
      ),
    )
    .limit(200);
  const portalUrl = new URL("/doctor-dashboard", scope.adapters.publicUrl).toString();
  return claimDueReferrals(scope, due, "assessment.safety_realert_sent", async (tx, queue, c) => {
    const claimed = await tx
      .update(referral)
      .set({ safetyLastAlertAt: now })
      .where(
        and(
          eq(referral.id, c.id),
          eq(referral.safetyLastAlertAt, c.lastAlertAt as Date),
          isNull(referral.safetyContactedAt),
        ),
      )
      .returning({ id: referral.id });
    if (claimed.length === 0) return null;
    await queue([
      {
        to: deps.onCallEmail,
        ...safetyRealertEmail({
          reference: c.reference,
          type: c.type,
          portalUrl,
          flaggedAt: c.urgentAt ?? c.lastAlertAt ?? now,
          now,
        }),
      },
    ]);
    return { to: "clinical-on-call" };
  });
}
