import { and, eq } from "drizzle-orm";
import { report, reportVersion } from "~/db/schema/index.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReports } from "~/domain/kernel/visibility.server.ts";
import { notFound, referenceFormat } from "./employer-report-reference.ts";
import { isReleasedVersionOf } from "./report-version.server.ts";

/** The frozen PDF of a released report of the actor's organisation: the version it was released at. */
export async function getEmployerReportPdf(
  scope: Scope,
  reference: string,
): Promise<{ reportId: string; reference: string; pdf: Buffer; sha256: string }> {
  const { db } = requireEmployer(scope);
  if (!referenceFormat.test(reference)) notFound();
  const [row] = await db
    .select({ id: report.id, pdf: reportVersion.pdf, sha256: reportVersion.pdfSha256 })
    .from(report)
    .innerJoin(reportVersion, isReleasedVersionOf(report))
    .where(
      and(
        eq(report.reference, reference),
        visibleReports(scope),
        eq(reportVersion.subjectDecision, "approved"),
      ),
    );
  if (!row?.pdf || !row.sha256) notFound();
  return { reportId: row.id, reference, pdf: row.pdf, sha256: row.sha256 };
}
