import type { Locator, Page } from "@playwright/test";
import { member } from "../../../app/db/schema/index.ts";
import { listReferrals } from "../../../app/domain/referrals/list-referrals.server.ts";
import { saveManagementReferral } from "../../../app/domain/referrals/save-management-referral.server.ts";
import { employerScopeForTest, managementReferralInput } from "../../support/referrals.ts";
import { createAccountOn } from "../../support/test-accounts.ts";
import { insertOrganisationForTest } from "../../support/test-organisation.ts";
import { signIn, uniqueEmail } from "../auth/helpers.ts";
import { inProcessServerForFile } from "../support/server-for-file.ts";
import {
  expect,
  expectNoSeriousA11yViolations,
  seriousA11yViolations,
  hydratingTest as test,
} from "../support/test.ts";

/*
 * A referral's people (docs/architecture.md §4): a manager names a colleague on their referral
 * from its drawer, and the colleague then sees it; an owner reassigns it. The team is made
 * through the domain's test factories, as accepted invitations would make it, so the production
 * build runs inside the test worker on its own port and data directory
 * (tests/e2e/support/in-process-server.ts). The pages are scanned for accessibility here, while
 * that server runs: the shared fixture (tests/e2e/support/test.ts) scans after the test.
 */
test.describe.configure({ mode: "serial" });

const port = Number(process.env.PEOPLE_E2E_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 160);
const server = inProcessServerForFile({ name: "referral-people", port, settings: { JOBS: "off" } });

/** The section in its drawer at desktop and phone widths, for a person to look at. */
async function screenshots(page: Page, section: Locator, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${name}-${width}.png`, animations: "disabled" });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signInAt(page: Page, email: string) {
  await page.goto(`${server().origin}/login`);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/employer-dashboard/);
}

type Role = "owner" | "manager";
type Member = { email: string; userId: string; role: Role; organisationId: string };

async function memberOf(organisationId: string, name: string, role: Role): Promise<Member> {
  const email = uniqueEmail(name.split(" ")[0]!.toLowerCase());
  const userId = await createAccountOn(server().runtime, "employer", email, name);
  await server().runtime.database.db.insert(member).values({ organisationId, userId, role });
  return { email, userId, role, organisationId };
}

function scopeOf(person: Member) {
  return employerScopeForTest(server().runtime.database.db, {
    userId: person.userId,
    memberRole: person.role,
    organisationId: person.organisationId,
    organisationName: "Harbour Freight Ltd",
  });
}

async function draftBy(person: Member, employeeName: string) {
  const { referral } = await saveManagementReferral(scopeOf(person), {
    input: managementReferralInput({ employeeName }),
    provider: "demo",
    intent: "draft",
  });
  return referral;
}

test("a manager names a colleague on their referral from its drawer, and the colleague then sees it", async ({
  page,
  browser,
}, testInfo) => {
  const organisationId = await insertOrganisationForTest(server().runtime.database.db, {
    name: "Harbour Freight Ltd",
  });
  const olivia = await memberOf(organisationId, "Olivia Owner", "owner");
  const maya = await memberOf(organisationId, "Maya Patel", "manager");
  const colin = await memberOf(organisationId, "Colin Reyes", "manager");
  const referral = await draftBy(maya, "Sasha Quinn");
  expect((await listReferrals(scopeOf(colin), {})).rows, "Colin does not see it yet").toEqual([]);

  // Maya opens her referral and adds Colin.
  await signInAt(page, maya.email);
  await page.goto(`${server().origin}/employer-referrals?viewReferral=${referral.reference}`);
  const drawer = page.getByRole("dialog", { name: `Referral Details: ${referral.reference}` });
  const people = drawer.getByTestId("referral-people");
  await expect(people.getByRole("heading", { name: "People on this referral" })).toBeVisible();
  await expect(people.getByRole("listitem").filter({ hasText: "Maya Patel (you)" })).toContainText(
    "Owner",
  );
  // A manager may share the referral but not give it away.
  await expect(people.getByLabel("Reassign to")).toHaveCount(0);
  await people.getByLabel("Add a manager").selectOption({ label: "Colin Reyes (Manager)" });
  await people.getByRole("button", { name: "Add" }).click();
  await expect(page.getByText("Manager added", { exact: true })).toBeVisible();
  const colinRow = people.getByRole("listitem").filter({ hasText: "Colin Reyes" });
  await expect(colinRow).toContainText("Named manager");
  await expect(people.getByLabel("Add a manager")).not.toContainText("Colin Reyes");
  expect(await seriousA11yViolations(page, '[data-testid="referral-people"]')).toEqual([]);

  await expect(page.getByText("Manager added", { exact: true })).toBeHidden({ timeout: 10_000 });
  await screenshots(page, people, testInfo.outputPath("referral-people-manager"));

  // Colin, signed in on his own, finds it in his list and opens it.
  const colinContext = await browser.newContext();
  try {
    const colinPage = await colinContext.newPage();
    await signInAt(colinPage, colin.email);
    await colinPage.goto(`${server().origin}/employer-referrals`);
    await expect(colinPage.getByRole("cell", { name: "Sasha Quinn" })).toBeVisible();
    await expectNoSeriousA11yViolations(colinPage, "/employer-referrals");
    await colinPage.goto(
      `${server().origin}/employer-referrals?viewReferral=${referral.reference}`,
    );
    await expect(
      colinPage.getByTestId("referral-people").getByRole("listitem").filter({
        hasText: "Colin Reyes (you)",
      }),
    ).toContainText("Named manager");
  } finally {
    await colinContext.close();
  }

  // Maya takes him off again, after confirming; he no longer sees it.
  await colinRow
    .getByRole("button", { name: `Remove Colin Reyes from ${referral.reference}` })
    .click();
  const confirm = page.getByRole("alertdialog", {
    name: `Remove Colin Reyes from ${referral.reference}?`,
  });
  await expect(confirm).toContainText("will no longer see this referral");
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Manager removed", { exact: true })).toBeVisible();
  await expect(people.getByRole("listitem").filter({ hasText: "Colin Reyes" })).toHaveCount(0);
  expect((await listReferrals(scopeOf(colin), {})).rows).toEqual([]);

  // The owner gives it to Colin, after a confirmation that says Maya will lose it.
  const ownerContext = await browser.newContext();
  try {
    const ownerPage = await ownerContext.newPage();
    await signInAt(ownerPage, olivia.email);
    await ownerPage.goto(
      `${server().origin}/employer-referrals?viewReferral=${referral.reference}`,
    );
    const ownersView = ownerPage.getByTestId("referral-people");
    await ownersView.getByLabel("Reassign to").selectOption({ label: "Colin Reyes (Manager)" });
    await expect(ownersView).toContainText("Maya Patel is a manager");
    await screenshots(ownerPage, ownersView, testInfo.outputPath("referral-people-owner"));
    await ownersView.getByRole("button", { name: "Reassign" }).click();
    const reassign = ownerPage.getByRole("alertdialog", {
      name: `Reassign ${referral.reference} to Colin Reyes?`,
    });
    await reassign.getByRole("button", { name: "Reassign" }).click();
    await expect(ownerPage.getByText("Referral reassigned", { exact: true })).toBeVisible();
    await expect(ownersView.getByRole("listitem").filter({ hasText: "Colin Reyes" })).toContainText(
      "Owner",
    );
    await expect(ownersView.getByRole("listitem").filter({ hasText: "Maya Patel" })).toContainText(
      "Made this referral",
    );
  } finally {
    await ownerContext.close();
  }
  expect((await listReferrals(scopeOf(maya), {})).rows, "Maya no longer sees it").toEqual([]);
  expect((await listReferrals(scopeOf(colin), {})).rows.map((r) => r.id)).toEqual([referral.id]);
});

test("a team of one is shown how to share referrals instead of an empty list of colleagues", async ({
  page,
}, testInfo) => {
  const organisationId = await insertOrganisationForTest(server().runtime.database.db, {
    name: "Sole Trader Ltd",
  });
  const sole = await memberOf(organisationId, "Sam Sole", "owner");
  const referral = await draftBy(sole, "Robin Lee");
  await signInAt(page, sole.email);
  await page.goto(`${server().origin}/employer-referrals?viewReferral=${referral.reference}`);
  const people = page.getByTestId("referral-people");
  await expect(people.getByRole("listitem")).toHaveCount(1);
  await expect(people.getByTestId("referral-people-empty")).toContainText(
    "You are the only member of your organisation's team so far.",
  );
  await expect(
    people.getByRole("link", { name: "Invite colleagues from the Team page" }),
  ).toHaveAttribute("href", "/employer-team");
  await expect(people.getByLabel("Add a manager")).toHaveCount(0);
  await expect(people.getByLabel("Reassign to")).toHaveCount(0);
  await screenshots(page, people, testInfo.outputPath("referral-people-alone"));
});
