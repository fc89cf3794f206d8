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
import { action, loader } from "./referral.tsx";

/*
 * The referral's own page (GET and POST /employer-referrals/:referralId) in-process: who may read
 * it, the cancel confirmation as a state of the page, the reminder refused for a state that has
 * none, cancelling back to the page, and a referral the caller cannot see answered 404 before
 * anything is read or changed. The rules are the domain's; this proves the page goes through them.
 */
let database: DatabaseHandle;
let organisationId: string;
let otherOrganisationId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  organisationId = await insertOrganisationForTest(database.db, { name: "Page Ltd" });
  otherOrganisationId = await insertOrganisationForTest(database.db, { name: "Elsewhere Ltd" });
  await addTeamForTest(database.db, { idPrefix: "page-", domain: "page.example" }, [
    ["hr", "hr_admin", organisationId],
    ["mia", "manager", organisationId],
    ["ned", "manager", organisationId],
    ["zed", "owner", otherOrganisationId],
  ]);
});
afterAll(() => database.close());

function contextOf([name, memberRole]: [string, MemberRole]) {
  const context = routeContext(database, "127.0.0.1", []);
  context.set(sessionContext, {
    actor: { role: "employer" },
    user: { id: `page-${name}`, name },
    organisation: {
      id: name === "zed" ? otherOrganisationId : organisationId,
      name: name === "zed" ? "Elsewhere Ltd" : "Page Ltd",
      memberRole,
    },
  } as unknown as CurrentSession);
  return context;
}

async function miasDraft() {
  const scope = employerScopeForTest(database.db, {
    userId: "page-mia",
    memberRole: "manager",
    organisationId,
    organisationName: "Page Ltd",
  });
  const { referral } = await saveManagementReferral(scope, {
    input: managementReferralInput({ employeeName: "Petra Page" }),
    provider: "demo",
    intent: "draft",
  });
  return referral;
}

function read(key: string, as: [string, MemberRole], query = "") {
  return loader({
    request: new Request(`http://localhost/employer-referrals/${key}${query}`),
    params: { referralId: key },
    context: contextOf(as),
  } as unknown as Parameters<typeof loader>[0]);
}

function post(key: string, intent: string, as: [string, MemberRole]) {
  return action({
    request: formPost(`http://localhost/employer-referrals/${key}`, { intent }),
    params: { referralId: key },
    context: contextOf(as),
  } as unknown as Parameters<typeof action>[0]);
}

const statusOf = (error: unknown) => (error as { init?: { status?: number } }).init?.status;

describe("/employer-referrals/:referralId", () => {
  it("shows the referral to its team by reference or id, with the confirmation only on asking", async () => {
    const made = await miasDraft();
    const page = await read(made.reference, ["mia", "manager"]);
    expect(page.referral).toMatchObject({
      id: made.id,
      subjectName: "Petra Page",
      canCancel: true,
    });
    expect(page.confirmCancel).toBe(false);
    expect((await read(made.id, ["hr", "hr_admin"], "?confirm=cancel")).confirmCancel).toBe(true);
  });

  it("answers 404 to another organisation and to a manager it does not name, for reading and acting", async () => {
    const made = await miasDraft();
    for (const as of [
      ["zed", "owner"],
      ["ned", "manager"],
    ] as [string, MemberRole][]) {
      expect(statusOf(await thrown(read(made.reference, as)))).toBe(404);
      expect(statusOf(await thrown(post(made.reference, "cancel", as)))).toBe(404);
      expect(statusOf(await thrown(post(made.reference, "remind", as)))).toBe(404);
    }
    expect((await read(made.reference, ["mia", "manager"])).referral.status).toBe("draft");
  });

  it("refuses a reminder where there is nothing to remind, and cancels back to the page", async () => {
    const made = await miasDraft();
    const refused = (await post(made.reference, "remind", ["mia", "manager"])) as {
      data: { ok: boolean; message: string };
      init?: { status?: number };
    };
    expect(refused.init?.status).toBe(409);
    expect(refused.data.ok).toBe(false);
    const cancelled = (await post(made.reference, "cancel", ["mia", "manager"])) as Response;
    expect(cancelled.status).toBe(302);
    expect(cancelled.headers.get("location")).toBe(
      `/employer-referrals/${made.reference}?notice=referral-cancelled`,
    );
    const page = await read(made.reference, ["mia", "manager"], "?confirm=cancel");
    expect(page.referral.status).toBe("cancelled");
    // Nothing left to confirm.
    expect(page.confirmCancel).toBe(false);
  });

  it("answers an unknown intent without acting", async () => {
    const made = await miasDraft();
    const answer = (await post(made.reference, "delete", ["mia", "manager"])) as {
      init?: { status?: number };
    };
    expect(answer.init?.status).toBe(400);
    expect((await read(made.reference, ["mia", "manager"])).referral.status).toBe("draft");
  });
});
