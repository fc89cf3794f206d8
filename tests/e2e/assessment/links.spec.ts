import { createInvitedReferral } from "../support/assessment-link.ts";
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

  // fixme: an invitation lapses 14 days after it was sent; this needs the server's clock moved,
  // which the shared browser-test server cannot do. The expiry itself is covered by
  // app/domain/referrals/invitation-follow-up.integration.test.ts and the 410 page by integration tests.
  test.fixme("an expired link gets the same page with 410", async ({ page }) => {
    const { link } = await createInvitedReferral(page, {
      type: "pre_employment",
    });
    const response = await page.goto(link);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEUTRAL);
  });

  test("a link altered by one character is refused", async ({ page }) => {
    const { link } = await createInvitedReferral(page, { type: "pre_employment" });
    const tampered = link.slice(0, -1) + (link.endsWith("A") ? "B" : "A");
    const response = await page.goto(tampered);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEUTRAL);
  });
});
