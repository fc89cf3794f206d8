import { exportAuditLogCsv, parseAuditFilter } from "~/domain/admin/audit-log.server.ts";
import type { Route } from "./+types/audit-csv";
import { adminRequest } from "./admin-request.server.ts";

/** The filtered audit log as a CSV download; the export is audited before it is produced. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = adminRequest(context);
  const filter = parseAuditFilter(new URL(request.url).searchParams);
  const { csv } = await exportAuditLogCsv(admin.db, {
    actor: admin.actor,
    filter,
    request: admin.request,
  });
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(":", "-");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-log-${stamp}Z.csv"`,
    },
  });
}
