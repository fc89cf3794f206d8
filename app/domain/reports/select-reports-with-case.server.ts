import { eq } from "drizzle-orm";
import type { SelectedFields } from "drizzle-orm/pg-core";
import { organisation, referral, report } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";

/**
 * Reports joined to the referral they answer and the organisation that referred it: how the
 * doctor's, the employer's and the notification's reads of one report name it. Each row has the
 * `report` and the caller's `extra` columns; the caller's `where` still decides, through the
 * visibility builders, which reports it reaches.
 */
export function selectReportsWithCase<Extra extends SelectedFields>(db: Executor, extra: Extra) {
  return db
    .select({ report, ...extra })
    .from(report)
    .innerJoin(referral, eq(referral.id, report.referralId))
    .innerJoin(organisation, eq(organisation.id, report.organisationId));
}
