import { and, desc, eq } from "drizzle-orm";
import { draftReport, type referral, report, reportVersion } from "~/db/schema/index.ts";
import { definitionOfResponse } from "~/domain/assessments/assessment-instance.ts";
import type { DoctorActor } from "~/domain/kernel/actor.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleDraftReports } from "~/domain/kernel/visibility.server.ts";
import type { DisclosureItem } from "~/domain/reports/disclosure/disclosure-item.ts";
import {
  disclosureItemsOf,
  type ReleaseCheckCase,
  type ReportFinding,
  reportFindings,
} from "~/domain/reports/release-check.ts";
import type { ReportBody } from "~/domain/reports/report-body.ts";
import { caseResponse, ownCase } from "./case-access.server.ts";

/*
 * What the disclosure gate needs of a case (docs/decisions/0016-disclosure-gate.md): the person's
 * answers and the draft to check the report against, and every key the person asked to have
 * removed from an earlier version. Callers have already checked that the doctor holds the case.
 */

type ReferralRow = Pick<typeof referral.$inferSelect, "id" | "subjectName">;

/** Every key the person asked to remove, on any version of this report. */
function removalAskedKeys(versions: readonly { disclosures: DisclosureItem[] | null }[]) {
  return new Set(
    versions.flatMap((v) =>
      (v.disclosures ?? []).filter((i) => i.decision === "removal_asked").map((i) => i.key),
    ),
  );
}

/** The doctor's marks as stored on a version: the items they chose to disclose. */
export function marksOf(items: readonly DisclosureItem[] | null | undefined): Set<string> {
  return new Set((items ?? []).map((i) => `${i.field}|${i.key}`));
}

/** The case as the release check reads it, with no marks yet. */
export async function releaseCaseOf(
  db: Pick<Executor, "select">,
  doctor: DoctorActor,
  current: ReferralRow,
  reportId: string | null,
): Promise<ReleaseCheckCase> {
  const response = await caseResponse(db, doctor, current.id);
  const [draft] = await db
    .select({ draft: draftReport.draft })
    .from(draftReport)
    .where(and(eq(draftReport.referralId, current.id), visibleDraftReports(doctor)))
    .orderBy(desc(draftReport.createdAt))
    .limit(1);
  const versions = reportId
    ? await db
        .select({ disclosures: reportVersion.disclosures })
        .from(reportVersion)
        .where(eq(reportVersion.reportId, reportId))
    : [];
  return {
    definition: response ? definitionOfResponse(response) : { item: [] },
    answers: response?.answers ?? {},
    draft: draft?.draft ?? null,
    subjectName: current.subjectName,
    removalAsked: removalAskedKeys(versions),
  };
}

/**
 * The items a save stores on the version: the findings of `body` the doctor marked (`marks`,
 * `field|key`), each in its sentence. A mark that no longer matches a finding (the words were
 * rewritten) falls away; an item the person asked to remove is never stored again.
 */
export async function disclosuresToStore(
  db: Executor,
  doctor: DoctorActor,
  current: ReferralRow,
  reportId: string | null,
  body: ReportBody,
  marks: Iterable<string>,
): Promise<DisclosureItem[]> {
  const c = await releaseCaseOf(db, doctor, current, reportId);
  return disclosureItemsOf(reportFindings(body, { ...c, marks: new Set(marks) }));
}

/**
 * The editor's view of the gate: every finding in the body the doctor is writing, with their
 * marks, so each is highlighted beside its field before they sign. Read-only; the doctor must
 * hold the case (the editor's loader has already audited reading it).
 */
export async function editorFindings(
  scope: Scope,
  { referralId, body, marks }: { referralId: string; body: ReportBody; marks: ReadonlySet<string> },
): Promise<ReportFinding[]> {
  const doctor = requireDoctor(scope);
  const row = await ownCase(doctor.db, doctor, referralId);
  const [existing] = await doctor.db
    .select({ id: report.id })
    .from(report)
    .where(eq(report.referralId, row.id));
  const c = await releaseCaseOf(doctor.db, doctor.actor, row, existing?.id ?? null);
  return reportFindings(body, { ...c, marks });
}
