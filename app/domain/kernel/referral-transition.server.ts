import { and, eq } from "drizzle-orm";
import { referral, referralActivity } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import type { ActivityKind } from "~/domain/referrals/activity-labels.ts";
import {
  canTransition,
  type ReferralEvent,
  type ReferralStatus,
  transition,
} from "~/domain/referrals/states.ts";
import { actorUserId, auditActorOf } from "./actor.ts";
import type { Tx } from "./database.ts";
import { DomainError } from "./errors.ts";
import type { Scope } from "./scope.ts";

type ReferralColumns = Partial<typeof referral.$inferInsert>;

export interface ReferralTransition {
  /** The referral as read (and locked) in this transaction. */
  referral: { id: string; organisationId: string; status: ReferralStatus };
  event: ReferralEvent;
  /** Other columns the event sets with the status, such as `closedAt` or `assignedDoctorId`. */
  set?: Omit<ReferralColumns, "status" | "id" | "organisationId">;
  /** The employer's timeline row; null where the event writes none. */
  activity: ActivityKind | null;
  /**
   * The audit event, with details that are never health content; on the referral unless it
   * names another object (a report decision is the report's event).
   */
  audit: {
    action: string;
    details?: Record<string, unknown>;
    object?: { type: string; id: string };
  } | null;
  /** What to tell the caller when the event is not allowed from this status. */
  refusal?: (status: ReferralStatus) => string;
}

/**
 * Every change of a referral's status goes through here (docs/architecture.md §4): the state
 * table decides whether this actor may move it by this event, the update is conditioned on the
 * status read (so two requests racing cannot both move it), and the employer's timeline row and
 * the audit event are written in the same transaction. Returns the new status.
 */
export async function applyReferralTransition(
  tx: Tx,
  scope: Scope,
  change: ReferralTransition,
): Promise<ReferralStatus> {
  const { actor, now, origin } = scope;
  const current = change.referral;
  if (!canTransition(current.status, change.event, actor.role))
    throw new DomainError(
      "invalid_state",
      change.refusal?.(current.status) ?? "This case cannot do that now.",
    );
  const status = transition(current.status, change.event, actor.role);
  const moved = await tx
    .update(referral)
    .set({ ...change.set, status, updatedAt: now })
    .where(and(eq(referral.id, current.id), eq(referral.status, current.status)))
    .returning({ id: referral.id });
  if (moved.length === 0)
    throw new DomainError("conflict", "This case changed while you were working on it.");
  if (change.activity)
    await tx.insert(referralActivity).values({
      referralId: current.id,
      organisationId: current.organisationId,
      kind: change.activity,
      actorId: actorUserId(actor),
      createdAt: now,
    });
  if (change.audit)
    await recordAuditEvent(tx, {
      action: change.audit.action,
      outcome: "success",
      actor: auditActorOf(actor),
      object: change.audit.object ?? { type: "referral", id: current.id },
      request: origin,
      details: { from: current.status, to: status, ...change.audit.details },
    });
  return status;
}
