import type { Browser } from "@playwright/test";
import { eq } from "drizzle-orm";
import type { Database } from "../../../app/db/client.server.ts";
import { webhookAttempt, webhookDelivery, webhookEndpoint } from "../../../app/db/schema/index.ts";
import { createAccountOn } from "../../support/test-accounts.ts";
import { signIn, uniqueEmail } from "../auth/helpers.ts";
import { accountMenu, menuSummary } from "../support/menus.ts";
import { organisationWithMember } from "../support/organisations.ts";
import { inProcessServerForFile } from "../support/server-for-file.ts";
import { expect, test } from "../support/test.ts";

/*
 * API keys in the browser (docs/api.md): an owner makes a key on the API and webhooks page, sees
 * its secret once, calls the API with it, and revokes it; the very next call is refused. An
 * endpoint switched off after days of failures is switched on again, a failed event sent again,
 * the signing secret rotated and the endpoint deleted with its log. The production build runs in
 * this worker on its own database (jobs off, so nothing is sent while the test reads the log).
 */

const port = Number(process.env.API_KEYS_E2E_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 181);
const origin = `http://localhost:${port}`;
const server = inProcessServerForFile({ name: "api-keys", port, settings: { JOBS: "off" } });
// One server on one port for the file: its tests in one worker, in order, each run whatever the
// other's outcome.
test.describe.configure({ mode: "default" });

/** A new owner of a new organisation, signed in on a page of their own. */
async function ownerSignedIn(browser: Browser, name: string, company: string) {
  const db: Database = server().runtime.database.db;
  const email = uniqueEmail("api-owner");
  const userId = await createAccountOn(server().runtime, "employer", email, name);
  const organisationId = await organisationWithMember(db, { name: company }, userId, "owner");
  const page = await (await browser.newContext({ baseURL: origin })).newPage();
  await page.goto("/login");
  await signIn(page, email);
  await expect(page).toHaveURL(/\/employer-dashboard/);
  return { db, organisationId, page };
}

test("an owner makes an API key, sees it once, uses it, and revokes it at once", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { page } = await ownerSignedIn(browser, "Priya Owner", "Keystone Care Ltd");
  await menuSummary(page, "My Account").click();
  await accountMenu(page).getByRole("link", { name: "API and webhooks" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API and webhooks");
  await expect(page.getByText("No API keys yet.")).toBeVisible();

  // Without a name the form says so, and makes nothing.
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("Give the key a name").first()).toBeVisible();

  await page.getByLabel("Name").fill("Payroll sync");
  await page.getByLabel("billing:read").check();
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByTestId("new-api-key");
  await expect(shown).toBeVisible();
  const secret = (await shown.locator("code").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^roh_live_[A-Za-z0-9_-]{43}$/);
  const keys = page.getByRole("table", { name: "API keys" });
  await expect(keys.getByText("Payroll sync")).toBeVisible();
  await expect(keys.getByText(secret.slice(0, 15))).toBeVisible();

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/api-keys-${width}.png`, fullPage: true });
  }

  // Shown once: the page read again has the key's beginning, never the secret.
  await page.reload();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  const credits = () =>
    request.get(`${origin}/api/v1/credits`, { headers: { authorization: `Bearer ${secret}` } });
  expect((await credits()).status()).toBe(200);
  // The key has only the scopes ticked: referrals:read (ticked by default) and billing:read.
  const write = await request.post(`${origin}/api/v1/referrals`, {
    headers: { authorization: `Bearer ${secret}`, "idempotency-key": "e2e-1" },
    data: {},
  });
  expect(write.status()).toBe(403);

  await page.setViewportSize({ width: 1280, height: 900 });
  await keys.getByRole("button", { name: "Revoke Payroll sync" }).click();
  await page.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(page.getByText("“Payroll sync” is revoked")).toBeVisible();
  await expect(keys.getByText("Revoked")).toBeVisible();
  const refused = await credits();
  expect(refused.status()).toBe(401);
  expect(refused.headers()["content-type"]).toContain("application/problem+json");
  // The create form was emptied for the next key.
  await expect(page.getByLabel("Name")).toHaveValue("");

  // An address in a private network (here cloud metadata, spelt as one number) is refused on
  // the form, beside the field (docs/api.md, "Where events may go").
  await page.getByLabel("Address").fill("http://2852039166/latest/meta-data/");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByLabel("Address")).toHaveAccessibleDescription(
    /Enter an address on the public internet/,
  );
  await expect(page.getByLabel("Address")).toHaveAttribute("aria-invalid", "true");

  // A webhook endpoint: its signing secret shown once, then its (empty) delivery log.
  await page.getByLabel("Address").fill(`${origin}/hooks-test`);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByTestId("webhook-secret").locator("code")).toHaveText(/^whsec_/);
  await expect(page.getByText("No events sent yet.")).toBeVisible();
  await page.screenshot({ path: "test-results/webhooks-1280.png", fullPage: true });

  // The reference is the served document, rendered without scripts from another origin: every
  // request the page makes goes to the product.
  const requested: string[] = [];
  page.on("request", (request) => {
    if (/^(https?|wss?):/.test(request.url())) requested.push(request.url());
  });
  await page.goto("/api-reference", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference");
  await expect(page.getByRole("heading", { name: /^POST\s*\/referrals$/ })).toBeVisible();
  expect(requested.length).toBeGreaterThan(0);
  for (const url of requested) expect(new URL(url).origin, url).toBe(origin);
  await page.screenshot({ path: "test-results/api-reference-1280.png" });
});

test("an owner switches a failing endpoint on, sends a failed event again, rotates its secret and deletes it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { db, organisationId, page } = await ownerSignedIn(browser, "Sam Owner", "Hookline Ltd");
  await page.goto("/employer-integrations");
  const address = `${origin}/hooks-failing`;
  await page.getByLabel("Address").fill(address);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const firstSecret = await page.getByTestId("webhook-secret").locator("code").textContent();
  expect(firstSecret).toMatch(/^whsec_/);

  // Three days of failures, as the delivery job leaves them: one event given up after a 500,
  // and the endpoint switched off.
  const [endpoint] = await db
    .select()
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.organisationId, organisationId));
  const failedAt = new Date(Date.now() - 3 * 24 * 3_600_000);
  const [delivery] = await db
    .insert(webhookDelivery)
    .values({
      endpointId: endpoint!.id,
      organisationId,
      messageId: `msg_e2e_${endpoint!.id}`,
      eventType: "referral.status_changed",
      payload: { reference: "REF-E2E0001", status: "invited" },
      status: "failed",
      attempts: 1,
      retryUntil: failedAt,
      createdAt: failedAt,
    })
    .returning();
  await db.insert(webhookAttempt).values({
    deliveryId: delivery!.id,
    organisationId,
    attemptedAt: failedAt,
    statusCode: 500,
    responseMs: 41,
  });
  await db
    .update(webhookEndpoint)
    .set({ failingSince: failedAt, disabledAt: new Date(), disabledReason: "failing" })
    .where(eq(webhookEndpoint.id, endpoint!.id));

  await page.reload();
  await expect(page.getByText(/every delivery failed for 3 days/)).toBeVisible();
  const log = page.getByRole("table", { name: `Deliveries to ${address}` });
  await expect(log.getByText("Failed")).toBeVisible();
  await expect(log.getByText(/500 in 41 ms/)).toBeVisible();
  // A switched-off endpoint offers no "Send again": switching it on comes first.
  await expect(log.getByRole("button", { name: "Send again" })).toHaveCount(0);

  await page.getByRole("button", { name: "Switch on again" }).click();
  await expect(page.getByText("The endpoint is on again.")).toBeVisible();
  await expect(page.getByText(/every delivery failed for 3 days/)).toHaveCount(0);
  const [switchedOn] = await db
    .select({ disabledAt: webhookEndpoint.disabledAt })
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.id, endpoint!.id));
  expect(switchedOn!.disabledAt).toBeNull();

  await log.getByRole("button", { name: "Send again" }).click();
  await expect(page.getByText("The event will be sent again within a minute.")).toBeVisible();
  await expect(log.getByText(/^Retrying/)).toBeVisible();
  const [resent] = await db
    .select()
    .from(webhookDelivery)
    .where(eq(webhookDelivery.id, delivery!.id));
  expect(resent!.status).toBe("pending");
  expect(resent!.retryUntil.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);

  await page.getByRole("button", { name: "Rotate the signing secret" }).click();
  const rotated = await page.getByTestId("webhook-secret").locator("code").textContent();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(firstSecret);
  await expect(page.getByText(/The previous secret also signs until/)).toBeVisible();

  // Deleting asks first, and nothing is gone until the second button; then both are.
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("table", { name: `Deliveries to ${address}` })).toBeVisible();
  await page.getByRole("button", { name: "Yes, delete it and its log" }).click();
  await expect(page.getByText("The endpoint is deleted, with its delivery log.")).toBeVisible();
  await expect(page.getByText(address)).toHaveCount(0);
  expect(
    await db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, endpoint!.id)),
  ).toEqual([]);
  expect(
    await db.select().from(webhookDelivery).where(eq(webhookDelivery.id, delivery!.id)),
  ).toEqual([]);
});
