import { and, desc, eq, ilike, inArray, lt, notInArray, or, type SQL } from "drizzle-orm";
import { alias, type SelectedFields } from "drizzle-orm/pg-core";
import { doctorProfile, organisation, referral, report, user } from "~/db/schema/index.ts";
import { recordAuditEvent, recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { caseReassignedEmail } from "~/domain/doctor/doctor-emails.ts";
import { slaRunningStatuses } from "~/domain/doctor/doctor-queue.ts";
import { auditActorOf } from "~/domain/kernel/actor.ts";
import type { Executor, Tx } from "~/domain/kernel/database.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import { containsPattern, type Page } from "~/domain/kernel/list.ts";
import { type QueueMail, transactionWithMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { endedStatuses, type ReferralStatus } from "~/domain/referrals/lifecycle.ts";
import { lockVisibleReferral } from "~/domain/referrals/lock-visible-referral.server.ts";
import { referralSummaryColumns } from "~/domain/referrals/referral-columns.ts";
import { type CaseFilter, type CaseType, reassignableStatuses } from "./cases.ts";
import { readPage } from "./list.server.ts";

/** What the case list shows an administrator: metadata only, never answers or reports. */
export interface CaseRow {
  id: string;
  reference: string;
  type: CaseType;
  status: ReferralStatus;
  subjectName: string;
  organisationId: string;
  organisationName: string | null;
  assignedDoctorId: string | null;
  assignedDoctorName: string | null;
  urgent: boolean;
  slaDueAt: Date | null;
  createdAt: Date;
}

const doctorUser = alias(user, "doctor_user");

/** A case row's columns, read with the organisation and the doctor (`doctorUser`) joined. */
const caseRowColumns = {
  ...referralSummaryColumns,
  organisationId: referral.organisationId,
  organisationName: organisation.name,
  assignedDoctorId: referral.assignedDoctorId,
  assignedDoctorName: doctorUser.name,
  urgent: referral.urgent,
  slaDueAt: referral.slaDueAt,
  createdAt: referral.createdAt,
};

/**
 * Cases with their organisation and doctor joined, so the list and the case page read a case
 * alike; `extra` adds what only the case page shows.
 */
function selectCases<Extra extends SelectedFields>(db: Executor, extra: Extra) {
  return db
    .select({ ...caseRowColumns, ...extra })
    .from(referral)
    .leftJoin(organisation, eq(organisation.id, referral.organisationId))
    .leftJoin(doctorUser, eq(doctorUser.id, referral.assignedDoctorId));
}

export async function listCases(scope: Scope, filter: CaseFilter): Promise<Page<CaseRow>> {
  const { db, now } = requireAdmin(scope);
  const conditions: SQL[] = [visibleReferrals(scope)];
  if (filter.flag === "sla-breached") {
    conditions.push(inArray(referral.status, [...slaRunningStatuses]), lt(referral.slaDueAt, now));
  }
  if (filter.flag === "urgent") {
    conditions.push(eq(referral.urgent, true), notInArray(referral.status, [...endedStatuses]));
  }
  if (filter.status) conditions.push(eq(referral.status, filter.status));
  if (filter.type) conditions.push(eq(referral.type, filter.type));
  if (filter.organisation) conditions.push(eq(referral.organisationId, filter.organisation));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(
      or(ilike(referral.reference, pattern), ilike(referral.subjectName, pattern)) as SQL,
    );
  }
  const where = and(...conditions);
  return readPage(db, {
    table: referral,
    where,
    page: filter.page,
    rows: (limit, offset) =>
      selectCases(db, {})
        .where(where)
        .orderBy(desc(referral.createdAt), desc(referral.id))
        .limit(limit)
        .offset(offset),
  });
}

/** Doctors a case can go to: access granted and a second factor set up. */
export async function assignableDoctors(scope: Scope) {
  const { db } = requireAdmin(scope);
  return db
    .select({ userId: user.id, name: user.name, gmcNumber: doctorProfile.gmcNumber })
    .from(doctorProfile)
    .innerJoin(user, eq(user.id, doctorProfile.userId))
    .where(and(eq(doctorProfile.active, true), eq(user.twoFactorEnabled, true)))
    .orderBy(user.name)
    .limit(500);
}

type ReassignResult =
  | { status: "reassigned" }
  | { status: "not-found" }
  | { status: "invalid-state"; current: ReferralStatus }
  | { status: "doctor-unavailable" };

/**
 * An administrator gives a case that is not yet signed to an active doctor, in whatever state it
 * is. The status stays as it is (the administrator does no doctor's work): a submitted case waits
 * for the new doctor, who takes it by opening it (`takeReferral` accepts a submitted case assigned
 * to them), and an unsigned report moves with the case. The new doctor's e-mail is written to the
 * mail outbox with the reassignment and sent once it commits (docs/architecture.md §8, "The mail outbox").
 */
export async function reassignCase(
  scope: Scope,
  input: {
    referralId: string;
    doctorUserId: string;
    /** E-mail the new doctor (the page does; a test that reads no mail need not). */
    notify?: boolean;
  },
): Promise<ReassignResult> {
  const { db, now, origin } = requireAdmin(scope);
  const actor = auditActorOf(scope.actor);
  const { notify } = input;
  const inTransaction = <T>(work: (tx: Tx, queue: QueueMail | null) => Promise<T>) =>
    notify ? transactionWithMail(scope, work) : db.transaction((tx) => work(tx, null));
  const result = await inTransaction(async (tx, queue) => {
    const current = await lockVisibleReferral(tx, scope, input.referralId, {
      reference: referral.reference,
      urgent: referral.urgent,
      contactedAt: referral.safetyContactedAt,
      status: referral.status,
      organisationId: referral.organisationId,
      assignedDoctorId: referral.assignedDoctorId,
    });
    if (!current) return { status: "not-found" } as const;
    const refuse = async (reason: string) =>
      recordAuditEvent(tx, {
        action: "admin.case_reassigned",
        outcome: "failure",
        actor: { ...actor, organisationId: current.organisationId },
        object: { type: "referral", id: current.id },
        request: origin,
        details: { reason, toDoctorId: input.doctorUserId },
      });
    if (!reassignableStatuses.includes(current.status)) {
      await refuse("invalid_state");
      return { status: "invalid-state", current: current.status } as const;
    }
    const [doctor] = await tx
      .select({ userId: doctorProfile.userId, email: user.email })
      .from(doctorProfile)
      .innerJoin(user, eq(user.id, doctorProfile.userId))
      .where(
        and(
          eq(doctorProfile.userId, input.doctorUserId),
          eq(doctorProfile.active, true),
          eq(user.role, "doctor"),
        ),
      );
    if (!doctor) {
      await refuse("doctor_unavailable");
      return { status: "doctor-unavailable" } as const;
    }
    await tx
      .update(referral)
      .set({ assignedDoctorId: doctor.userId, updatedAt: now })
      .where(eq(referral.id, current.id));
    // The unsigned report goes with the case, so the new doctor can edit and sign it.
    await tx
      .update(report)
      .set({ doctorId: doctor.userId, updatedAt: now })
      .where(eq(report.referralId, current.id));
    await recordAuditEvent(tx, {
      action: "admin.case_reassigned",
      outcome: "success",
      actor: { ...actor, organisationId: current.organisationId },
      object: { type: "referral", id: current.id },
      request: origin,
      details: { fromDoctorId: current.assignedDoctorId, toDoctorId: doctor.userId },
    });
    if (queue && notify)
      await queue(
        [
          {
            to: doctor.email,
            ...caseReassignedEmail({
              reference: current.reference,
              urgent: current.urgent,
              contactedAt: current.contactedAt,
              caseUrl: new URL(`/doctor/cases/${current.id}`, scope.adapters.publicUrl).toString(),
            }),
          },
        ],
        { referralId: current.id },
      );
    return { status: "reassigned" } as const;
  });
  return result;
}

/**
 * One case as the administrator's case page shows it (/admin/cases/:referralId): where it
 * stands, who holds it and, while it is on hold, the state it will return to and the hold's
 * reason. Metadata only, never answers or reports; the reason is ReferOH's own note but may
 * touch on health, so each read is audited (without it).
 */
export async function getAdminCase(scope: Scope, referralId: string) {
  const { db } = requireAdmin(scope);
  const [found] = await selectCases(db, {
    heldFromStatus: referral.heldFromStatus,
    heldAt: referral.heldAt,
    holdReason: referral.holdReason,
  }).where(and(eq(referral.id, referralId), visibleReferrals(scope)));
  if (!found) return null;
  await recordAuditEventAs(scope, {
    action: "admin.case_viewed",
    object: { type: "referral", id: found.id },
    details: { status: found.status },
  });
  return found;
}
