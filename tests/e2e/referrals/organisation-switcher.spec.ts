import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import type { Database } from "../../../app/db/client.server.ts";
import type { MemberRole } from "../../../app/db/schema/auth.ts";
import { organisation, referral } from "../../../app/db/schema/index.ts";
import { createOrder, handlePaymentEvent } from "../../../app/domain/billing/orders.server.ts";
import { systemScope } from "../../../app/domain/kernel/scope.ts";
import { saveManagementReferral } from "../../../app/domain/referrals/save-management-referral.server.ts";
import { createDemoProvider } from "../../../app/services/payments/demo-provider.server.ts";
import { testAdapters } from "../../support/adapters.ts";
import { employerScopeForTest, managementReferralInput } from "../../support/referrals.ts";
import { signInByRequest, uniqueEmail } from "../auth/helpers.ts";
import { employerServerForFile } from "../support/employer-server.ts";
import { accountMenu, menuSummary, phoneMenu } from "../support/menus.ts";
import { organisationWithMember } from "../support/organisations.ts";
import { expect, seriousA11yViolations, test } from "../support/test.ts";

/*
 * An HR consultant in two organisations (docs/architecture.md §4): the account menu switches the
 * organisation this session acts for; a tab left open on the first one cannot act on the second
 * after a switch in another tab; and a role without billing is told so inside the signed-in shell.
 *
 * The second membership is made in the database, as the team page would make it, so the
 * production build runs inside the test worker on its own port and data directory, as the access
 * matrix does (PGlite allows one process per database).
 */

const port = Number(process.env.SWITCHER_E2E_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 172);
const origin = `http://localhost:${port}`;
const screenshots = path.join(".reports", "screenshots");

const alder = { name: "Alder Joinery Ltd", person: "Xanthe Aldermoor", role: "owner" as const };
const birch = { name: "Birch Bakery Ltd", person: "Yorick Bramblewood", role: "manager" as const };

const email = uniqueEmail("consultant");
const ids = { alder: "", birch: "", alderDraft: "" };

test.describe.configure({ mode: "serial" });

// Alder first: the organisation a new session acts for is the one joined first.
const consultant = employerServerForFile(
  {
    name: "switcher",
    port,
    employer: { email, name: "Harriet Consultant" },
    organisation: { name: alder.name },
    role: alder.role,
  },
  async ({ db, userId, organisationId }) => {
    ids.alder = organisationId;
    ids.birch = await organisationWithMember(db, { name: birch.name }, userId, birch.role);
    ids.alderDraft = await draftReferral(db, userId, ids.alder, alder);
    await draftReferral(db, userId, ids.birch, birch);
    // Both are members with credits: the badge is then a matter of the role alone.
    for (const [id, side] of [
      [ids.alder, alder],
      [ids.birch, birch],
    ] as const)
      await membershipWithCredits(db, userId, id, side.name);
  },
);

async function membershipWithCredits(
  db: Database,
  userId: string,
  organisationId: string,
  name: string,
) {
  const order = await createOrder(db, {
    actor: { userId, organisationId },
    request: { kind: "membership", interval: "annual", packId: "starter" },
    provider: "demo",
  });
  await handlePaymentEvent(
    systemScope(db, "demo-payment", testAdapters()),
    createDemoProvider().confirmationEvent(order),
    {
      seller: { name: "ReferOH Ltd", address: "1 Example Street, London", vatNumber: "GB1" },
      describeBuyer: async () => ({ name, address: "1 Test Road, Leeds" }),
    },
  );
}

async function draftReferral(
  db: Database,
  userId: string,
  organisationId: string,
  side: { name: string; person: string; role: MemberRole },
) {
  const scope = employerScopeForTest(db, {
    userId,
    organisationId,
    organisationName: side.name,
    memberRole: side.role,
  });
  const { referral: draft } = await saveManagementReferral(scope, {
    provider: "demo",
    intent: "draft",
    input: managementReferralInput({ employeeName: side.person }),
  });
  return draft.id;
}

const signIn = (page: Page) => signInByRequest(page, email, { origin });

test("without JavaScript the dashboard's switcher is a form per organisation", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: origin, javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page);
  await page.goto("/employer-dashboard");
  const main = page.getByRole("main");
  await expect(page.getByTestId("dashboard-organisation")).toHaveText(alder.name);
  await main.getByText("Switch organisation").click();
  await page.screenshot({ path: path.join(screenshots, "dashboard-switcher-no-js-1280.png") });
  await main.getByRole("button", { name: new RegExp(birch.name) }).click();
  await expect(page).toHaveURL(/\/employer-dashboard\?notice=organisation-switched/);
  await expect(page.getByTestId("dashboard-organisation")).toHaveText(birch.name);
  await page.goto("/employer-referrals");
  await expect(page.getByText(birch.person)).toBeVisible();
  await context.close();
});

/** The menu slides in: its screenshot is taken once it has arrived. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running"),
  );
}

async function draftRow(id: string) {
  return JSON.stringify(await consultant().db.select().from(referral).where(eq(referral.id, id)));
}

test("switching organisation, a stale tab's refusal and the billing refusal of a manager", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  fs.mkdirSync(screenshots, { recursive: true });
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await signIn(page);
  await page.goto("/employer-dashboard");
  const accountButton = menuSummary(page, /My Account/);
  await expect(accountButton).toContainText(alder.name);
  // The owner sees the credits badge; the manager, below, does not.
  await expect(page.getByRole("link", { name: "10 credits" })).toBeVisible();
  const dashboardSwitcher = page.getByRole("main").getByText("Switch organisation");
  await dashboardSwitcher.click();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dashboardSwitcher.click();

  // A second tab, opened while Alder is active, on Alder's draft.
  const stale = await context.newPage();
  await stale.goto(`/employer-referral/${ids.alderDraft}`);
  await expect(stale.getByLabel("Reason for referral")).toBeVisible();

  // The switcher: both organisations with the person's role, the active one marked.
  await accountButton.click();
  const menu = accountMenu(page);
  const choices = menu.getByTestId("organisation-choice");
  await expect(choices).toHaveCount(2);
  await expect(choices.nth(0)).toContainText(`${alder.name}Owner · current`);
  await expect(choices.nth(0)).toHaveAttribute("aria-current", "true");
  await expect(choices.nth(1)).toContainText(`${birch.name}Manager`);
  await expect(menu.getByRole("link", { name: /Subscription/ })).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, "organisation-switcher-1280.png") });
  await choices.nth(1).click();

  await expect(page).toHaveURL(/\/employer-dashboard/);
  await expect(page.getByText(`You are now working in ${birch.name}.`)).toBeVisible();
  await expect(accountButton).toContainText(birch.name);
  await expect(page.getByTestId("credits-badge")).toHaveCount(0);
  await page.goto("/employer-referrals");
  await expect(page.getByText(birch.person)).toBeVisible();
  await expect(page.getByText(alder.person)).toHaveCount(0);
  // A manager is offered no billing page; their insight is of their own referrals.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
    "Dashboard",
    "Referrals",
    "Reports",
    "Insight",
  ]);

  // The stale tab still shows Alder's draft; saving it is refused and nothing changes.
  const before = await draftRow(ids.alderDraft);
  await stale.getByLabel("Reason for referral").fill("Changed from a stale tab");
  await stale.getByRole("button", { name: "Save as draft" }).click();
  await expect(stale.getByRole("heading", { name: "Nothing was changed" })).toBeVisible();
  // The header follows the organisation now active, without a reload.
  await expect(menuSummary(stale, /My Account/)).toContainText(birch.name);
  await expect(stale.getByTestId("stale-organisation")).toContainText(
    `This page was for ${alder.name}; you have since switched to ${birch.name} in another tab. Nothing was changed.`,
  );
  expect(await draftRow(ids.alderDraft)).toBe(before);
  await stale.screenshot({ path: path.join(screenshots, "stale-organisation-1280.png") });
  // Without JavaScript the same refusal is the page's answer, with its status.
  const posted = await stale.request.post(`/employer-referral/${ids.alderDraft}`, {
    form: { intent: "draft", _organisation: ids.alder, referralReason: "Changed again" },
    headers: { origin, referer: `${origin}/employer-referral/${ids.alderDraft}` },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(409);
  const refusalPage = await posted.text();
  // React separates adjacent text with an empty comment in server-rendered HTML.
  expect(refusalPage).toMatch(new RegExp(`Reload to continue in (<!-- -->)?${birch.name}`));
  // Inside the signed-in shell, whose header names the organisation now active.
  expect(refusalPage).toMatch(new RegExp(`My Account.*${birch.name}`, "s"));
  expect(await draftRow(ids.alderDraft)).toBe(before);
  // Reloading continues in Birch, where Alder's draft is not to be found.
  await stale.getByRole("link", { name: `Reload to continue in ${birch.name}` }).click();
  await expect(stale.getByTestId("area-not-found")).toBeVisible();

  // A manager opening the billing page is told why, inside the signed-in shell.
  const refused = await page.goto("/employer-subscription");
  expect(refused?.status()).toBe(403);
  await expect(
    page.getByRole("heading", { name: `Your role in ${birch.name} does not include billing` }),
  ).toBeVisible();
  await expect(page.getByTestId("team-role-refusal")).toContainText("Manager");
  await page.screenshot({ path: path.join(screenshots, "team-role-refusal-1280.png") });
  await expect(accountButton).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The mobile menu's switcher: real forms, one button per organisation.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/employer-dashboard");
  await menuSummary(page, "Menu").click();
  const mobileMenu = phoneMenu(page);
  await expect(mobileMenu.getByText(`${birch.name} · Manager`)).toBeVisible();
  await settled(page);
  await page.screenshot({ path: path.join(screenshots, "organisation-switcher-375.png") });
  await mobileMenu.getByRole("button", { name: new RegExp(alder.name) }).click();
  await expect(page.getByText(`You are now working in ${alder.name}.`)).toBeVisible();
  await page.goto("/employer-referrals");
  await expect(page.getByText(alder.person)).toBeVisible();

  // An organisation the person does not belong to is not found, and nothing changes.
  const { db } = consultant();
  const [stranger] = await db
    .insert(organisation)
    .values({ name: "Stranger Ltd" })
    .returning({ id: organisation.id });
  const foreign = await page.request.post("/employer-organisation", {
    form: { organisationId: stranger!.id },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(404);
  await page.goto("/employer-dashboard");
  await expect(page.getByTestId("dashboard-organisation")).toHaveText(alder.name);
  await context.close();
});
