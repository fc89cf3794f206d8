import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { assessmentInvitation, type referral } from "~/db/schema/index.ts";
import { recordAuditEvent, recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { RequestOrigin, SubjectActor } from "~/domain/kernel/actor.ts";
import { checkRateLimit, recordRateLimitAttempt } from "~/domain/kernel/rate-limit.server.ts";
import { findReferralByInvitationToken } from "~/domain/referrals/invitations.server.ts";

/**
 * A valid link: the kernel's subject actor (docs/architecture.md §3b), which the route turns into
 * the request's scope with `subjectScope`, and the referral as read on opening.
 */
type OpenedLink =
  | { ok: true; link: SubjectActor; referral: typeof referral.$inferSelect }
  | { ok: false; reason: "unknown" | "gone" | "throttled" };

/** An open within this time of the last one is the same visit: not audited again. */
const VISIT_GAP_MS = 30 * 60 * 1000;

/**
 * Resolves an assessment link for the person holding it. Every failure is reported as one of
 * three reasons only, which the pages turn into one neutral message: `unknown` (no such link, or
 * a malformed one), `gone` (expired, revoked, cancelled or lapsed), `throttled` (too many failed
 * tries from this client). Failed tries are counted per IP under
 * the named limit `assessmentLink` (app/domain/kernel/rate-limit.server.ts).
 *
 * On success it records `lastOpenedAt` on the invitation (which stops the automatic reminders)
 * and audits the first open of each visit.
 */
export async function openAssessmentLink(
  db: Database,
  { token, origin, now = new Date() }: { token: string; origin: RequestOrigin; now?: Date },
): Promise<OpenedLink> {
  // Per client address, with one shared count for requests whose address is unknown.
  const client = origin.ip ?? "unknown";
  if ((await checkRateLimit(db, "assessmentLink", client, now)).limited) {
    await recordAuditEvent(db, {
      action: "assessment.link_open",
      outcome: "denied",
      request: origin,
      details: { reason: "throttled" },
    });
    return { ok: false, reason: "throttled" };
  }
  const found = await findReferralByInvitationToken(db, token, now);
  let failure: "unknown" | "gone" | null = null;
  if (!found.found) failure = found.reason === "unknown" ? "unknown" : "gone";
  else if (["cancelled", "expired", "payment_expired"].includes(found.referral.status))
    failure = "gone";
  else if (["draft", "awaiting_payment"].includes(found.referral.status)) failure = "unknown";

  if (failure || !found.found) {
    await recordRateLimitAttempt(db, "assessmentLink", client, now);
    await recordAuditEvent(db, {
      action: "assessment.link_open",
      outcome: "denied",
      request: origin,
      object: found.found ? { type: "referral", id: found.referral.id } : undefined,
      details: { reason: found.found ? found.referral.status : found.reason },
    });
    return { ok: false, reason: failure ?? "unknown" };
  }

  const link: SubjectActor = {
    role: "subject",
    referralId: found.referral.id,
    invitationId: found.invitationId,
    organisationId: found.referral.organisationId,
  };
  const [previous] = await db
    .select({ lastOpenedAt: assessmentInvitation.lastOpenedAt })
    .from(assessmentInvitation)
    .where(eq(assessmentInvitation.id, found.invitationId));
  await db
    .update(assessmentInvitation)
    .set({ lastOpenedAt: now })
    .where(eq(assessmentInvitation.id, found.invitationId));
  const last = previous?.lastOpenedAt;
  if (!last || now.getTime() - last.getTime() > VISIT_GAP_MS)
    await recordAuditEventAs(
      { actor: link, origin },
      {
        action: "assessment.link_open",
        object: { type: "referral", id: link.referralId },
        details: { status: found.referral.status, firstOpen: !last },
      },
      db,
    );
  return { ok: true, link, referral: found.referral };
}
