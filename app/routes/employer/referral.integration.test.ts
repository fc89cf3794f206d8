import { describe, expect, it } from "vitest";
import { type Caller, employerTeamForRouteTests } from "~tests/support/employer-route-team.ts";
import { formPost, thrown } from "~tests/support/routes.ts";
import { action, loader } from "./referral.tsx";

/*
 * The referral's own page (GET and POST /employer-referrals/:referralId) in-process: who may read
 * it, the cancel confirmation as a state of the page, the reminder refused for a state that has
 * none, cancelling back to the page, and a referral the caller cannot see answered 404 before
 * anything is read or changed. The rules are the domain's; this proves the page goes through them.
 */
const { contextOf, miasDraft } = employerTeamForRouteTests({
  idPrefix: "page",
  organisation: "Page Ltd",
  otherOrganisation: "Elsewhere Ltd",
  zedRole: "owner",
  employeeName: "Petra Page",
});

function read(key: string, as: Caller, query = "") {
  return loader({
    request: new Request(`http://localhost/employer-referrals/${key}${query}`),
    params: { referralId: key },
    context: contextOf(as),
  } as unknown as Parameters<typeof loader>[0]);
}

function post(key: string, intent: string, as: Caller) {
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
    expect(page.confirming).toBeNull();
    expect((await read(made.id, ["hr", "hr_admin"], "?confirm=cancel")).confirming).toBe("cancel");
  });

  it("answers 404 to another organisation and to a manager it does not name, for reading and acting", async () => {
    const made = await miasDraft();
    for (const as of [
      ["zed", "owner"],
      ["ned", "manager"],
    ] as Caller[]) {
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
    expect(page.confirming).toBeNull();
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
