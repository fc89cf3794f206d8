import { and, eq, inArray, sql } from "drizzle-orm";
import {
  caseClinicalNote,
  caseDocument,
  caseMessage,
  consultation,
  draftReport,
  questionnaireResponse,
  referral,
  report,
  reportVersion,
  retentionErasure,
  safetyContactAttempt,
  subjectInformationRequest,
} from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { auditActorOf, type SystemActor } from "~/domain/kernel/actor.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReports } from "~/domain/kernel/visibility.server.ts";
import { lockVisibleReferral } from "~/domain/referrals/lock-visible-referral.server.ts";
import {
  ABANDONED_STATUSES,
  OUTCOME_STATUSES,
  type RetentionPeriods,
  type RetentionRule,
  retentionCutoffs,
  ruleFor,
} from "./retention-policy.ts";

const BATCH = 100;

interface ErasureSummary {
  referralId: string;
  rule: RetentionRule;
}

/**
 * The daily retention purge (ADR 0008). For every case whose retention period has run out it
 * erases the health data — questionnaire answers, transcript, safety reasons, the AI draft, every
 * report version (body, subject's comment, released PDF) and the employer's free-text reason — and
 * keeps the bare case record (reference, status, dates), its consents and the audit trail. Each
 * case gets an `erased` audit event that names the rule and counts, never content.
 * It runs as a job, on a `systemScope` whose clock tests can move.
 */
export async function eraseExpiredHealthData(
  scope: Scope<SystemActor>,
  { periods }: { periods: RetentionPeriods },
): Promise<ErasureSummary[]> {
  const { db, now } = scope;
  const cut = retentionCutoffs(periods, now);
  const erased: ErasureSummary[] = [];
  for (;;) {
    const clock = sql`case when ${referral.status} in ('expired', 'payment_expired', 'cancelled')
        then coalesce(${referral.closedAt}, ${referral.updatedAt})
        else coalesce(${report.releasedAt}, ${report.withheldAt}, ${referral.completedAt}, ${referral.closedAt}, ${referral.updatedAt}) end`;
    const due = await db
      .select({
        id: referral.id,
        type: referral.type,
        status: referral.status,
        organisationId: referral.organisationId,
        clockStartedAt: sql<string>`${clock}`.mapWith((v: string | Date) => new Date(v)),
      })
      .from(referral)
      .leftJoin(report, eq(report.referralId, referral.id))
      .leftJoin(retentionErasure, eq(retentionErasure.referralId, referral.id))
      .where(
        sql`${retentionErasure.referralId} is null and (
          (${inArray(referral.status, [...ABANDONED_STATUSES])} and ${clock} <= ${cut.abandoned.toISOString()}::timestamptz)
          or (${inArray(referral.status, [...OUTCOME_STATUSES])} and ${referral.type} = 'pre_employment' and ${clock} <= ${cut.preEmployment.toISOString()}::timestamptz)
          or (${inArray(referral.status, [...OUTCOME_STATUSES])} and ${referral.type} = 'management' and ${clock} <= ${cut.management.toISOString()}::timestamptz))`,
      )
      .limit(BATCH);
    if (due.length === 0) break;
    for (const c of due) {
      const rule = ruleFor(c, periods, now);
      if (!rule) throw new Error(`retention: SQL and policy disagree on referral ${c.id}`);
      await eraseCase(scope, { ...c, rule });
      erased.push({ referralId: c.id, rule });
    }
    if (due.length < BATCH) break;
  }
  return erased;
}

async function eraseCase(
  scope: Scope<SystemActor>,
  c: { id: string; status: string; organisationId: string; rule: RetentionRule },
) {
  await scope.db.transaction(async (tx) => {
    // A re-invitation racing the purge wins: the case is left for a later run.
    const locked = await lockVisibleReferral(tx, scope, c.id, { status: referral.status });
    if (locked?.status !== c.status) return;

    const drafts = await tx
      .delete(draftReport)
      .where(eq(draftReport.referralId, c.id))
      .returning({ id: draftReport.id });
    const responses = await tx
      .delete(questionnaireResponse)
      .where(eq(questionnaireResponse.referralId, c.id))
      .returning({ id: questionnaireResponse.id });
    const reports = await tx
      .select({ id: report.id })
      .from(report)
      .where(and(eq(report.referralId, c.id), visibleReports(scope)));
    // Released versions are frozen by a trigger that yields only to erasure under retention.
    await tx.execute(sql`select set_config('referoh.retention_erasure', 'on', true)`);
    const versions = reports.length
      ? await tx
          .delete(reportVersion)
          .where(
            inArray(
              reportVersion.reportId,
              reports.map((r) => r.id),
            ),
          )
          .returning({ id: reportVersion.id })
      : [];
    // The doctor's consultation notes are health data too. The doctor's older questions are in the
    // case conversation now (below); one the start-up move could not open stays in its old table
    // (app/domain/case-conversation/move-doctor-questions.server.ts) and goes with the case too.
    await tx.update(consultation).set({ notes: null }).where(eq(consultation.referralId, c.id));
    await tx
      .delete(subjectInformationRequest)
      .where(eq(subjectInformationRequest.referralId, c.id));
    await tx.delete(safetyContactAttempt).where(eq(safetyContactAttempt.referralId, c.id));
    await tx.delete(caseClinicalNote).where(eq(caseClinicalNote.referralId, c.id));
    // The case conversation follows the case's retention: documents first (they may name a message).
    await tx.delete(caseDocument).where(eq(caseDocument.referralId, c.id));
    await tx.delete(caseMessage).where(eq(caseMessage.referralId, c.id));
    await tx
      .update(referral)
      .set({ reason: null, existingAdjustments: null, additionalNotes: null, subjectPhone: null })
      .where(eq(referral.id, c.id));
    await tx
      .insert(retentionErasure)
      .values({ referralId: c.id, rule: c.rule, erasedAt: scope.now });
    await recordAuditEvent(tx, {
      action: "retention.erased",
      outcome: "success",
      actor: { ...auditActorOf(scope.actor), organisationId: c.organisationId },
      request: scope.origin,
      object: { type: "referral", id: c.id },
      details: {
        rule: c.rule,
        questionnaireResponses: responses.length,
        drafts: drafts.length,
        reportVersions: versions.length,
      },
    });
  });
}
