import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { doctorProfile, referral, report, reportVersion, user } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { adjustmentTermIssues, type ReportBody, reportBody } from "~/domain/reports/report-body.ts";
import { assertDoctor, auditActor, DoctorCaseError } from "./doctor-actor.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type RequestOrigin = { ip: string | null; requestId: string };

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function newReportReference(): string {
  let s = "REP-";
  for (let i = 0; i < 6; i++) s += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return s;
}

/** The doctor's own case in review, locked for this transaction; anything else is not found. */
export async function lockOwnCaseInReview(tx: Tx, actor: Actor, referralId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(referralId))
    throw new DoctorCaseError("not_found", "Case not found.");
  const [row] = await tx
    .select()
    .from(referral)
    .where(and(eq(referral.id, referralId), eq(referral.assignedDoctorId, actor.userId)))
    .for("update");
  if (!row) throw new DoctorCaseError("not_found", "Case not found.");
  if (row.status !== "in_review")
    throw new DoctorCaseError("invalid_state", "This report can no longer be changed.");
  return row;
}

export async function doctorSignature(db: Pick<Database, "select">, doctorId: string) {
  const [row] = await db
    .select({
      name: user.name,
      gmcNumber: doctorProfile.gmcNumber,
      qualifications: doctorProfile.qualifications,
      active: doctorProfile.active,
    })
    .from(doctorProfile)
    .innerJoin(user, eq(user.id, doctorProfile.userId))
    .where(eq(doctorProfile.userId, doctorId));
  if (!row?.active)
    throw new DoctorCaseError("forbidden", "Your access as a doctor has been revoked.");
  return row;
}

export type SaveReportResult =
  | { ok: true; reportId: string; version: number }
  | { ok: false; issues: { path: string; message: string }[] };

/**
 * Saves the doctor's text. The first save creates the report and version 1; later saves update
 * the unsent current version. After the subject asked for a correction, the next save starts
 * version n + 1, so the version they commented on stays as they read it.
 */
export async function saveReportDraft(
  db: Database,
  {
    actor,
    referralId,
    body: input,
    request,
    now = new Date(),
  }: { actor: Actor; referralId: string; body: unknown; request?: RequestOrigin; now?: Date },
): Promise<SaveReportResult> {
  assertDoctor(actor);
  const parsed = reportBody.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    };
  const body: ReportBody = parsed.data;
  const terms = adjustmentTermIssues(body, now);
  if (terms.length > 0) return { ok: false, issues: terms };
  return db.transaction(async (tx) => {
    const current = await lockOwnCaseInReview(tx, actor, referralId);
    if (body.kind !== current.type)
      throw new DoctorCaseError("invalid_state", "The report does not match the referral type.");
    const signature = await doctorSignature(tx, actor.userId);
    const [existing] = await tx.select().from(report).where(eq(report.referralId, current.id));
    let reportId: string;
    let version: number;
    if (!existing) {
      const created = await insertReport(tx, {
        referralId: current.id,
        organisationId: current.organisationId,
        type: current.type,
        doctorId: actor.userId,
        now,
      });
      reportId = created.id;
      version = 1;
      await tx.insert(reportVersion).values({
        reportId,
        version,
        body,
        authorDoctorId: actor.userId,
        authorName: signature.name,
        authorGmcNumber: signature.gmcNumber,
        authorQualifications: signature.qualifications,
        createdAt: now,
        updatedAt: now,
      });
    } else if (existing.status === "correction_requested") {
      reportId = existing.id;
      version = existing.currentVersion + 1;
      await tx.insert(reportVersion).values({
        reportId,
        version,
        body,
        authorDoctorId: actor.userId,
        authorName: signature.name,
        authorGmcNumber: signature.gmcNumber,
        authorQualifications: signature.qualifications,
        createdAt: now,
        updatedAt: now,
      });
      await tx
        .update(report)
        .set({ status: "draft", currentVersion: version, updatedAt: now })
        .where(eq(report.id, reportId));
    } else if (existing.status === "draft") {
      reportId = existing.id;
      version = existing.currentVersion;
      const updated = await tx
        .update(reportVersion)
        .set({
          body,
          authorName: signature.name,
          authorGmcNumber: signature.gmcNumber,
          authorQualifications: signature.qualifications,
          updatedAt: now,
        })
        .where(and(eq(reportVersion.reportId, reportId), eq(reportVersion.version, version)))
        .returning({ signedAt: reportVersion.signedAt });
      if (updated[0]?.signedAt)
        throw new DoctorCaseError("invalid_state", "A signed version cannot be changed.");
      await tx.update(report).set({ updatedAt: now }).where(eq(report.id, reportId));
    } else {
      throw new DoctorCaseError("invalid_state", "This report is with the employee.");
    }
    await recordAuditEvent(tx, {
      action: "doctor.report_save",
      outcome: "success",
      actor: auditActor(actor),
      object: { type: "referral", id: current.id },
      request,
      details: { reportId, version },
    });
    return { ok: true as const, reportId, version };
  });
}

async function insertReport(
  tx: Tx,
  values: {
    referralId: string;
    organisationId: string;
    type: "management" | "pre_employment";
    doctorId: string;
    now: Date;
  },
) {
  // The reference space is large; a clash is rare, and the unique index makes it safe to retry.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(report)
      .values({
        reference: newReportReference(),
        referralId: values.referralId,
        organisationId: values.organisationId,
        type: values.type,
        doctorId: values.doctorId,
        status: "draft",
        currentVersion: 1,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .onConflictDoNothing({ target: report.reference })
      .returning({ id: report.id });
    if (row) return row;
  }
  throw new Error("Could not allocate a report reference");
}
