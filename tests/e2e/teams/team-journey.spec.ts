import type { Browser, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import type { Database } from "../../../app/db/client.server.ts";
import { member, user } from "../../../app/db/schema/index.ts";
import { dataUrl } from "../../support/router-answers.ts";
import { createAccountOn } from "../../support/test-accounts.ts";
import { PASSWORD, signIn, uniqueEmail } from "../auth/helpers.ts";
import { releasedCaseOf } from "../support/employer-server.ts";
import { accountMenu, menuSummary } from "../support/menus.ts";
import { organisationWithMember } from "../support/organisations.ts";
import { linkTo, waitForMessage } from "../support/outbox.ts";
import { inProcessServerForFile } from "../support/server-for-file.ts";
import { expect, screenshotBothWidths, test } from "../support/test.ts";

/*
 * A team in the browser (docs/architecture.md §4): an owner invites an HR administrator and
 * managers from the team page; each joins through the e-mailed link; a manager's referral is seen
 * by the people on it and by the HR administrator, not by another manager; and removing a
 * manager takes their access away on their very next request. The released report is made
 * through the domain's test factories (the doctor's and the person's steps have journeys of
 * their own), so the production build runs in this worker on its own database.
 */

const port = Number(process.env.TEAM_E2E_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 176);
const origin = `http://localhost:${port}`;
const server = inProcessServerForFile({ name: "team", port, settings: { JOBS: "off" } });

// One server on one port for both journeys: they run one after the other, in one worker.
test.describe.configure({ mode: "serial" });

async function userIdOf(db: Database, email: string): Promise<string> {
  const [found] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!found) throw new Error(`no account for ${email}`);
  return found.id;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  return context.newPage();
}

async function invite(owner: Page, email: string, role: string) {
  await owner.getByLabel("Email").fill(email);
  await owner.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await owner.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(
    owner
      .getByRole("list", { name: "Pending invitations" })
      .getByRole("listitem")
      .filter({ hasText: email }),
  ).toBeVisible();
}

/** Opens the invitation e-mailed to `email` and joins with a new account; ends on the dashboard. */
async function joinByInvitation(browser: Browser, email: string, name: string): Promise<Page> {
  const message = await waitForMessage(email, "invited you to join", { dataDir: server().dataDir });
  const page = await newPage(browser);
  await page.goto(linkTo(message, "/join/"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join Harbour Care Ltd");
  await page.getByLabel("Your full name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account and join" }).click();
  await expect(page).toHaveURL(/\/employer-dashboard/);
  await expect(page.getByText("Welcome to the team")).toBeVisible();
  return page;
}

test("an owner builds a team; a manager's referral reaches only its people; removal ends access at once", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const db: Database = server().runtime.database.db;
  const ownerEmail = uniqueEmail("team-owner");
  const ownerId = await createAccountOn(server().runtime, "employer", ownerEmail, "Olivia Owner");
  const organisationId = await organisationWithMember(
    db,
    { name: "Harbour Care Ltd" },
    ownerId,
    "owner",
  );

  const owner = await newPage(browser);
  await owner.goto("/login");
  await signIn(owner, ownerEmail);
  await expect(owner).toHaveURL(/\/employer-dashboard/);
  await menuSummary(owner, "My Account").click();
  await accountMenu(owner).getByRole("link", { name: "Team" }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText("Team");
  await expect(owner.getByText("No invitations are waiting for an answer.")).toBeVisible();

  const people = {
    hr: uniqueEmail("team-hr"),
    alice: uniqueEmail("team-alice"),
    bob: uniqueEmail("team-bob"),
    carol: uniqueEmail("team-carol"),
  };
  await invite(owner, people.hr, "HR administrator");
  for (const manager of [people.alice, people.bob, people.carol])
    await invite(owner, manager, "Manager");
  // A bad address is refused on the spot, and nothing is sent.
  await owner.getByLabel("Email").fill("not-an-address");
  await owner.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText("Invalid email address").first()).toBeVisible();

  await screenshotBothWidths(owner, "team-page", { fullPage: true });

  const hr = await joinByInvitation(browser, people.hr, "Hana Rahman");
  const alice = await joinByInvitation(browser, people.alice, "Alice Manager");
  const bob = await joinByInvitation(browser, people.bob, "Bob Manager");
  const carol = await joinByInvitation(browser, people.carol, "Carol Manager");

  // A used link opens nothing again.
  const used = await waitForMessage(people.alice, "invited you to join", {
    dataDir: server().dataDir,
  });
  await carol.goto(linkTo(used, "/join/"));
  await expect(carol.getByRole("heading", { level: 1 })).toHaveText(
    "This invitation link is not valid",
  );

  // Alice makes a referral with the real form's fields.
  const made = await alice.request.post("/employer-referral", {
    form: {
      intent: "draft",
      // The organisation her page was rendered for, as every employer form posts it.
      _organisation: organisationId,
      employeeName: "Rowan Teamcase",
      employeeEmail: "rowan.teamcase@example.org",
      referralReason: "Back pain and time off; advice on adjustments, please.",
      jobDetails: "Warehouse team leader",
      existingAdjustments: "",
      fitForWork: "on",
      consentToProcessing: "on",
    },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(made.status()).toBe(302);

  // Her case with a report the person has released (made by the factories, then hers).
  const sent = await releasedCaseOf(
    db,
    { organisationId, userId: await userIdOf(db, people.alice) },
    { subjectName: "Sasha Released" },
    "team",
  );
  const reportPath = `/employer-report/${sent.report.reference}`;

  // Alice names Bob on her referral, in its drawer.
  await alice.goto(`/employer-referrals?viewReferral=${sent.referral.reference}`);
  const onReferral = alice.getByRole("dialog").getByTestId("referral-people");
  await onReferral.getByLabel("Add a manager").selectOption({ label: "Bob Manager (Manager)" });
  await onReferral.getByRole("button", { name: "Add" }).click();
  await expect(onReferral.getByRole("listitem").filter({ hasText: "Bob Manager" })).toContainText(
    "Named manager",
  );

  // The people on the case and the HR administrator see the report; Carol does not.
  for (const [who, page] of [
    ["alice", alice],
    ["bob", bob],
    ["hr", hr],
  ] as const) {
    const response = await page.goto(reportPath);
    expect(response?.status(), `${who} opens the report`).toBe(200);
    await page.goto("/employer-reports");
    await expect(page.getByText(sent.report.reference).first(), who).toBeVisible();
  }
  expect((await carol.goto(reportPath))?.status()).toBe(404);
  await carol.goto("/employer-reports");
  await expect(carol.getByText(sent.report.reference)).toHaveCount(0);
  await carol.goto("/employer-referrals");
  await expect(carol.getByText("Rowan Teamcase")).toHaveCount(0);
  await hr.goto("/employer-referrals");
  await expect(hr.getByText("Rowan Teamcase")).toBeVisible();

  // The owner removes Alice, giving her referrals to the HR administrator.
  await owner.goto("/employer-team");
  const row = owner.getByRole("row").filter({ hasText: people.alice });
  await row.getByRole("button", { name: "Remove Alice Manager" }).click();
  await owner
    .getByLabel(/Give their 2 referrals to/)
    .selectOption({ label: "Hana Rahman · HR administrator" });
  await owner.getByRole("button", { name: "Yes, remove" }).click();
  await expect(owner.getByText("Removed from the team; 2 referrals handed on")).toBeVisible();
  await expect(owner.getByRole("row").filter({ hasText: people.alice })).toHaveCount(0);

  // Alice's open tab: the very next request is refused, page and data request alike.
  expect((await alice.request.get(dataUrl(reportPath)))?.status()).toBe(403);
  expect((await alice.goto(reportPath))?.status()).toBe(403);
  // In no organisation any more, she is told so rather than sent round to a refused dashboard.
  await expect(alice.getByRole("heading", { level: 1 })).toHaveText(
    "You are not in an organisation any more",
  );
  await alice.getByRole("link", { name: "Your account" }).click();
  await expect(alice).toHaveURL(/\/account$/);
  // Bob, still named, keeps the case; the referrals stay with the organisation.
  expect((await bob.goto(reportPath))?.status()).toBe(200);
  await hr.goto("/employer-team");
  await expect(hr.getByRole("row").filter({ hasText: "Hana Rahman" })).toContainText("2");
});

test("someone with an account elsewhere signs in to accept; another signed-in account joins nothing", async ({
  browser,
}) => {
  const db: Database = server().runtime.database.db;
  const ownerEmail = uniqueEmail("team2-owner");
  const ownerId = await createAccountOn(server().runtime, "employer", ownerEmail, "Owen Second");
  await organisationWithMember(db, { name: "Harbour Care Ltd" }, ownerId, "owner");
  // The consultant already runs another firm's referrals on ReferOH.
  const consultantEmail = uniqueEmail("team2-consultant");
  const consultantId = await createAccountOn(
    server().runtime,
    "employer",
    consultantEmail,
    "Cora Consultant",
  );
  await organisationWithMember(db, { name: "Other Firm Ltd" }, consultantId, "owner");

  const owner = await newPage(browser);
  await owner.goto("/login");
  await signIn(owner, ownerEmail);
  await expect(owner).toHaveURL(/\/employer-dashboard/);
  await owner.goto("/employer-team");
  await invite(owner, consultantEmail, "HR administrator");
  const link = linkTo(
    await waitForMessage(consultantEmail, "invited you to join", { dataDir: server().dataDir }),
    "/join/",
  );

  // The owner's own browser holds the link: signed in as someone else, nothing is joined.
  await owner.goto(link);
  await expect(owner.getByText("This invitation is for another account")).toBeVisible();
  await expect(owner.getByRole("button", { name: /Accept/ })).toHaveCount(0);

  const consultant = await newPage(browser);
  await consultant.goto(link);
  await expect(consultant.getByRole("heading", { level: 1 })).toHaveText("Join Harbour Care Ltd");
  for (const width of [1280, 375]) {
    await consultant.setViewportSize({ width, height: 900 });
    await consultant.screenshot({ path: `test-results/join-page-${width}.png`, fullPage: true });
  }
  await consultant.setViewportSize({ width: 1280, height: 900 });
  await consultant.getByRole("link", { name: "Sign in to accept" }).click();
  await signIn(consultant, consultantEmail);
  await expect(consultant).toHaveURL(/\/join\//);
  await consultant.getByRole("button", { name: "Accept and join Harbour Care Ltd" }).click();
  await expect(consultant).toHaveURL(/\/employer-dashboard/);
  await expect(consultant.getByText("Welcome to the team")).toBeVisible();
  // Now a member of both; the link is used up.
  const memberships = await db.select().from(member).where(eq(member.userId, consultantId));
  expect(memberships.map((m: { role: string }) => m.role).sort()).toEqual(["hr_admin", "owner"]);
  await consultant.goto(link);
  await expect(consultant.getByRole("heading", { level: 1 })).toHaveText(
    "This invitation link is not valid",
  );
});
