import { afterAll, beforeAll } from "vitest";
import { sessionContext } from "~/context.ts";
import type { DatabaseHandle } from "~/db/client.server.ts";
import type { MemberRole } from "~/db/schema/auth.ts";
import type { CurrentSession } from "~/domain/accounts/load-session.server.ts";
import { saveManagementReferral } from "~/domain/referrals/save-management-referral.server.ts";
import { employerScopeForTest, managementReferralInput } from "~tests/support/referrals.ts";
import { routeContext } from "~tests/support/routes.ts";
import { addTeamForTest } from "~tests/support/team.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";

/** Who calls a route in these tests: a member's name and role. */
export type Caller = [name: string, memberRole: MemberRole];

/**
 * The team the referral routes' tests call them as, on a test database of the file's own: an
 * HR admin (hr) and two managers (mia, ned) in one organisation, and zed in another, who must
 * not reach its referrals. Registers the file's beforeAll and afterAll.
 */
export function employerTeamForRouteTests(names: {
  /** Prefixes the people's ids, so each file's rows read as its own. */
  idPrefix: string;
  organisation: string;
  otherOrganisation: string;
  zedRole: MemberRole;
  /** The employee of Mia's draft. */
  employeeName: string;
}) {
  let database: DatabaseHandle;
  let organisationId: string;
  let otherOrganisationId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    organisationId = await insertOrganisationForTest(database.db, { name: names.organisation });
    otherOrganisationId = await insertOrganisationForTest(database.db, {
      name: names.otherOrganisation,
    });
    await addTeamForTest(
      database.db,
      { idPrefix: `${names.idPrefix}-`, domain: `${names.idPrefix}.example` },
      [
        ["hr", "hr_admin", organisationId],
        ["mia", "manager", organisationId],
        ["ned", "manager", organisationId],
        ["zed", names.zedRole, otherOrganisationId],
      ],
    );
  });
  afterAll(() => database.close());

  /** The route context of a signed-in caller, acting for the organisation they are in. */
  function contextOf([name, memberRole]: Caller) {
    const context = routeContext(database, "127.0.0.1", []);
    const elsewhere = name === "zed";
    context.set(sessionContext, {
      actor: { role: "employer" },
      user: { id: `${names.idPrefix}-${name}`, name },
      organisation: {
        id: elsewhere ? otherOrganisationId : organisationId,
        name: elsewhere ? names.otherOrganisation : names.organisation,
        memberRole,
      },
    } as unknown as CurrentSession);
    return context;
  }

  /** A management referral Mia saved as a draft: the referral every test acts on. */
  async function miasDraft() {
    const scope = employerScopeForTest(database.db, {
      userId: `${names.idPrefix}-mia`,
      memberRole: "manager",
      organisationId,
      organisationName: names.organisation,
    });
    const { referral } = await saveManagementReferral(scope, {
      input: managementReferralInput({ employeeName: names.employeeName }),
      provider: "demo",
      intent: "draft",
    });
    return referral;
  }

  /** The file's database, for a test that moves a referral to the state it is about. */
  const db = () => database.db;

  return { contextOf, miasDraft, db };
}
