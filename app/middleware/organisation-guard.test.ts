import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { sessionContext } from "~/context.ts";
import type { CurrentSession } from "~/domain/accounts/load-session.server.ts";
import { samePageOrganisation } from "./organisation-guard.server.ts";

/*
 * Stale-tab protection (docs/architecture.md §4): a POST carries the organisation its page was
 * for, and one that is not the session's active organisation never reaches the action.
 */
type Membership = CurrentSession["memberships"][number];
const first: Membership = { id: "org-first", name: "First Firm Ltd", memberRole: "owner" };
const second: Membership = { id: "org-second", name: "Second Firm Ltd", memberRole: "manager" };

function contextActingFor(active: Membership) {
  const context = new RouterContextProvider();
  context.set(sessionContext, {
    user: { id: "user-1", role: "employer" },
    session: { id: "session-1" },
    organisation: { ...active, industry: null, phone: null, address: null },
    memberships: [first, second],
    actor: { userId: "user-1", role: "employer", organisationId: active.id },
  } as unknown as CurrentSession);
  return context;
}

function post(path: string, fields: Record<string, string>, referer?: string) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: referer ? { referer: `http://localhost${referer}` } : {},
  });
}

/** Runs the guard in front of an "action" that reads the form, as the real one would. */
async function submit(
  request: Request,
  whenAbsent: "refuse" | "allow" = "refuse",
  active = second,
): Promise<{ actionRan: boolean; readByAction?: string; refusal?: unknown; status?: number }> {
  let readByAction: string | undefined;
  let actionRan = false;
  try {
    await samePageOrganisation(whenAbsent)(
      { request, context: contextActingFor(active), params: {}, unstable_pattern: "" } as never,
      async () => {
        actionRan = true;
        if (request.method === "POST")
          readByAction = String((await request.formData()).get("intent"));
        return new Response(null, { status: 204 });
      },
    );
    return { actionRan, readByAction };
  } catch (error) {
    const refused = error as { data: unknown; init: { status: number } };
    return { actionRan, refusal: refused.data, status: refused.init.status };
  }
}

describe("the stale-tab guard", () => {
  it("lets a form through when its page was for the active organisation, body intact", async () => {
    const result = await submit(
      post("/employer-referrals/r1/remind", { _organisation: second.id, intent: "remind" }),
    );
    expect(result).toEqual({ actionRan: true, readByAction: "remind" });
  });

  it("refuses with 409, before the action, a form from a page for another organisation", async () => {
    const result = await submit(
      post(
        "/employer-referrals/r1/cancel",
        { _organisation: first.id, intent: "cancel" },
        "/employer-referrals?status=active",
      ),
    );
    expect(result).toEqual({
      actionRan: false,
      status: 409,
      refusal: {
        refusal: "stale-organisation",
        pageOrganisation: "First Firm Ltd",
        activeOrganisation: "Second Firm Ltd",
        reload: "/employer-referrals?status=active",
        // The header names the organisation now active, for the page posted without JavaScript.
        shell: expect.objectContaining({
          account: expect.objectContaining({
            organisation: expect.objectContaining({ id: second.id, name: second.name }),
          }),
        }),
      },
    });
  });

  it("names no organisation the person no longer belongs to, and reloads the dashboard without a Referer", async () => {
    const result = await submit(post("/payment", { _organisation: "org-gone" }));
    expect(result.refusal).toMatchObject({ pageOrganisation: null, reload: "/employer-dashboard" });
    expect(result.actionRan).toBe(false);
  });

  it("refuses a form without the field in the employer area, and allows it in the account area", async () => {
    expect(await submit(post("/employer-subscription", { intent: "cancel" }))).toMatchObject({
      actionRan: false,
      status: 409,
    });
    expect(await submit(post("/account", { intent: "profile" }), "allow")).toEqual({
      actionRan: true,
      readByAction: "profile",
    });
    expect(
      await submit(post("/account", { intent: "organisation", _organisation: first.id }), "allow"),
    ).toMatchObject({ actionRan: false, status: 409 });
  });

  it("lets the switcher through from any tab, and never looks at a GET", async () => {
    expect(
      await submit(post("/employer-organisation", { intent: "switch", _organisation: first.id })),
    ).toMatchObject({ actionRan: true });
    expect(await submit(new Request("http://localhost/employer-dashboard"))).toMatchObject({
      actionRan: true,
    });
  });

  it("refuses a body that is not a form (JSON) rather than guessing", async () => {
    const json = new Request("http://localhost/employer-subscription", {
      method: "POST",
      body: JSON.stringify({ _organisation: second.id }),
      headers: { "content-type": "application/json" },
    });
    expect(await submit(json)).toMatchObject({ actionRan: false, status: 409 });
  });
});
