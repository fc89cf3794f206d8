import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { registerVerifiedEmployer, signIn } from "../auth/helpers.ts";
import { freshCode, invitedDoctor, signedInAdmin } from "../support/admin.ts";
import { followCaseFromQueue } from "../support/doctor-case.ts";
import { fillPreEmploymentReferral, payOnDemoPage } from "../support/employer.ts";
import { linkTo, waitForMessage } from "../support/outbox.ts";
import { answerOfficeQuestionnaire, sendAnswers } from "../support/questionnaire.ts";
import { approveReport } from "../support/report-review.ts";
import { expect, hydratingTest as test } from "../support/test.ts";

/*
 * docs/architecture.md §1, "Every task works before and without JavaScript": the three main
 * journeys with scripts turned off in every browser (the project in playwright.config.ts turns
 * them off for the test's own page; each context opened here says so itself). The employer signs
 * in, refers, pays, opens a referral's page, reminds and cancels through its confirmation; the
 * candidate consents, answers and sends; the doctor opens the case's page, takes it, signs with an
 * authenticator code; the candidate releases the report; the employer reads it.
 */

const noScripts = { javaScriptEnabled: false } as const;

async function contextOf(browser: Browser, javaScriptEnabled: boolean): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: `http://localhost:${process.env.E2E_PORT ?? 3210}`,
    javaScriptEnabled,
  });
}

/**
 * Proof that the page runs no script: React Router's inline script that sets its context is in
 * the markup, and the context was never set. (With scripts on, the same check sees it set.)
 */
async function expectScripts(page: Page, enabled: boolean) {
  // The page streams: read it once it has all arrived, or the scripts at its end are not there yet.
  await page.waitForLoadState("load");
  expect(await page.content()).toContain("__reactRouterContext");
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(enabled);
}

/** The pre-employment form for an office role, filled and paid on the demo page. */
async function referCandidate(employer: Page, subjectEmail: string): Promise<string> {
  await fillPreEmploymentReferral(employer, {
    name: "Robin Taylor",
    email: subjectEmail,
    jobRole: "Office Worker",
  });
  await employer.getByRole("button", { name: "Continue to payment" }).click();
  await payOnDemoPage(employer);
  await expect(employer.getByRole("heading", { name: "Payment confirmed" })).toBeVisible();
  return (await employer
    .locator("dt", { hasText: "Reference" })
    .locator("+ dd")
    .textContent())!.trim();
}

/** From the list, by the row's View link: without scripts it is the referral's own page. */
async function openReferralPage(employer: Page, reference: string) {
  await employer.goto(`/employer-referrals?q=${reference}`);
  await employer
    .getByRole("row")
    .filter({ hasText: reference })
    .getByRole("link", { name: `View ${reference}` })
    .click();
  await expect(employer).toHaveURL(new RegExp(`/employer-referrals/${reference}$`));
}

test("without JavaScript: refer, answer, take and sign, release, read the report", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto("/login");
  await expectScripts(page, false);

  // The employer registers (the form's fields, posted), verifies, and signs in with the form.
  const employerEmail = await registerVerifiedEmployer(page);
  await signIn(page, employerEmail);
  await expect(page).toHaveURL(/\/employer-dashboard/);
  const employer = page;

  // A first referral, cancelled from its page through the server's confirmation step.
  const cancelled = await referCandidate(
    employer,
    `subject-${randomUUID().slice(0, 8)}@example.org`,
  );
  await openReferralPage(employer, cancelled);
  await expect(employer.getByRole("heading", { level: 1 })).toHaveText(
    `Referral Details: ${cancelled}`,
  );
  await employer.getByRole("link", { name: "Cancel referral" }).click();
  await expect(employer).toHaveURL(/\?confirm=cancel$/);
  const confirmation = employer.getByTestId("cancel-confirmation");
  await expect(confirmation.getByRole("heading")).toHaveText(`Cancel referral ${cancelled}?`);
  await expect(confirmation.getByTestId("cancel-returns")).not.toBeEmpty();
  // Keeping it changes nothing; the second time it is cancelled.
  await confirmation.getByRole("link", { name: "Keep referral" }).click();
  await expect(employer).toHaveURL(new RegExp(`/employer-referrals/${cancelled}$`));
  await expect(employer.getByTestId("drawer-state")).toContainText("has been invited");
  await employer.getByRole("link", { name: "Cancel referral" }).click();
  await employer.getByRole("button", { name: "Yes, cancel referral" }).click();
  await expect(employer.getByTestId("drawer-state")).toContainText("Cancelled");
  await expect(employer.getByRole("link", { name: "Cancel referral" })).toHaveCount(0);

  // The referral the journey follows; its page sends a reminder.
  const subjectEmail = `subject-${randomUUID().slice(0, 8)}@example.org`;
  const reference = await referCandidate(employer, subjectEmail);
  await openReferralPage(employer, reference);
  await employer.getByRole("button", { name: "Send Reminder" }).click();
  await expect(employer.getByRole("status")).toContainText(
    "Reminder email sent to Robin Taylor with assessment code and link",
  );
  const invitation = await waitForMessage(
    subjectEmail,
    "has asked you to complete a health assessment",
  );

  // The candidate consents, answers every page and sends.
  const candidate = await (await contextOf(browser, false)).newPage();
  const link = linkTo(invitation, "/assessment/");
  await answerOfficeQuestionnaire(candidate, link);
  await sendAnswers(candidate);

  // A doctor, invited by the administrator (not one of the journeys here: with scripts), sets a
  // password, signs in and enrols TOTP without them.
  const admin = await (await contextOf(browser, true)).newPage();
  await signedInAdmin(admin);
  await expectScripts(admin, true);
  const doctor = await invitedDoctor(
    admin,
    browser,
    { name: "Dr Nadia Okafor", gmcNumber: String(6_000_000 + Math.floor(Math.random() * 999_999)) },
    noScripts,
  );
  const desk = doctor.page;
  await expectScripts(desk, false);

  // The row's link is the case's own page; the drafter works in the background, so reload
  // until its suggested outcome shows.
  await followCaseFromQueue(desk, reference);
  await expect(desk).toHaveURL(/\/doctor\/cases\/[0-9a-f-]{36}$/);
  await expect(desk.getByRole("heading", { level: 1 })).toHaveText(
    `Referral Details: ${reference}`,
  );
  await expect(async () => {
    await desk.reload();
    await expect(desk.getByText("Suggested outcome")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });

  // The editor's address, before the case is taken, leads back to the case's page.
  const casePage = desk.url();
  await desk.goto(`/doctor-referrals/${casePage.split("/").at(-1)}/report`);
  await expect(desk).toHaveURL(casePage);

  // Take the case: the server gives it to this doctor and opens the editor.
  await desk.getByRole("button", { name: "Review & Create Report" }).click();
  await expect(desk).toHaveURL(/\/doctor-referrals\/[0-9a-f-]{36}\/report$/);
  await expect(desk.getByRole("heading", { name: "Review & Create Report" })).toBeVisible();

  // Sign with a fresh authenticator code; the dashboard says so on the page itself.
  await desk.getByLabel("Authenticator code to sign").fill(await freshCode(doctor));
  await desk.getByRole("button", { name: "Sign and send to the employee" }).click();
  await expect(desk).toHaveURL(/\/doctor-dashboard\?completed=/);
  await expect(desk.getByRole("status")).toContainText(
    `Referral ${reference} has been marked as completed.`,
  );
  // The row's reminder to the candidate says on the page that it went.
  await desk.getByRole("button", { name: `Remind Robin Taylor about ${reference}` }).click();
  await expect(desk.getByRole("status")).toContainText(
    "The employee has been e-mailed a fresh link to their report.",
  );

  // The candidate approves the release.
  const ready = await waitForMessage(subjectEmail, "Your report is ready to review");
  await approveReport(candidate, linkTo(ready, "/assessment/"));

  // The employer reads the released report on the referral's page, and on the report's own.
  await waitForMessage(employerEmail, `Occupational health report ready: ${reference}`, {
    timeoutMs: 30_000,
  });
  await openReferralPage(employer, reference);
  await expect(employer.getByRole("heading", { level: 1 })).toHaveText(
    `Assessment Report: ${reference}`,
  );
  await expect(employer.getByTestId("drawer-report")).toContainText("Dr Nadia Okafor");
  await expect(employer.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
    "href",
    /^\/employer-reports\/REP-.+\.pdf$/,
  );
  await employer.goto("/employer-reports");
  await employer.getByLabel("Search").fill("Robin Taylor");
  await employer.getByRole("button", { name: "Search" }).click();
  await employer
    .getByRole("row")
    .filter({ hasText: "Robin Taylor" })
    .first()
    .getByRole("link", { name: /^View / })
    .click();
  await expect(employer.getByRole("heading", { level: 1 })).toHaveText(/^Assessment Report: REP-/);
});
