import fs from "node:fs";
import { subDays } from "date-fns";
import { openDatabase } from "../../../app/db/client.server.ts";
import { systemScope } from "../../../app/domain/kernel/scope.ts";
import { expireInvitations } from "../../../app/domain/referrals/expire-invitations.server.ts";
import { testAdapters } from "../../support/adapters.ts";
import { createInvitedReferralForTest } from "../../support/assessments.ts";
import { createInvitedReferral } from "../support/assessment-link.ts";
import { migratedDataDir } from "../support/in-process-server.ts";
import { startServerProcess } from "../support/server-process.ts";
import { expect, test } from "../support/test.ts";

const NEUTRAL = "This link does not work";

test.describe("links that do not work", () => {
  test("a tampered or made-up link gets the neutral page, a 404 and no trace of any referral", async ({
    page,
    request,
  }) => {
    const token = "A".repeat(43);
    const response = await page.goto(`/assessment/${token}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEUTRAL);
    await expect(page.getByRole("navigation")).toHaveCount(0);
    const headers = response!.headers();
    expect(headers["x-robots-tag"]).toContain("noindex");
    expect(headers["cache-control"]).toBe("no-store");
    // Nothing to other sites; not `no-referrer`, which makes forms posted without JavaScript fail.
    expect(headers["referrer-policy"]).toBe("same-origin");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    // Deeper pages answer the same way, for any method.
    const deeper = await request.get(`/assessment/${token}/review`);
    expect(deeper.status()).toBe(404);
    expect(await deeper.text()).toContain(NEUTRAL);
    const posted = await request.post(`/assessment/not-a-token/decline`, {
      headers: { Origin: new URL(page.url()).origin },
    });
    expect([403, 404]).toContain(posted.status());
  });

  // The invitation is made 15 days ago on a server of this test's own (the shared server's
  // database cannot be opened while it runs), and lapsed by the same domain function the
  // follow-up job runs; the server then judges the link by its own, real clock.
  test("an expired link gets the same page with 410", async ({ page }) => {
    test.setTimeout(150_000);
    const dataDir = migratedDataDir("referoh-expired-link-");
    let token: string;
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      const invited = await createInvitedReferralForTest(database.db, {
        type: "pre_employment",
        now: subDays(new Date(), 15),
      });
      token = invited.token;
      expect(await expireInvitations(systemScope(database.db, "test", testAdapters()))).toBe(1);
    } finally {
      await database.close();
    }
    const server = await startServerProcess(dataDir, Number(process.env.E2E_PORT ?? 3210) + 95);
    try {
      const response = await page.goto(`${server.baseURL}/assessment/${token}`);
      expect(response?.status()).toBe(410);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEUTRAL);
      await expect(page.getByText("Sam Patel")).toHaveCount(0);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("a link altered by one character is refused", async ({ page }) => {
    const { link } = await createInvitedReferral(page, { type: "pre_employment" });
    const tampered = link.slice(0, -1) + (link.endsWith("A") ? "B" : "A");
    const response = await page.goto(tampered);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEUTRAL);
  });
});
