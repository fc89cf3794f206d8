import { and, eq } from "drizzle-orm";
import { type referral, report, reportVersion } from "~/db/schema/index.ts";
import { releaseCaseOf } from "~/domain/doctor/report-disclosures.server.ts";
import type { DoctorActor } from "~/domain/kernel/actor.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReports } from "~/domain/kernel/visibility.server.ts";
import { checkEmployerMessage, type ReleasedDisclosures } from "~/domain/reports/release-check.ts";

/**
 * The disclosure gate on what the doctor sends the employer in the case conversation, a message's
 * text or a document's name and words (docs/architecture.md §4, "The case conversation"; ADR
 * 0016): read once per send, it answers each text with the findings that would tell the employer
 * clinical detail the person has not agreed to release, in the released report (during an
 * amendment, still the version released before it). Before release nothing is agreed.
 */
export async function employerDisclosureGate(
  db: Pick<Executor, "select">,
  doctor: Scope<DoctorActor>,
  current: Pick<typeof referral.$inferSelect, "id" | "subjectName">,
): Promise<(text: string) => string[]> {
  const [existing] = await db
    .select({ id: report.id, version: report.releasedVersion })
    .from(report)
    .where(and(eq(report.referralId, current.id), visibleReports(doctor)));
  const releaseCase = await releaseCaseOf(db, doctor.actor, current, existing?.id ?? null);
  const released = existing?.version
    ? await releasedVersion(db, { id: existing.id, version: existing.version })
    : null;
  return (text) => checkEmployerMessage(text, releaseCase, released);
}

async function releasedVersion(
  db: Pick<Executor, "select">,
  released: { id: string; version: number },
): Promise<ReleasedDisclosures | null> {
  const [row] = await db
    .select({
      body: reportVersion.body,
      disclosures: reportVersion.disclosures,
      diagnosisReleased: reportVersion.diagnosisReleased,
    })
    .from(reportVersion)
    .where(
      and(eq(reportVersion.reportId, released.id), eq(reportVersion.version, released.version)),
    );
  return row ?? null;
}
