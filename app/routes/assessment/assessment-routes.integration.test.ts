import { describe, expect, it } from "vitest";
import { createInvitedReferralForTest } from "~tests/support/assessments.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { formPost as post, routeContext, thrown } from "~tests/support/routes.ts";
import * as review from "./review.tsx";
import * as start from "./start.tsx";
import * as step from "./step.tsx";

const database = testDatabaseForFile();
const sent: string[] = [];

function contextFor(ip: string) {
  return routeContext(database, ip, sent);
}

describe("assessment routes", () => {
  it("answer an unknown link with the neutral 404, whatever the page", async () => {
    const args = {
      params: { token: "B".repeat(43), step: "core" },
      request: new Request("http://x/assessment/x"),
      context: contextFor("203.0.113.1"),
    } as never;
    for (const loader of [start.loader, step.loader, review.loader]) {
      // Thrown as `data(…, { status })`; the router turns it into the error boundary's response.
      const error = (await thrown(loader(args))) as { init?: { status?: number } };
      expect(error.init?.status).toBe(404);
    }
  });

  it("take a person from consent through a page to the review, without JavaScript", async () => {
    const { token } = await createInvitedReferralForTest(database.db, {
      type: "pre_employment",
      jobRole: "Office Worker",
    });
    const context = contextFor("203.0.113.2");
    const base = `http://x/assessment/${token}`;
    const consent = await start.loader({ params: { token }, context } as never);
    expect(consent).toMatchObject({ view: "consent", notice: { version: "2026-06-v1" } });

    const refused = await start.action({
      params: { token },
      request: post(base, {}),
      context,
    } as never);
    expect(refused).toMatchObject({ init: { status: 400 } });
    // Both messages at once, in Conform's result, with what was typed kept for the page.
    const badPhone = await start.action({
      params: { token },
      request: post(base, { phone: "12345" }),
      context,
    } as never);
    expect(badPhone).toMatchObject({
      init: { status: 400 },
      data: {
        form: "consent",
        result: {
          error: {
            agree: ["Select the box to confirm you consent, or choose “I do not agree”"],
            phone: [expect.stringContaining("phone number")],
          },
          initialValue: { phone: "12345" },
        },
      },
    });

    const started = (await thrown(
      start.action({ params: { token }, request: post(base, { agree: "yes" }), context } as never),
    )) as Response;
    expect(started.headers.get("Location")).toBe(`/assessment/${token}/questions/core`);

    const page = await step.loader({
      params: { token, step: "core" },
      request: new Request(`${base}/questions/core`),
      context,
    } as never);
    expect(page).toMatchObject({ kind: "pre_employment", step: "core", back: null });

    const saved = (await thrown(
      step.action({
        params: { token, step: "core" },
        request: post(`${base}/questions/core`, {
          shown: "core.condition,core.treatment,core.mental-health,core.work-related",
          "a:core.condition": "false",
          "a:core.treatment": "false",
          "a:core.mental-health": "false",
          "a:core.work-related": "false",
        }),
        context,
      } as never),
    )) as Response;
    expect(saved.headers.get("Location")).toBe(`/assessment/${token}/questions/dse`);

    // Reopening the bare link resumes on the next page.
    const resumed = (await thrown(
      start.loader({ params: { token }, context } as never),
    )) as Response;
    expect(resumed.headers.get("Location")).toBe(`/assessment/${token}/questions/dse`);

    // Submitting too early lists the missing answers instead of sending.
    const early = await review.action({ params: { token }, context } as never);
    expect(early).toMatchObject({ init: { status: 400 } });
    expect(sent).not.toContain("assessment-draft");
  });
});
