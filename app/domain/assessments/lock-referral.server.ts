import { referral } from "~/db/schema/index.ts";
import { type AuditEntry, recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { SubjectActor } from "~/domain/kernel/actor.ts";
import type { Executor, Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import {
  canTransition,
  type ReferralEvent,
  type ReferralStatus,
} from "~/domain/referrals/lifecycle.ts";
import {
  applyReferralTransition,
  type ReferralTransition,
} from "~/domain/referrals/referral-transition.server.ts";

export type SubjectReferral = typeof referral.$inferSelect;

/** What the person is told when their link asks for a move their case no longer allows. */
const cannotNow = (_status: ReferralStatus) => "This assessment cannot do that now.";

/**
 * Re-reads the person's one referral inside the transaction, locked, so two tabs (or two
 * processes) cannot both move it: the second waits, then sees the new status and is refused. The
 * row is read through `visibleReferrals` (docs/architecture.md §3b), so the link's scope decides
 * which referral, never an id passed in. With an `event`, a move the case no longer allows is
 * refused here, before anything else is written.
 */
export async function lockSubjectReferral(
  tx: Tx,
  scope: Scope,
  event?: ReferralEvent,
): Promise<SubjectReferral> {
  const subject = requireSubject(scope);
  const [row] = await tx.select().from(referral).where(visibleReferrals(subject)).for("update");
  if (!row) throw new DomainError("not_found", "Assessment not found.");
  if (event && !canTransition(row.status, event, "subject"))
    throw new DomainError("invalid_state", cannotNow(row.status));
  return row;
}

/**
 * The person's move of their referral, through the kernel's one transition (docs/architecture.md
 * §3b): the status update conditioned on the status read, the employer's timeline row and the
 * audit event, with the assessment's own refusal.
 */
export function moveSubjectReferral(
  tx: Tx,
  scope: Scope<SubjectActor>,
  change: Omit<ReferralTransition, "refusal">,
): Promise<ReferralStatus> {
  return applyReferralTransition(tx, scope, { ...change, refusal: cannotNow });
}

/**
 * An event of the person's in the audit trail that moves nothing (an answer saved, a reply, a
 * report read): by their role and referral, never their name, and on their referral unless it
 * names another object.
 */
export function auditSubjectEvent(
  db: Executor,
  scope: Scope<SubjectActor>,
  entry: Pick<AuditEntry, "action" | "details" | "object"> & { outcome?: AuditEntry["outcome"] },
): Promise<void> {
  return recordAuditEventAs(
    scope,
    {
      ...entry,
      object: entry.object ?? { type: "referral", id: scope.actor.referralId },
    },
    db,
  );
}
