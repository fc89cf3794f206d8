import { redirect } from "react-router";
import { exportSubjectData } from "~/domain/governance/export-subject-data.server.ts";
import {
  subjectAccessProblem,
  subjectAccessSchema,
} from "~/domain/governance/subject-access-form.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { fileDownload } from "~/middleware/responses.server.ts";
import type { Route } from "./+types/subject-access-export";
import { adminScope } from "./admin-scope.server.ts";

/**
 * The subject access download: a resource route (no page), so the ZIP goes to the browser as a
 * file; it sits under the admin layout, whose middleware demands an administrator with two-factor.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const scope = adminScope(context);
  const submission = parseSubmission(await request.formData(), subjectAccessSchema);
  // Back to the form with only the kind of problem: the address stays out of URLs and history.
  if (submission.status !== "success")
    throw redirect(
      `/admin/subject-access?error=${subjectAccessProblem(submission.error?.email?.[0])}`,
    );
  const result = await exportSubjectData(scope, submission.value.email);
  return fileDownload(result.zip as Uint8Array<ArrayBuffer>, "application/zip", result.fileName);
}

export function loader() {
  return redirect("/admin/subject-access");
}
