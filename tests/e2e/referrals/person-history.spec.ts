import { eq } from "drizzle-orm";
import { caseReview } from "../../../app/db/schema/index.ts";
import { saveManagementReferral } from "../../../app/domain/referrals/save-management-referral.server.ts";
import { managementReferralInput } from "../../support/referrals.ts";
import { signInByRequest, uniqueEmail } from "../auth/helpers.ts";
import { employerServerForFile, releasedCaseOf } from "../support/employer-server.ts";
import { expect, hydratingTest, screenshotBothWidths, test } from "../support/test.ts";

/*
 * The person's history (docs/architecture.md §4, "The person's history"): an HR administrator
 * opens the history of a person with an earlier, complete and closed case and a new one, and sees
 * their dates and states but nothing of what they were about; and a referral typed with that
 * person's address under another name asks whether it is the same person, keeping everything
 * typed, without JavaScript. The cases are made on a server of this spec's own.
 */

const port = Number(process.env.E2E_PORT ?? 3210) + 193;
const origin = `http://localhost:${port}`;
const email = uniqueEmail("history");
const personEmail = `nia-${Date.now()}@example.org`;
const REASON = "Nia has had recurring migraines at work";

let earlier = "";
let later = "";

test.describe.configure({ mode: "serial" });

employerServerForFile(
  {
    name: "history",
    port,
    employer: { email, name: "Hana History" },
    organisation: { name: "History Bakery Ltd", address: "7 Oven Row\nYork\nYO1 1AA" },
    role: "hr_admin",
  },
  async (employer) => {
    const { db } = employer;
    // The earlier case: complete, its report released, a review date set, then closed.
    const sent = await releasedCaseOf(
      db,
      employer,
      {
        subjectName: "Nia Earlier",
        subjectEmail: personEmail,
        reason: REASON,
        createdAt: new Date("2026-01-12T10:00:00Z"),
        closedAt: new Date("2026-04-01T10:00:00Z"),
      },
      "history",
    );
    await db.delete(caseReview).where(eq(caseReview.referralId, sent.referral.id));
    await db.insert(caseReview).values({
      referralId: sent.referral.id,
      organisationId: employer.organisationId,
      reportId: sent.report.id,
      reportVersion: 1,
      kind: "adjustment_review",
      dueOn: "2026-03-16",
    });
    earlier = sent.referral.reference;
    // The new case: a draft about the same person, the address typed in capitals.
    const { referral: draft } = await saveManagementReferral(employer.scope(), {
      intent: "draft",
      provider: "demo",
      input: managementReferralInput({
        employeeName: "Nia Later",
        employeeEmail: personEmail.toUpperCase(),
        referralReason: REASON,
      }),
    });
    later = draft.reference;
  },
);

const signedIn = (page: import("@playwright/test").Page) =>
  signInByRequest(page, email, { origin });

test("HR opens a person's history from the referral page: dates and states, nothing clinical", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signedIn(page);
  await page.goto(`/employer-referrals/${later}`);
  await page.getByTestId("person-history-link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("History of Nia Later");
  const cases = page.getByTestId("history-case");
  await expect(cases).toHaveCount(2);
  await expect(cases.nth(0)).toContainText(later);
  await expect(cases.nth(0)).toContainText("(this case)");
  await expect(cases.nth(1)).toContainText(earlier);
  await expect(cases.nth(1)).toContainText("referred as Nia Earlier");
  await expect(cases.nth(1)).toContainText("Report released:");
  await expect(cases.nth(1)).toContainText(/Review of adjustments:\s*16 March 2026/);
  await expect(cases.nth(1)).toContainText(/Closed:\s*1 April 2026/);
  await expect(page.locator("main")).not.toContainText("migraine");
  await screenshotBothWidths(page, "history", { fullPage: true });
  await context.close();
});

hydratingTest.describe("without JavaScript", () => {
  hydratingTest.use({ javaScriptEnabled: false });

  hydratingTest(
    "a referral with the person's address under another name asks first, keeping what was typed",
    async ({ page }) => {
      await signedIn(page);
      await page.goto(`${origin}/employer-referral`);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
      await page.getByLabel("Employee name").fill("Nia Different");
      await page.getByLabel("Employee email address").fill(` ${personEmail}`);
      await page.getByLabel("Reason for referral").fill("Typed once, kept on the way back");
      await page.getByLabel("Job details").fill("Baker, early shifts");
      await page.getByRole("button", { name: "Save as draft" }).click();

      const question = page.getByTestId("same-person-question");
      await expect(question).toContainText(/Is this the same person as Nia (Later|Earlier) on /);
      await expect(page.getByLabel("Reason for referral")).toHaveValue(
        "Typed once, kept on the way back",
      );
      await expect(page.getByLabel("Job details")).toHaveValue("Baker, early shifts");
      await expect(page.getByLabel("Employee name")).toHaveValue("Nia Different");
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({
        path: hydratingTest.info().outputPath("same-person-1280.png"),
        fullPage: true,
      });
      await page.setViewportSize({ width: 375, height: 812 });
      await question.scrollIntoViewIfNeeded();
      await page.screenshot({ path: hydratingTest.info().outputPath("same-person-375.png") });

      await question.getByLabel(/Yes, this is the same person/).check();
      await page.getByRole("button", { name: "Save as draft" }).click();
      await expect(page).toHaveURL(/notice=referral-draft-saved/);
    },
  );
});
