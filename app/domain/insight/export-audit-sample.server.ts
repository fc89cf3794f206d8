import { sql } from "drizzle-orm";
import { csvLine } from "~/domain/admin/csv.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReports } from "~/domain/kernel/visibility.server.ts";
import { quarterBounds } from "./audit-sample.ts";

interface SampledReport {
  doctor: string;
  gmc_number: string | null;
  report_reference: string;
  referral_reference: string;
  type: string;
  released_at: Date | string;
  released_version: number;
}

/**
 * A random sample of up to `perDoctor` reports each doctor released in a quarter, for peer review
 * (SEQOHS), as CSV: who signed, the references to open each report by, and when it was released;
 * none of its content, which the reviewer reads in the console. Drawing a sample is audited with
 * the references drawn, so the sample can be shown afterwards to have been the one reviewed.
 */
export async function exportAuditSample(
  scope: Scope,
  { quarter, perDoctor }: { quarter: string; perDoctor: number },
): Promise<{ csv: string; reports: number }> {
  const admin = requireAdmin(scope);
  const { start, end } = quarterBounds(quarter);
  const result = (await admin.db.execute(sql`
    select doctor, gmc_number, report_reference, referral_reference, type, released_at, released_version
    from (
      select coalesce(u.name, 'Unknown doctor') as doctor, dp.gmc_number, report.reference as report_reference,
        r.reference as referral_reference, report.type, report.released_at, report.released_version,
        row_number() over (partition by report.doctor_id order by random()) as pick
      from report
      join referral r on r.id = report.referral_id
      left join "user" u on u.id = report.doctor_id
      left join doctor_profile dp on dp.user_id = report.doctor_id
      where ${visibleReports(admin)} and report.released_version is not null
        and report.released_at >= ${start.toISOString()} and report.released_at < ${end.toISOString()}
    ) drawn
    where pick <= ${perDoctor}
    order by doctor, released_at`)) as unknown as { rows: SampledReport[] };
  const rows = result.rows;
  let csv = csvLine([`Audit sample for peer review, ${quarter}, up to ${perDoctor} per doctor`]);
  csv += csvLine([
    "Doctor",
    "GMC number",
    "Report",
    "Referral",
    "Type",
    "Released",
    "Version released",
  ]);
  for (const r of rows)
    csv += csvLine([
      r.doctor,
      r.gmc_number ?? "",
      r.report_reference,
      r.referral_reference,
      r.type === "management" ? "Management referral" : "Pre-employment",
      new Date(r.released_at).toISOString().slice(0, 10),
      r.released_version,
    ]);
  await recordAuditEventAs(admin, {
    action: "insight.audit_sample_exported",
    details: { quarter, perDoctor, reports: rows.map((r) => r.report_reference) },
  });
  return { csv, reports: rows.length };
}
