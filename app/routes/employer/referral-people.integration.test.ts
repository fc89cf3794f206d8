import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionContext } from "~/context.ts";
import type { DatabaseHandle } from "~/db/client.server.ts";
import type { MemberRole } from "~/db/schema/auth.ts";
import type { CurrentSession } from "~/domain/accounts/load-session.server.ts";
import { saveManagementReferral } from "~/domain/referrals/save-management-referral.server.ts";
import { employerScopeForTest, managementReferralInput } from "~tests/support/referrals.ts";
import { formPost, routeContext, thrown } from "~tests/support/routes.ts";
import { addTeamForTest } from "~tests/support/team.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import { action } from "./referral-people.ts";

/*
 * The people route (POST /employer-referrals/:referralId/people) in-process: what it answers for
 * each intent, a refused form and a referral the caller cannot see. The rules themselves are the
 * domain's (app/domain/referrals/referral-people.integration.test.ts).
 */
let database: DatabaseHandle;
let organisationId: string;
let otherOrganisationId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  organisationId = await insertOrganisationForTest(database.db, { name: "Route Ltd" });
  otherOrganisationId = await insertOrganisationForTest(database.db, { name: "Other Ltd" });
  await addTeamForTest(database.db, { idPrefix: "route-", domain: "route.example" }, [
    ["hr", "hr_admin", organisationId],
    ["mia", "manager", organisationId],
    ["ned", "manager", organisationId],
    ["zed", "manager", otherOrganisationId],
  ]);
});
afterAll(() => database.close());

function contextOf(name: string, memberRole: MemberRole) {
  const context = routeContext(database, "127.0.0.1", []);
  context.set(sessionContext, {
    actor: { role: "employer" },
    user: { id: `route-${name}`, name },
    organisation: { id: organisationId, name: "Route Ltd", memberRole },
  } as unknown as CurrentSession);
  return context;
}

async function miasDraft() {
  const scope = employerScopeForTest(database.db, {
    userId: "route-mia",
    memberRole: "manager",
    organisationId,
    organisationName: "Route Ltd",
  });
  const { referral } = await saveManagementReferral(scope, {
    input: managementReferralInput({ employeeName: "Rory Route" }),
    provider: "demo",
    intent: "draft",
  });
  return referral;
}

function post(referralId: string, fields: Record<string, string>, as: [string, MemberRole]) {
  return action({
    request: formPost(`http://localhost/employer-referrals/${referralId}/people`, fields),
    params: { referralId },
    context: contextOf(...as),
  } as unknown as Parameters<typeof action>[0]);
}

/** A `data(…)` answer: its status and body. */
function answer(result: unknown) {
  const { data, init } = result as {
    data: { ok: boolean; result: { error?: unknown } };
    init?: { status?: number };
  };
  return { status: init?.status, ok: data.ok, error: data.result.error };
}

describe("POST /employer-referrals/:referralId/people", () => {
  it("returns to the drawer with a notice after each change", async () => {
    const made = await miasDraft();
    const added = (await post(made.id, { intent: "name-manager", userId: "route-ned" }, [
      "mia",
      "manager",
    ])) as Response;
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe(
      `/employer-referrals?viewReferral=${made.reference}&notice=referral-manager-added`,
    );
    const reassigned = (await post(made.id, { intent: "reassign", toUserId: "route-ned" }, [
      "hr",
      "hr_admin",
    ])) as Response;
    expect(reassigned.headers.get("location")).toBe(
      `/employer-referrals?viewReferral=${made.reference}&notice=referral-reassigned`,
    );
  });

  it("sends a manager who took themselves off back to the list", async () => {
    const made = await miasDraft();
    await post(made.id, { intent: "name-manager", userId: "route-ned" }, ["mia", "manager"]);
    const left = (await post(made.id, { intent: "remove-manager", userId: "route-ned" }, [
      "ned",
      "manager",
    ])) as Response;
    expect(left.headers.get("location")).toBe("/employer-referrals?notice=referral-left");
  });

  it("answers a refused form, and a refusal of the domain, to the form that sent it", async () => {
    const made = await miasDraft();
    expect(
      answer(await post(made.id, { intent: "name-manager", userId: "" }, ["mia", "manager"])),
    ).toEqual({ status: 400, ok: false, error: { userId: ["Choose a colleague to add"] } });
    expect(
      answer(
        await post(made.id, { intent: "name-manager", userId: "route-zed" }, ["mia", "manager"]),
      ),
    ).toMatchObject({
      status: 400,
      error: { "": [expect.stringContaining("current member of your organisation")] },
    });
    expect(
      answer(
        await post(made.id, { intent: "reassign", toUserId: "route-ned" }, ["mia", "manager"]),
      ),
    ).toMatchObject({ status: 403, error: { "": [expect.stringContaining("owner or an HR")] } });
  });

  it("answers 404 for a referral the caller cannot see", async () => {
    const made = await miasDraft();
    const refused = await thrown(
      post(made.id, { intent: "name-manager", userId: "route-ned" }, ["ned", "manager"]),
    );
    expect((refused as { init?: { status?: number } }).init?.status).toBe(404);
  });
});
