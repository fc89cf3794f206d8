import { and, eq, isNotNull } from "drizzle-orm";
import { referral, report } from "~/db/schema/index.ts";
import type { EmployerActor } from "~/domain/kernel/actor.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReports } from "~/domain/kernel/visibility.server.ts";
import { employerReferral } from "./get-referral.server.ts";

/** The earlier case a follow-up starts from, and what the new referral's form begins with. */
export interface FollowUpSource {
  id: string;
  reference: string;
  /** The released report's reference the follow-up continues from; null if none was released. */
  reportReference: string | null;
  subjectName: string;
  subjectEmail: string;
  /** The job as the earlier case described it: its job details, or a pre-employment job role. */
  jobDetails: string;
}

/**
 * The earlier case an employer may follow up (docs/architecture.md §4, "Follow-up referrals"):
 * one they may see (a manager only their own or named cases; another organisation's is not
 * found), management or pre-employment, that reached a report (completed, even if an amendment
 * is now under way or the case was closed with no further action).
 */
export async function followUpSource(
  db: Executor,
  scope: Scope<EmployerActor>,
  key: string,
): Promise<FollowUpSource> {
  const row = await employerReferral(db, scope, key, {
    id: referral.id,
    reference: referral.reference,
    type: referral.type,
    subjectName: referral.subjectName,
    subjectEmail: referral.subjectEmail,
    jobRole: referral.jobRole,
    jobDetails: referral.jobDetails,
    completedAt: referral.completedAt,
  });
  if (!row.completedAt)
    throw new DomainError(
      "invalid_state",
      "Only a case whose report has been released can be followed up.",
    );
  const [released] = await db
    .select({ reference: report.reference })
    .from(report)
    .where(
      and(eq(report.referralId, row.id), isNotNull(report.releasedVersion), visibleReports(scope)),
    );
  return {
    id: row.id,
    reference: row.reference,
    reportReference: released?.reference ?? null,
    subjectName: row.subjectName,
    subjectEmail: row.subjectEmail,
    jobDetails:
      row.type === "management"
        ? (row.jobDetails ?? "")
        : row.jobRole
          ? `Job title: ${row.jobRole}`
          : "",
  };
}

/** The follow-up form's starting point, for the employer who opens it. */
export function getFollowUpSource(scope: Scope, key: string): Promise<FollowUpSource> {
  const employer = requireEmployer(scope);
  return followUpSource(employer.db, employer, key);
}
