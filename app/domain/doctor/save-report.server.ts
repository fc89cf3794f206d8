import { randomInt } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { report, reportVersion } from "~/db/schema/index.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { adjustmentTermIssues } from "~/domain/reports/adjustment-term-issues.ts";
import { type ReportBody, reportBody } from "~/domain/reports/report-body.ts";
import {
  auditCase,
  doctorSignatureOf,
  lockOwnCaseInReview,
  versionAuthorship,
} from "./case-access.server.ts";
import { disclosuresToStore } from "./report-disclosures.server.ts";

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newReportReference(): string {
  let s = "REP-";
  for (let i = 0; i < 6; i++) s += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return s;
}

type SaveReportResult =
  | { ok: true; reportId: string; version: number }
  | { ok: false; issues: { path: string; message: string }[] };

/**
 * Saves the doctor's text. The first save creates the report and version 1; later saves update
 * the unsent current version. After the subject asked for a correction, the next save starts
 * version n + 1, so the version they commented on stays as they read it.
 *
 * `disclose` are the doctor's marks (`field|key`) on clinical statements they mean to disclose
 * with the person's consent; they are stored with the version as its disclosure items
 * (docs/decisions/0016-disclosure-gate.md), and the signature checks them again.
 */
export async function saveReportDraft(
  scope: Scope,
  {
    referralId,
    body: input,
    disclose = [],
  }: { referralId: string; body: unknown; disclose?: readonly string[] },
): Promise<SaveReportResult> {
  const doctor = requireDoctor(scope);
  const { db, actor, now } = doctor;
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
    const current = await lockOwnCaseInReview(tx, doctor, referralId);
    if (body.kind !== current.type)
      throw new DomainError("invalid_state", "The report does not match the referral type.");
    const signature = await doctorSignatureOf(tx, actor.userId);
    const [existing] = await tx.select().from(report).where(eq(report.referralId, current.id));
    const disclosures = await disclosuresToStore(
      tx,
      actor,
      current,
      existing?.id ?? null,
      body,
      disclose,
    );
    const written = { body, disclosures, ...versionAuthorship(signature), updatedAt: now };
    const startVersion = (reportId: string, version: number) =>
      tx
        .insert(reportVersion)
        .values({ reportId, version, ...written, authorDoctorId: actor.userId, createdAt: now });
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
      await startVersion(reportId, version);
    } else if (existing.status === "correction_requested") {
      reportId = existing.id;
      version = existing.currentVersion + 1;
      await startVersion(reportId, version);
      await tx
        .update(report)
        .set({ status: "draft", currentVersion: version, updatedAt: now })
        .where(eq(report.id, reportId));
    } else if (existing.status === "draft") {
      reportId = existing.id;
      version = existing.currentVersion;
      const updated = await tx
        .update(reportVersion)
        .set(written)
        .where(and(eq(reportVersion.reportId, reportId), eq(reportVersion.version, version)))
        .returning({ signedAt: reportVersion.signedAt });
      if (updated[0]?.signedAt)
        throw new DomainError("invalid_state", "A signed version cannot be changed.");
      await tx.update(report).set({ updatedAt: now }).where(eq(report.id, reportId));
    } else {
      throw new DomainError("invalid_state", "This report is with the employee.");
    }
    await auditCase(tx, doctor, current.id, "doctor.report_save", {
      reportId,
      version,
      // How many items are marked for disclosure, never what they say.
      disclosuresMarked: disclosures.length,
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
