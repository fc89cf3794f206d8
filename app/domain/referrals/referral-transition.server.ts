import { and, eq } from "drizzle-orm";
import { referral, referralActivity, report } from "~/db/schema/index.ts";
import { queueWebhookEvent } from "~/domain/api/webhook-outbox.server.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { actorUserId } from "~/domain/kernel/actor.ts";
import type { Executor, Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals, visibleReports } from "~/domain/kernel/visibility.server.ts";
import type { ActivityKind } from "./activity-labels.ts";
import {
  canTransition,
  lifecycle,
  type ReferralEvent,
  type ReferralStatus,
  transition,
} from "./lifecycle.ts";

type ReferralColumns = Partial<typeof referral.$inferInsert>;

/** An audit event on a referral; on the referral itself unless it names another object. */
interface ReferralAudit {
  action: string;
  details?: Record<string, unknown>;
  object?: { type: string; id: string };
}

export interface ReferralTransition {
  /**
   * The referral as read (and locked) in this transaction; with the state recorded on entering
   * its current one where the event returns to it (lifting a hold).
   */
  referral: {
    id: string;
    organisationId: string;
    status: ReferralStatus;
    heldFromStatus?: ReferralStatus | null;
  };
  event: ReferralEvent;
  /** Other columns the event sets with the status, such as `closedAt` or `assignedDoctorId`. */
  set?: Omit<ReferralColumns, "status" | "id" | "organisationId">;
  /** The employer's timeline row; null where the event writes none. */
  activity: ActivityKind | null;
  /**
   * The audit event, with details that are never health content; on the referral unless it
   * names another object (a report decision is the report's event).
   */
  audit: ReferralAudit | null;
  /** What to tell the caller when the event is not allowed from this status. */
  refusal?: (status: ReferralStatus) => string;
}

/**
 * Every change of a referral's status goes through here (docs/architecture.md §4): the lifecycle
 * table (lifecycle.ts) decides whether this actor may move it by this event, the update is conditioned on the
 * status read (so two requests racing cannot both move it), and the employer's timeline row and
 * the audit event are written in the same transaction. Returns the new status.
 */
export async function applyReferralTransition(
  tx: Tx,
  scope: Scope,
  change: ReferralTransition,
): Promise<ReferralStatus> {
  const { actor, now } = scope;
  const current = change.referral;
  if (!canTransition(current.status, change.event, actor.role))
    throw new DomainError(
      "invalid_state",
      change.refusal?.(current.status) ?? "This case cannot do that now.",
    );
  const status = transition(current.status, change.event, actor.role, current.heldFromStatus);
  // A state that remembers the one it was entered from (lifecycle.ts) keeps it until it is left.
  const previous = lifecycle[status].remembersPrevious ? current.status : null;
  const moved = await tx
    .update(referral)
    .set({ ...change.set, status, heldFromStatus: previous, updatedAt: now })
    .where(and(eq(referral.id, current.id), eq(referral.status, current.status)))
    .returning({ id: referral.id });
  if (moved.length === 0)
    throw new DomainError("conflict", "This case changed while you were working on it.");
  await announceTransition(tx, scope, {
    referral: current,
    from: current.status,
    to: status,
    activity: change.activity,
  });
  await recordReferralStep(tx, scope, {
    referral: current,
    activity: change.activity,
    status,
    audit: change.audit && {
      ...change.audit,
      details: { from: current.status, to: status, ...change.audit.details },
    },
  });
  return status;
}

/**
 * What a step on a referral leaves behind, with or without a change of status: the employer's
 * timeline row (when the step writes one) and the audit event, in the caller's transaction.
 */
export async function recordReferralStep(
  db: Executor,
  scope: Pick<Scope, "actor" | "origin" | "now">,
  step: {
    referral: { id: string; organisationId: string };
    activity: ActivityKind | null;
    /** The status the step moved the case to, for the status history; none for a step in place. */
    status?: ReferralStatus;
    audit: ReferralAudit | null;
  },
): Promise<void> {
  const { actor, now } = scope;
  if (step.activity)
    await db.insert(referralActivity).values({
      referralId: step.referral.id,
      organisationId: step.referral.organisationId,
      kind: step.activity,
      status: step.status ?? null,
      actorId: actorUserId(actor),
      createdAt: now,
    });
  if (step.audit)
    await recordAuditEventAs(
      scope,
      {
        action: step.audit.action,
        object: step.audit.object ?? { type: "referral", id: step.referral.id },
        details: step.audit.details,
      },
      db,
    );
}

/**
 * The organisation's webhooks for a change of status (docs/api.md), in the transition's own
 * transaction (the webhook outbox): `referral.status_changed` always, `referral.payment_required`
 * when the referral starts waiting for payment, `report.released` when its report reaches the
 * employer. References and statuses only.
 */
async function announceTransition(
  tx: Tx,
  scope: Pick<Scope, "now" | "actor">,
  change: {
    referral: { id: string; organisationId: string };
    from: ReferralStatus;
    to: ReferralStatus;
    activity: ActivityKind | null;
  },
): Promise<void> {
  const [row] = await tx
    .select({ reference: referral.reference, type: referral.type })
    .from(referral)
    .where(and(eq(referral.id, change.referral.id), visibleReferrals(scope.actor)));
  if (!row) return;
  const { now } = scope;
  const organisationId = change.referral.organisationId;
  const data = { referralId: change.referral.id, reference: row.reference, type: row.type };
  await queueWebhookEvent(tx, {
    organisationId,
    type: "referral.status_changed",
    data: { ...data, from: change.from, to: change.to },
    now,
  });
  if (change.to === "awaiting_payment")
    await queueWebhookEvent(tx, { organisationId, type: "referral.payment_required", data, now });
  if (change.activity === "released") {
    const [released] = await tx
      .select({ reference: report.reference })
      .from(report)
      .where(and(eq(report.referralId, change.referral.id), visibleReports(scope.actor)));
    if (released)
      await queueWebhookEvent(tx, {
        organisationId,
        type: "report.released",
        data: { ...data, reportReference: released.reference },
        now,
      });
  }
}
