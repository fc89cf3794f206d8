import { describe, expect, it } from "vitest";
import { type Caller, employerTeamForRouteTests } from "~tests/support/employer-route-team.ts";
import { formPost, thrown } from "~tests/support/routes.ts";
import { action } from "./referral-people.ts";

/*
 * The people route (POST /employer-referrals/:referralId/people) in-process: what it answers for
 * each intent, a refused form and a referral the caller cannot see. The rules themselves are the
 * domain's (app/domain/referrals/referral-people.integration.test.ts).
 */
const { contextOf, miasDraft } = employerTeamForRouteTests({
  idPrefix: "route",
  organisation: "Route Ltd",
  otherOrganisation: "Other Ltd",
  zedRole: "manager",
  employeeName: "Rory Route",
});

function post(referralId: string, fields: Record<string, string>, as: Caller) {
  return action({
    request: formPost(`http://localhost/employer-referrals/${referralId}/people`, fields),
    params: { referralId },
    context: contextOf(as),
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
