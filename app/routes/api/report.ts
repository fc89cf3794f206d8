import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { getEmployerReport } from "~/domain/reports/get-employer-report.server.ts";
import { apiScope } from "~/middleware/api-key.server.ts";
import type { Route } from "./+types/report";
import { EmployerReport } from "./contract.ts";
import { answering, jsonAnswer } from "./respond.server.ts";

/**
 * GET /api/v1/reports/:reportReference: the employer's read of a report (the same use case as the
 * employer's report page), so only what the person agreed to release.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  return answering(async () => {
    const scope = apiScope(context, "reports:read");
    const found = await getEmployerReport(scope, params.reportReference);
    // Read like the employer's report page: the same event, under the key's id.
    await recordAuditEventAs(scope, {
      action: "report.employer_viewed",
      object: { type: "report", id: found.id },
      details: { reference: found.reference, state: found.state },
    });
    return jsonAnswer(
      EmployerReport,
      found.state === "released"
        ? found
        : {
            ...found,
            releasedAt: null,
            version: null,
            fitness: null,
            facts: [],
            sections: [],
            signature: [],
          },
    );
  });
}
