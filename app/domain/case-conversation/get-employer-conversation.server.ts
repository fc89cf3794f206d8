import { referral } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { employerReferral } from "~/domain/referrals/get-referral.server.ts";
import { readThread, threadStateOf } from "./case-thread.server.ts";

/**
 * The employer's side of the case conversation (docs/architecture.md §4, "The case conversation"):
 * the employer–doctor thread of a referral they may see (a manager only their own), never the
 * person's thread. Reading marks the doctor's messages read, and is audited with how many
 * messages were shown, never their text.
 */
export async function getEmployerConversation(
  scope: Scope,
  { referralKey }: { referralKey: string },
) {
  const employer = requireEmployer(scope);
  const { db, actor } = employer;
  const row = await employerReferral(db, employer, referralKey, {
    id: referral.id,
    status: referral.status,
    organisationId: referral.organisationId,
    doctorAssigned: referral.assignedDoctorId,
  });
  const messages = await readThread(db, employer, {
    referralId: row.id,
    thread: "employer_doctor",
    reader: "employer",
    readerUserId: actor.userId,
  });
  const state = await threadStateOf(db, employer, "employer", row);
  await recordAuditEventAs(employer, {
    action: "conversation.read",
    object: { type: "referral", id: row.id },
    details: { thread: "employer_doctor", messagesShown: messages.length },
  });
  return { messages, state, doctorAssigned: row.doctorAssigned !== null };
}
