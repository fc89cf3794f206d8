import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { questionnaireResponse, referral } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
import { safetyAlertEmail } from "./safety-alert-email.ts";

/**
 * The safety alert job: e-mails the clinical on-call once per case (the first urgent flag). The
 * mail is sent before `safetyAlertedAt` is set, so a crash in between sends it twice rather than
 * never; a second urgent flag on the same case finds it already alerted.
 */
export async function sendSafetyAlert(
  deps: { db: Database; mailer: Mailer; onCallEmail: string; publicUrl: string },
  { referralId, now = new Date() }: { referralId: string; now?: Date },
): Promise<"sent" | "already_sent" | "not_urgent"> {
  const [row] = await deps.db
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
    .where(eq(referral.id, referralId));
  if (!row?.urgent) return "not_urgent";
  if (row.alertedAt) return "already_sent";

  const mail = safetyAlertEmail({
    reference: row.reference,
    type: row.type,
    portalUrl: new URL("/doctor-dashboard", deps.publicUrl).toString(),
  });
  await deps.mailer.send({ to: deps.onCallEmail, ...mail });
  if (row.responseId)
    await deps.db
      .update(questionnaireResponse)
      .set({ safetyAlertedAt: now })
      .where(
        and(
          eq(questionnaireResponse.id, row.responseId),
          isNull(questionnaireResponse.safetyAlertedAt),
        ),
      );
  await recordAuditEvent(deps.db, {
    action: "assessment.safety_alert_sent",
    outcome: "success",
    actor: { id: "system", role: "system", organisationId: row.organisationId },
    object: { type: "referral", id: referralId },
    details: { to: "clinical-on-call" },
  });
  return "sent";
}
