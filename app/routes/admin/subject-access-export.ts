import { redirect } from "react-router";
import { runtimeContext } from "~/context.ts";
import { exportSubjectData } from "~/domain/governance/export-subject-data.server.ts";
import { subjectAccessEmailProblem } from "~/domain/governance/subject-access-form.ts";
import { currentActor, requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/subject-access-export";

/**
 * The subject access download: a resource route (no page), so the ZIP goes to the browser as a
 * file; it sits under the admin layout, whose middleware demands an administrator with two-factor.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const problem = subjectAccessEmailProblem(email);
  // Back to the form with only the kind of problem: the address stays out of URLs and history.
  if (problem) throw redirect(`/admin/subject-access?error=${problem}`);
  const { ip, requestId } = requestMeta(context, request);
  const result = await exportSubjectData(context.get(runtimeContext).database.db, {
    actor: currentActor(context),
    email,
    request: { ip, requestId },
  });
  return new Response(result.zip as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${result.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}

export function loader() {
  return redirect("/admin/subject-access");
}
