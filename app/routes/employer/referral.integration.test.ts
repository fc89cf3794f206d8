import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { referral } from "~/db/schema/index.ts";
import { type Caller, employerTeamForRouteTests } from "~tests/support/employer-route-team.ts";
import { formPost, thrown } from "~tests/support/routes.ts";
import { action, loader } from "./referral.tsx";

/*
 * The referral's own page (GET and POST /employer-referrals/:referralId) in-process: who may read
 * it, the cancel, re-invite and close confirmations as states of the page, the reminder refused
 * for a state that has none, cancelling and closing back to the page, a new invitation refused
 * after its 30 days, and a referral the caller cannot see answered 404 before anything is read
 * or changed. The rules are the domain's; this proves the page goes through them.
 */
const { contextOf, miasDraft, db } = employerTeamForRouteTests({
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

describe("/employer-referrals/:referralId, re-inviting and closing", () => {
  /** Mia's draft moved straight to `status`, invited `daysAgo` days ago. */
  async function miasCase(status: "expired" | "complete", daysAgo = 16) {
    const made = await miasDraft();
    await db()
      .update(referral)
      .set({ status, invitedAt: new Date(Date.now() - daysAgo * 86_400_000) })
      .where(eq(referral.id, made.id));
    return made;
  }

  it("offers a new invitation's confirmation on an expired case, and refuses it after 30 days", async () => {
    const recent = await miasCase("expired");
    const page = await read(recent.reference, ["mia", "manager"], "?confirm=reinvite");
    expect(page.confirming).toBe("reinvite");
    expect(page.referral.canReinvite).toBe(true);
    // Not on another's: 404 before anything is read or changed.
    for (const as of [
      ["zed", "owner"],
      ["ned", "manager"],
    ] as Caller[])
      expect(statusOf(await thrown(post(recent.reference, "reinvite", as)))).toBe(404);

    const old = await miasCase("expired", 45);
    const late = await read(old.reference, ["hr", "hr_admin"], "?confirm=reinvite");
    expect(late.referral.canReinvite).toBe(false);
    expect(late.confirming).toBeNull();
    const refused = (await post(old.reference, "reinvite", ["hr", "hr_admin"])) as {
      data: { ok: boolean; message: string };
      init?: { status?: number };
    };
    expect(refused.init?.status).toBe(409);
    expect(refused.data.message).toMatch(/within 30 days/);
    expect((await read(old.reference, ["hr", "hr_admin"])).referral.status).toBe("expired");
  });

  it("closes a complete case after its confirmation, back to the page, which then says so", async () => {
    const made = await miasCase("complete");
    expect((await read(made.reference, ["mia", "manager"], "?confirm=close")).confirming).toBe(
      "close",
    );
    expect(statusOf(await thrown(post(made.reference, "close", ["ned", "manager"])))).toBe(404);
    const closed = (await post(made.reference, "close", ["mia", "manager"])) as Response;
    expect(closed.status).toBe(302);
    expect(closed.headers.get("location")).toBe(`/employer-referrals/${made.reference}`);
    const page = await read(made.reference, ["hr", "hr_admin"], "?confirm=close");
    expect(page.referral).toMatchObject({ status: "complete", canClose: false });
    expect(page.referral.closedAt).not.toBeNull();
    expect(page.confirming).toBeNull();
    // A second close is refused in words.
    const again = (await post(made.reference, "close", ["hr", "hr_admin"])) as {
      init?: { status?: number };
    };
    expect(again.init?.status).toBe(409);
  });
});
