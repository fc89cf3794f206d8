import { eq } from "drizzle-orm";
import type { Database } from "../../../app/db/client.server.ts";
import type { MemberRole } from "../../../app/db/schema/auth.ts";
import { referral, report } from "../../../app/db/schema/index.ts";
import { createSentReport, releaseSentReportForTest } from "../../support/reports.ts";
import { createAccountOn } from "../../support/test-accounts.ts";
import { type InProcessServer, startInProcessServer } from "./in-process-server.ts";
import { organisationWithMember } from "./organisations.ts";

/*
 * The set-up of specs that run the production build on a server of their own (the shared server's
 * database cannot be opened while it runs) and start from an employer already in an organisation
 * and from cases the report factories made, handed to that organisation as its own referrals.
 */

/** A server of the spec's own, quiet and without its job worker; the spec runs what jobs it needs. */
export function startQuietServer(name: string, port: number): Promise<InProcessServer> {
  return startInProcessServer({
    name,
    port,
    settings: { LOG_LEVEL: "error", JOBS: "off", TRUST_PROXY: "loopback" },
  });
}

/**
 * A server of the spec's own, quiet and without its job worker, with one employer account that is
 * a member of one organisation.
 */
export async function startServerWithEmployer(options: {
  name: string;
  port: number;
  employer: { email: string; name: string };
  organisation: { name: string; address?: string };
  role: MemberRole;
}): Promise<{ server: InProcessServer; userId: string; organisationId: string }> {
  const server = await startQuietServer(options.name, options.port);
  const userId = await createAccountOn(
    server.runtime,
    "employer",
    options.employer.email,
    options.employer.name,
  );
  const organisationId = await organisationWithMember(
    server.runtime.database.db,
    options.organisation,
    userId,
    options.role,
  );
  return { server, userId, organisationId };
}

type SentReport = Awaited<ReturnType<typeof createSentReport>>;

/**
 * Hands a case the factories made to an organisation, as if its member had referred it: the
 * referral and its report move there, the member creates and owns the referral, and `details`
 * (the person's name, dates, …) are written over the factories' values.
 */
export async function giveCaseTo(
  db: Database,
  sent: SentReport,
  owner: { organisationId: string; userId: string },
  details: Partial<typeof referral.$inferInsert>,
) {
  await db
    .update(referral)
    .set({
      organisationId: owner.organisationId,
      createdBy: owner.userId,
      ownerId: owner.userId,
      ...details,
    })
    .where(eq(referral.id, sent.referral.id));
  await db
    .update(report)
    .set({ organisationId: owner.organisationId })
    .where(eq(report.id, sent.report.id));
}

/**
 * A complete case of the organisation's: the factories' sent report, approved by the person through
 * their link (`requestId` names the spec in the audit trail), then given to the organisation.
 */
export async function releasedCaseOf(
  db: Database,
  owner: { organisationId: string; userId: string },
  details: Partial<typeof referral.$inferInsert> & { subjectName: string },
  requestId: string,
): Promise<SentReport> {
  const sent = await createSentReport(db);
  await releaseSentReportForTest(db, sent, { origin: { ip: "192.0.2.71", requestId } });
  await giveCaseTo(db, sent, owner, details);
  return sent;
}
