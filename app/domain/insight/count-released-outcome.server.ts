import { and, eq, sql } from "drizzle-orm";
import { insightCount, insightCountedReport, reportVersion } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import type { ReportBody } from "~/domain/reports/report-body.ts";
import { releasedOutcome } from "./released-outcome.ts";

/** The month (UTC) a moment falls in, as `insight_count` keys it. */
function insightMonth(at: Date): string {
  return `${at.toISOString().slice(0, 7)}-01`;
}

/**
 * When a report was first released: its first approved version's decision, or `fallback` when no
 * version was approved yet (the release being made now) or none says when.
 */
export async function firstReleaseOf(
  db: Executor,
  reportId: string,
  fallback: Date,
): Promise<Date> {
  const [first] = await db
    .select({ at: sql<Date | string | null>`min(${reportVersion.decidedAt})` })
    .from(reportVersion)
    .where(
      and(eq(reportVersion.reportId, reportId), eq(reportVersion.subjectDecision, "approved")),
    );
  return first?.at ? new Date(first.at) : fallback;
}

/** A released version, as the counting needs it: the report it is of and its sealed body. */
interface ReleasedVersion {
  reportId: string;
  organisationId: string;
  /** The referral's owner now: the counts go to them if the report was never counted. */
  ownerId: string;
  version: number;
  body: ReportBody;
  /** When the report was first released: the month its outcome is counted in. */
  firstReleasedAt: Date;
}

/**
 * Makes `insight_count` hold the outcome of a report's released version
 * (docs/architecture.md, "Management information"), in the caller's transaction, which must hold
 * the report's row lock (a release, or the back-fill's `for update`):
 * - a report never counted adds its outcome, in the month of its first release, and is marked
 *   counted (`insight_counted_report`): the mark's key refuses a second count, whoever races;
 * - an approved amendment of a counted report takes the counted version's outcome away and adds
 *   the new one, in the same month and under the same owner, so the person stays counted once;
 * - the version already counted changes nothing, so a re-run is a no-op.
 * The body is sealed, so this is code and not a trigger: only the categories leave it. Says
 * whether the counts changed.
 */
export async function countReleasedOutcome(
  db: Executor,
  release: ReleasedVersion,
): Promise<boolean> {
  const [marked] = await db
    .select()
    .from(insightCountedReport)
    .where(eq(insightCountedReport.reportId, release.reportId))
    .for("update");
  if (!marked) {
    const [inserted] = await db
      .insert(insightCountedReport)
      .values({
        reportId: release.reportId,
        organisationId: release.organisationId,
        ownerId: release.ownerId,
        month: insightMonth(release.firstReleasedAt),
        version: release.version,
      })
      .onConflictDoNothing()
      .returning({ month: insightCountedReport.month });
    // Counted meanwhile by another transaction that took the mark first: its count stands.
    if (!inserted) return false;
    await addOutcome(db, release, { ownerId: release.ownerId, month: inserted.month }, 1);
    return true;
  }
  if (marked.version === release.version) return false;
  const [counted] = await db
    .select({ body: reportVersion.body })
    .from(reportVersion)
    .where(
      and(eq(reportVersion.reportId, release.reportId), eq(reportVersion.version, marked.version)),
    );
  // A version erased under the retention policy can no longer be taken away: the new one is
  // still counted in its place, so the person is not counted twice over the same month.
  if (counted) await addOutcome(db, { ...release, body: counted.body }, marked, -1);
  await addOutcome(db, release, marked, 1);
  await db
    .update(insightCountedReport)
    .set({ version: release.version })
    .where(eq(insightCountedReport.reportId, release.reportId));
  return true;
}

/** Adds (+1) or takes away (−1) one report's categories under an owner and a month. */
async function addOutcome(
  db: Executor,
  release: { organisationId: string; body: ReportBody },
  where: { ownerId: string; month: string },
  sign: 1 | -1,
): Promise<void> {
  const { outcome, adjustments, equalityAct } = releasedOutcome(release.body);
  const row = (measure: "outcome" | "adjustment" | "equality_act", key: string) => ({
    organisationId: release.organisationId,
    ownerId: where.ownerId,
    month: where.month,
    measure,
    key,
    value: sign,
  });
  await db
    .insert(insightCount)
    .values([
      row("outcome", outcome),
      ...adjustments.map((kind) => row("adjustment", kind)),
      row("equality_act", equalityAct),
    ])
    .onConflictDoUpdate({
      target: [
        insightCount.organisationId,
        insightCount.month,
        insightCount.measure,
        insightCount.key,
        insightCount.ownerId,
      ],
      set: { value: sql`${insightCount.value} + excluded.value` },
    });
}
