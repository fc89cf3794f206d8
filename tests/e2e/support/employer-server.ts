import { eq } from "drizzle-orm";
import type { Database } from "../../../app/db/client.server.ts";
import type { MemberRole } from "../../../app/db/schema/auth.ts";
import { referral, report } from "../../../app/db/schema/index.ts";
import type { EmployerActor } from "../../../app/domain/kernel/actor.ts";
import type { Adapters } from "../../../app/domain/kernel/adapters.ts";
import type { Scope } from "../../../app/domain/kernel/scope.ts";
import { employerScopeForTest } from "../../support/referrals.ts";
import { createSentReport, releaseSentReportForTest } from "../../support/reports.ts";
import { createAccountOn } from "../../support/test-accounts.ts";
import { type InProcessServer, startInProcessServer } from "./in-process-server.ts";
import { organisationWithMember } from "./organisations.ts";
import { test } from "./test.ts";

/*
 * The set-up of specs that run the production build on a server of their own (the shared server's
 * database cannot be opened while it runs) and start from an employer already in an organisation
 * and from cases the report factories made, handed to that organisation as its own referrals.
 */

/** A server of the spec's own, quiet and without its job worker; the spec runs what jobs it needs. */
function startQuietServer(name: string, port: number): Promise<InProcessServer> {
  return startInProcessServer({
    name,
    port,
    settings: { LOG_LEVEL: "error", JOBS: "off", TRUST_PROXY: "loopback" },
  });
}

/** The employer a spec's own server starts with: their account, their organisation, their scope. */
interface SpecEmployer {
  server: InProcessServer;
  /** The server's database, where the spec makes its cases. */
  db: Database;
  userId: string;
  organisationId: string;
  /**
   * The employer's scope, for the domain's own functions: at `now` (a past time places a case in
   * the past), through `adapters` (the server's, for an e-mail the spec then reads).
   */
  scope(now?: Date, adapters?: Adapters): Scope<EmployerActor>;
}

/**
 * A server of the spec file's own, quiet and without its job worker, with one employer account
 * that is a member of one organisation: started before the file's tests, then `prepare` makes the
 * cases they need; stopped after them. The spec reads it through the returned function, inside
 * its tests.
 */
export function employerServerForFile(
  options: {
    name: string;
    port: number;
    employer: { email: string; name: string };
    organisation: { name: string; address?: string };
    role: MemberRole;
  },
  prepare?: (employer: SpecEmployer) => Promise<void>,
): () => SpecEmployer {
  let started: SpecEmployer | undefined;
  test.beforeAll(async () => {
    // A fresh embedded database initialises and migrates first: over a minute on a loaded machine.
    test.setTimeout(180_000);
    const server = await startQuietServer(options.name, options.port);
    const db = server.runtime.database.db;
    const userId = await createAccountOn(
      server.runtime,
      "employer",
      options.employer.email,
      options.employer.name,
    );
    const organisationId = await organisationWithMember(
      db,
      options.organisation,
      userId,
      options.role,
    );
    const member = {
      userId,
      organisationId,
      organisationName: options.organisation.name,
      memberRole: options.role,
    };
    started = {
      server,
      db,
      userId,
      organisationId,
      scope: (now, adapters) => employerScopeForTest(db, member, now, adapters),
    };
    await prepare?.(started);
  });
  test.afterAll(async () => {
    await started?.server.stop();
  });
  return () => {
    if (!started) throw new Error(`the ${options.name} server has not started`);
    return started;
  };
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
