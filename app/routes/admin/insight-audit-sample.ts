import { redirect } from "react-router";
import { auditSampleSchema } from "~/domain/insight/audit-sample.ts";
import { exportAuditSample } from "~/domain/insight/export-audit-sample.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { csvDownload } from "~/middleware/responses.server.ts";
import type { Route } from "./+types/insight-audit-sample";
import { adminScope } from "./admin-scope.server.ts";

/**
 * The audit sample's download: a resource route (no page), so the CSV goes to the browser as a
 * file from the insight page's native form post; the admin layout's middleware demands an
 * administrator with two-factor, and adminScope checks again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const scope = adminScope(context);
  const submission = parseSubmission(await request.formData(), auditSampleSchema);
  if (submission.status !== "success") throw redirect("/admin/insight?sample=invalid");
  const { csv } = await exportAuditSample(scope, submission.value);
  return csvDownload(csv, `audit-sample-${submission.value.quarter}.csv`);
}

export function loader() {
  return redirect("/admin/insight");
}
