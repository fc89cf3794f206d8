import { and, eq } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { sendInvitationNow } from "./invitation-outbox.server.ts";
import { organisationDisplayName } from "./organisation-name.server.ts";
import { sendReferralInvitation } from "./send-referral-invitation.server.ts";

/** The job that sends an invitation e-mail again when the first attempt could not. */
const SEND_INVITATION_JOB = "referral-send-invitation";

/**
 * Sends the invitation to a referral this scope may see, now. The first invitation was written to
 * the outbox by the transition that invited (invitation-outbox.server.ts), whose worker sends it
 * if this does not; when mail is down for a reminder, a job tries again with a fresh link (the
 * token is never kept in the queue). Used once a referral is paid for (credits or a confirmed
 * order) and for the employer's reminder.
 */
export async function inviteSubject(
  scope: Scope,
  services: Pick<Runtime, "logger">,
  { referralId, kind }: { referralId: string; kind: "initial" | "reminder" },
): Promise<void> {
  const { db } = scope;
  const [row] = await db
    .select()
    .from(referral)
    .where(and(eq(referral.id, referralId), visibleReferrals(scope)));
  if (!row) return;
  if (kind === "initial") {
    // Written to the outbox with the transition; sent now, or by the worker's next pass.
    try {
      await sendInvitationNow(scope, referralId);
    } catch (error) {
      services.logger.warn(
        { err: error, referralId },
        "invitation e-mail failed; the outbox retries",
      );
    }
    return;
  }
  try {
    await sendReferralInvitation(scope, {
      referral: row,
      organisationName: await organisationDisplayName(db, row.organisationId),
      kind,
    });
  } catch (error) {
    services.logger.warn(
      { err: error, referralId },
      "invitation e-mail failed; retrying in the background",
    );
    await scope.adapters.jobs.send(SEND_INVITATION_JOB, { referralId, kind });
  }
}
