import { auditFilterSchema } from "~/domain/admin/audit-filter.ts";
import { exportAuditLogCsv } from "~/domain/admin/export-audit-log-csv.server.ts";
import { csvDownload } from "~/middleware/responses.server.ts";
import type { Route } from "./+types/audit-csv";
import { adminList } from "./admin-scope.server.ts";

/** The filtered audit log as a CSV download; the export is audited before it is produced. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { scope, filter } = adminList(context, request, auditFilterSchema);
  const { csv } = await exportAuditLogCsv(scope, filter);
  const stamp = scope.now.toISOString().slice(0, 19).replaceAll(":", "-");
  return csvDownload(csv, `audit-log-${stamp}Z.csv`);
}
