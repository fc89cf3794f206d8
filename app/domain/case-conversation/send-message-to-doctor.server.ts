import { eq } from "drizzle-orm";
import { organisation, referral } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import { transactionWithMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { employerReferralByKey } from "~/domain/referrals/get-referral.server.ts";
import {
  authorNameOf,
  messageBodyOf,
  postMessage,
  requireThreadOpen,
  tellAssignedDoctor,
} from "./case-thread.server.ts";
import { employerMessageEmail } from "./conversation-emails.ts";

type SendResult = { ok: true; messageId: string } | { ok: false; message: string };

/**
 * A member of the organisation writes to the doctor in the case's employer–doctor thread
 * (docs/architecture.md §4, "The case conversation"): any member who may see the referral (a
 * manager only their own), while the lifecycle table lets the employer write, and for 30 days
 * after the report's release. The message is sealed; the doctor on the case, if one has taken it,
 * is e-mailed that a message is waiting, with no text. Before a doctor takes the case, the message
 * waits on the case for whoever does.
 */
export async function sendMessageToDoctor(
  scope: Scope,
  { referralKey, body }: { referralKey: string; body: string },
): Promise<SendResult> {
  const employer = requireEmployer(scope);
  const { actor, now } = employer;
  const parsed = messageBodyOf(body);
  if (!parsed.ok) return parsed;
  return transactionWithMail(employer, async (tx, queue) => {
    const [row] = await tx
      .select({
        id: referral.id,
        status: referral.status,
        reference: referral.reference,
        urgent: referral.urgent,
        assignedDoctorId: referral.assignedDoctorId,
        organisationName: organisation.name,
      })
      .from(referral)
      .innerJoin(organisation, eq(organisation.id, referral.organisationId))
      .where(employerReferralByKey(employer, referralKey))
      .for("update", { of: referral });
    if (!row) throw new DomainError("not_found", "Referral not found.");
    await requireThreadOpen(tx, employer, "employer", row);
    const messageId = await postMessage(tx, {
      referralId: row.id,
      thread: "employer_doctor",
      authorUserId: actor.userId,
      authorRole: actor.memberRole,
      authorName: await authorNameOf(tx, actor.userId),
      body: parsed.text,
      sentAt: now,
    });
    await recordAuditEventAs(
      employer,
      {
        action: "conversation.message_sent",
        object: { type: "referral", id: row.id },
        details: { thread: "employer_doctor", messageId },
      },
      tx,
    );
    await tellAssignedDoctor(
      tx,
      queue,
      row,
      employerMessageEmail({
        reference: row.reference,
        organisationName: row.organisationName,
        urgent: row.urgent,
        caseUrl: new URL(`/doctor/cases/${row.id}`, employer.adapters.publicUrl).toString(),
      }),
    );
    return { ok: true as const, messageId };
  });
}
