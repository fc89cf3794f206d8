import { and, eq, max } from "drizzle-orm";
import { report, reportVersion } from "~/db/schema/index.ts";
import {
  AMENDMENT_WINDOW_CLOSED,
  withinQuestionWindow,
} from "~/domain/case-conversation/conversation-rules.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReports } from "~/domain/kernel/visibility.server.ts";
import { isClosed } from "~/domain/referrals/case-closure.ts";
import { canAct } from "~/domain/referrals/lifecycle.ts";
import { applyReferralTransition } from "~/domain/referrals/referral-transition.server.ts";
import { isReleasedVersionOf } from "~/domain/reports/report-version.server.ts";
import { doctorSignatureOf, lockOwnCase, versionAuthorship } from "./case-access.server.ts";

/**
 * The doctor on the case starts an amendment of its released report, in answer to a question
 * about it (docs/architecture.md §4, "Amending a released report"). A new version starts as a copy
 * of the released one, the report goes back to `draft` and the case to `in_review`, where the
 * editor, the signature and the person's review work as they did the first time. The employer
 * keeps reading the released version (`report.released_version`) until the person approves the
 * amendment; if they withhold it, the released version stands.
 *
 * A clarification that changes nothing in the report stays a message: this is only for an answer
 * that changes what the report says.
 */
export async function startReportAmendment(
  scope: Scope,
  { referralId }: { referralId: string },
): Promise<{ reportId: string; version: number }> {
  const doctor = requireDoctor(scope);
  const { db, actor, now } = doctor;
  return db.transaction(async (tx) => {
    const current = await lockOwnCase(tx, doctor, referralId);
    if (!canAct(current.status, "doctor", "amend_report"))
      throw new DomainError("invalid_state", "Only a released report can be amended.");
    // Closed with no further action by the employer: nothing reopens it.
    if (isClosed(current))
      throw new DomainError(
        "invalid_state",
        "The employer closed this case with no further action, so its report cannot be amended.",
      );
    // The doctor's own report (visibleReports), locked against a second amendment racing this one.
    const [released] = await tx
      .select({ report, body: reportVersion.body, disclosures: reportVersion.disclosures })
      .from(report)
      .innerJoin(reportVersion, isReleasedVersionOf(report))
      .where(and(eq(report.referralId, current.id), visibleReports(doctor)))
      .for("update", { of: report });
    if (released?.report.status !== "released")
      throw new DomainError("invalid_state", "Only a released report can be amended.");
    if (!withinQuestionWindow(released.report.releasedAt, now))
      throw new DomainError("invalid_state", AMENDMENT_WINDOW_CLOSED);
    // After a withheld amendment the current version is the released one again, but later numbers
    // are taken: the amendment takes the next free one.
    const [last] = await tx
      .select({ n: max(reportVersion.version) })
      .from(reportVersion)
      .where(eq(reportVersion.reportId, released.report.id));
    const version = (last?.n ?? released.report.currentVersion) + 1;
    const signature = await doctorSignatureOf(tx, actor.userId);
    await tx.insert(reportVersion).values({
      reportId: released.report.id,
      version,
      // The released text to amend, with the doctor's disclosure marks: signing builds the items
      // afresh, each waiting for the person's decision again.
      body: released.body,
      disclosures: released.disclosures,
      authorDoctorId: actor.userId,
      ...versionAuthorship(signature),
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .update(report)
      .set({
        status: "draft",
        currentVersion: version,
        reviewDueAt: null,
        reviewReminderSentAt: null,
        updatedAt: now,
      })
      .where(eq(report.id, released.report.id));
    await applyReferralTransition(tx, doctor, {
      referral: current,
      event: "amendment_started",
      activity: "amendment_started",
      audit: {
        action: "doctor.report_amendment_started",
        object: { type: "report", id: released.report.id },
        details: { releasedVersion: released.report.releasedVersion, version },
      },
    });
    return { reportId: released.report.id, version };
  });
}
