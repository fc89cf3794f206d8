import { data, redirect } from "react-router";
import { switchOrganisationSchema } from "~/domain/accounts/schemas.ts";
import { switchOrganisation } from "~/domain/accounts/switch-organisation.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { currentSession } from "~/middleware/session.server.ts";
import type { Route } from "./+types/organisation";

/**
 * The switcher's POST (docs/architecture.md §4): this session acts for the chosen organisation
 * from now on, and the person lands on its dashboard, told where they now are. An organisation
 * they do not belong to is not found and nothing changes.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = currentScope(context);
  const submission = parseSubmission(await request.formData(), switchOrganisationSchema);
  if (submission.status !== "success") throw data("Not found", { status: 404 });
  try {
    await switchOrganisation(scope, {
      sessionId: currentSession(context).session.id,
      organisationId: submission.value.organisationId,
    });
  } catch (error) {
    throw refusalResponse(error, refusalMessage);
  }
  throw redirect("/employer-dashboard?notice=organisation-switched");
}

/** The switch is a POST only; an address typed or followed lands on the dashboard. */
export function loader() {
  throw redirect("/employer-dashboard");
}
