import { and, count, desc, eq, ilike, inArray, lt, notInArray, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server.ts";
import { doctorProfile, organisation, referral, report, user } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { caseReassignedEmail } from "~/domain/doctor/doctor-emails.ts";
import { finalStatuses, type ReferralStatus, referralStatuses } from "~/domain/referrals/states.ts";
import { containsPattern } from "~/lib/like-pattern.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
import { reassignableStatuses } from "./cases.ts";
import {
  type AdminRequest,
  adminPageSize,
  type Page,
  pageOf,
  parsePage,
  requireAdministrator,
} from "./guard.ts";
import { slaStatuses } from "./overview.server.ts";

export const caseTypes = ["pre_employment", "management"] as const;
export type CaseType = (typeof caseTypes)[number];

export interface CaseFilter {
  status: ReferralStatus | null;
  type: CaseType | null;
  organisationId: string | null;
  search: string;
  /** The overview's links: cases past their SLA, or open and urgent. */
  flag: CaseFlag | null;
  page: number;
}

export const caseFlags = ["sla-breached", "urgent"] as const;
export type CaseFlag = (typeof caseFlags)[number];

export function parseCaseFilter(params: URLSearchParams): CaseFilter {
  const status = params.get("status");
  const type = params.get("type");
  return {
    status: referralStatuses.includes(status as ReferralStatus) ? (status as ReferralStatus) : null,
    type: caseTypes.includes(type as CaseType) ? (type as CaseType) : null,
    organisationId: params.get("organisation") || null,
    search: (params.get("q") ?? "").trim().slice(0, 100),
    flag: caseFlags.includes(params.get("flag") as CaseFlag)
      ? (params.get("flag") as CaseFlag)
      : null,
    page: parsePage(params.get("page")),
  };
}

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

export async function listCases(
  db: Database,
  input: { actor: Actor; filter: CaseFilter; now?: Date },
): Promise<Page<CaseRow>> {
  requireAdministrator(input.actor);
  const { filter } = input;
  const conditions: SQL[] = [];
  if (filter.flag === "sla-breached") {
    conditions.push(
      inArray(referral.status, [...slaStatuses]),
      lt(referral.slaDueAt, input.now ?? new Date()),
    );
  }
  if (filter.flag === "urgent") {
    conditions.push(eq(referral.urgent, true), notInArray(referral.status, [...finalStatuses]));
  }
  if (filter.status) conditions.push(eq(referral.status, filter.status));
  if (filter.type) conditions.push(eq(referral.type, filter.type));
  if (filter.organisationId) conditions.push(eq(referral.organisationId, filter.organisationId));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    conditions.push(
      or(ilike(referral.reference, pattern), ilike(referral.subjectName, pattern)) as SQL,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db.select({ count: count() }).from(referral).where(where);
  const rows = await db
    .select({
      id: referral.id,
      reference: referral.reference,
      type: referral.type,
      status: referral.status,
      subjectName: referral.subjectName,
      organisationId: referral.organisationId,
      organisationName: organisation.name,
      assignedDoctorId: referral.assignedDoctorId,
      assignedDoctorName: doctorUser.name,
      urgent: referral.urgent,
      slaDueAt: referral.slaDueAt,
      createdAt: referral.createdAt,
    })
    .from(referral)
    .leftJoin(organisation, eq(organisation.id, referral.organisationId))
    .leftJoin(doctorUser, eq(doctorUser.id, referral.assignedDoctorId))
    .where(where)
    .orderBy(desc(referral.createdAt), desc(referral.id))
    .limit(adminPageSize)
    .offset((filter.page - 1) * adminPageSize);
  return pageOf(rows, filter.page, total?.count ?? 0);
}

/** Doctors a case can go to: access granted and a second factor set up. */
export async function assignableDoctors(db: Database, input: { actor: Actor }) {
  requireAdministrator(input.actor);
  return db
    .select({ userId: user.id, name: user.name, gmcNumber: doctorProfile.gmcNumber })
    .from(doctorProfile)
    .innerJoin(user, eq(user.id, doctorProfile.userId))
    .where(and(eq(doctorProfile.active, true), eq(user.twoFactorEnabled, true)))
    .orderBy(user.name)
    .limit(500);
}

export type ReassignResult =
  | { status: "reassigned" }
  | { status: "not-found" }
  | { status: "invalid-state"; current: ReferralStatus }
  | { status: "doctor-unavailable" };

/**
 * An administrator gives a case that is not yet signed to an active doctor, in whatever state it
 * is. The status stays as it is (the administrator does no doctor's work): a submitted case waits
 * for the new doctor, who takes it by opening it (`takeReferral` accepts a submitted case assigned
 * to them), and an unsigned report moves with the case. The new doctor is e-mailed after commit.
 */
export async function reassignCase(
  db: Database,
  input: {
    actor: Actor;
    referralId: string;
    doctorUserId: string;
    request: AdminRequest;
    notify?: { mailer: Pick<Mailer, "send">; publicUrl: string };
    now?: Date;
  },
): Promise<ReassignResult> {
  requireAdministrator(input.actor);
  const actor = { id: input.actor.userId, role: input.actor.role };
  const now = input.now ?? new Date();
  const result = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        id: referral.id,
        reference: referral.reference,
        urgent: referral.urgent,
        status: referral.status,
        organisationId: referral.organisationId,
        assignedDoctorId: referral.assignedDoctorId,
      })
      .from(referral)
      .where(eq(referral.id, input.referralId))
      .for("update");
    if (!current) return { status: "not-found" } as const;
    const refuse = async (reason: string) =>
      recordAuditEvent(tx, {
        action: "admin.case_reassigned",
        outcome: "failure",
        actor: { ...actor, organisationId: current.organisationId },
        object: { type: "referral", id: current.id },
        request: input.request,
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
      request: input.request,
      details: { fromDoctorId: current.assignedDoctorId, toDoctorId: doctor.userId },
    });
    return {
      status: "reassigned",
      mail: { to: doctor.email, reference: current.reference, urgent: current.urgent },
      referralId: current.id,
    } as const;
  });
  if (result.status !== "reassigned") return result;
  if (input.notify)
    await input.notify.mailer.send({
      to: result.mail.to,
      ...caseReassignedEmail({
        reference: result.mail.reference,
        urgent: result.mail.urgent,
        caseUrl: new URL(
          `/doctor-dashboard?case=${result.referralId}`,
          input.notify.publicUrl,
        ).toString(),
      }),
    });
  return { status: "reassigned" };
}
