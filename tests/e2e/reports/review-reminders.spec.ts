import { eq } from "drizzle-orm";
import type { Database } from "../../../app/db/client.server.ts";
import { caseReview, referral } from "../../../app/db/schema/index.ts";
import { grantCredits } from "../../../app/domain/billing/credit-ledger.server.ts";
import { systemScope } from "../../../app/domain/kernel/scope.ts";
import { issueInvitationToken } from "../../../app/domain/referrals/invitations.server.ts";
import { saveManagementReferral } from "../../../app/domain/referrals/save-management-referral.server.ts";
import type { ManagementReportBody } from "../../../app/domain/reports/report-body.ts";
import { addDays, reminderOn } from "../../../app/domain/reports/review-dates.ts";
import { remindCaseReviewsJob } from "../../../app/jobs/remind-case-reviews.ts";
import { formatLongDateWithDay } from "../../../app/lib/dates.ts";
import { employerScopeForTest, managementReferralInput } from "../../support/referrals.ts";
import { createSentReport, managementBodyForTest } from "../../support/reports.ts";
import { createAccountOn } from "../../support/test-accounts.ts";
import { expectSoundLayout } from "../accessibility/checks.ts";
import { signInByRequest, uniqueEmail } from "../auth/helpers.ts";
import { giveCaseTo } from "../support/employer-server.ts";
import { organisationWithMember } from "../support/organisations.ts";
import { readOutbox, waitForMessage } from "../support/outbox.ts";
import { approveReport } from "../support/report-review.ts";
import { seedDoctor } from "../support/seeded-sessions.ts";
import { inProcessServerForFile } from "../support/server-for-file.ts";
import { expect, screenshotBothWidths, seriousA11yViolations, test } from "../support/test.ts";

/*
 * Review dates become reminders (docs/architecture.md §4, "Reviews due"): the person releases a
 * report whose adjustment lasts six weeks; the server's clock is moved on to five working days
 * before the review; the reminder job's run e-mails the referral's owner the reference and the
 * kind (nothing of the report), and the dashboard lists the review under "Reviews due". The
 * report is signed and sent through the domain's test factories, so the production build runs in
 * this worker on its own database and clock. From the review the employer starts a follow-up; its
 * person consents and lets the doctor see the earlier case, whose released report the follow-up's
 * doctor then reads; a second follow-up's person declines, and its doctor sees nothing of it.
 */

const port = Number(process.env.REVIEWS_E2E_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 186);
const origin = `http://localhost:${port}`;
const email = uniqueEmail("reviews");
const organisationName = "Seaview Care Ltd";
const subjectName = "Robin Reviewed";

const server = inProcessServerForFile({
  name: "reviews",
  port,
  // With its job queue: the person's approval queues the employer's notice in its transaction.
  // The reminder job is run below at the moved clock, as its schedule would run it.
  settings: { LOG_LEVEL: "error", TRUST_PROXY: "loopback" },
});

test("a released six-week adjustment is e-mailed five working days before its review and listed on the dashboard; a follow-up started there shows its doctor the earlier report only with the person's consent", async ({
  browser,
}) => {
  const db: Database = server().runtime.database.db;
  const userId = await createAccountOn(server().runtime, "employer", email, "Rhiannon Reviews");
  const organisationId = await organisationWithMember(
    db,
    { name: organisationName },
    userId,
    "owner",
  );

  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signInByRequest(page, email, { origin });

  // Before any report: the block is there, and says what will appear in it.
  await page.goto("/employer-dashboard");
  const block = page.getByTestId("reviews-due");
  await expect(block.getByRole("heading", { name: "Reviews due" })).toBeVisible();
  await expect(block).toContainText("No reviews due in the next 30 days");
  await block.screenshot({ path: test.info().outputPath("reviews-due-empty-1280.png") });

  // A report with a six-week adjustment, signed and sent to the person, on this employer's case.
  const body: ManagementReportBody = {
    ...(managementBodyForTest as ManagementReportBody),
    adjustments: [
      { text: "Phased return over six weeks", weeks: 6 },
      "A quiet desk away from the door",
    ],
  };
  const sent = await createSentReport(db, { body, organisationName, now: server().clock.now() });
  await giveCaseTo(db, sent, { organisationId, userId }, { subjectName });

  // The person releases it from their link.
  const person = await browser.newContext({ baseURL: origin });
  await approveReport(await person.newPage(), `/assessment/${sent.token}/report`);
  await person.close();

  const [review] = await db
    .select({ dueOn: caseReview.dueOn, kind: caseReview.kind })
    .from(caseReview)
    .where(eq(caseReview.referralId, sent.referral.id));
  expect(review?.kind).toBe("adjustment_review");
  const dueOn = review!.dueOn;

  const remindOn = reminderOn(dueOn);
  const runJob = () =>
    remindCaseReviewsJob.handle(
      systemScope(db, remindCaseReviewsJob.name, server().runtime.adapters),
      server().runtime,
      {},
    );
  const reminders = () =>
    readOutbox(server().dataDir).filter(
      (m) => m.subject.startsWith("Review due") && m.subject.includes(sent.referral.reference),
    );

  // Noon on the day before the reminder day: the job sends nothing yet.
  server().clock.advanceTo(new Date(`${addDays(remindOn, -1)}T12:00:00Z`));
  await runJob();
  expect(reminders()).toEqual([]);

  // 07:50 in London on the reminder day (GMT or BST alike, it is that day), as the job's schedule.
  server().clock.advanceTo(new Date(`${remindOn}T07:50:00Z`));
  await runJob();
  await runJob(); // a second run (or process) sends nothing more
  const mail = await waitForMessage(
    email,
    new RegExp(`^Review due .*: ${sent.referral.reference}$`),
    {
      dataDir: server().dataDir,
    },
  );
  expect(reminders()).toHaveLength(1);
  expect(mail.text).toContain(`Review of adjustments, due on ${formatLongDateWithDay(dueOn)}`);
  expect(mail.links.some((l) => l.includes(`viewReferral=${sent.referral.reference}`))).toBe(true);
  expect(mail.links.some((l) => l.includes(`followUpOf=${sent.referral.reference}`))).toBe(true);
  for (const word of ["Phased return", "quiet desk", "depressive", "low mood", subjectName])
    expect(`${mail.subject}\n${mail.text}`).not.toContain(word);

  // The dashboard, on the server's day: the review, its case and the person as the employer names them.
  await page.goto("/employer-dashboard");
  const row = block.getByRole("listitem").filter({ hasText: sent.referral.reference });
  await expect(row).toContainText(subjectName);
  await expect(row).toContainText("Review of adjustments");
  await expect(row.locator("time")).toHaveAttribute("datetime", dueOn);
  await expect(row.locator("time")).toHaveText(formatLongDateWithDay(dueOn));
  await expect(block).not.toContainText("Phased return");
  expect(await seriousA11yViolations(page, '[data-testid="reviews-due"]')).toEqual([]);
  await block.screenshot({ path: test.info().outputPath("reviews-due-1280.png") });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectSoundLayout(page, "the dashboard at 375 px");
  await block.screenshot({ path: test.info().outputPath("reviews-due-375.png") });

  // Its reference opens the case, with its released report.
  await row.getByRole("link", { name: sent.referral.reference, exact: true }).click();
  await expect(
    page
      .getByRole("dialog")
      .getByRole("heading", { name: `Assessment Report: ${sent.referral.reference}` }),
  ).toBeVisible();

  // Follow-up referrals (docs/architecture.md §4): from the review's row, the management form
  // opens pre-filled from the case, naming it and its report; paid from credits as any referral.
  await grantCredits(db, { organisationId, credits: 20, now: server().clock.now() });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/employer-dashboard");
  await row
    .getByRole("link", { name: `Refer for a follow-up: ${sent.referral.reference}` })
    .click();
  await expect(page.getByRole("heading", { name: "Follow-up Management Referral" })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: `Follow-up of ${sent.referral.reference}` }),
  ).toBeVisible();
  await expect(page.getByText(`Previous report: ${sent.report.reference}.`)).toBeVisible();
  await expect(page.getByLabel("Employee name")).toHaveValue(subjectName);
  await expect(page.getByLabel("Employee email address")).toHaveValue(sent.referral.subjectEmail);
  await expect(page.getByLabel("Job details")).toHaveValue(/Customer service adviser/);
  const changed = page.getByLabel("What has changed since the last report?");
  await expect(changed).toHaveValue("");
  await screenshotBothWidths(page, "follow-up-form", { fullPage: true });
  await changed.fill("Back pain has returned since the move to the loading bay.");
  await page.locator("#consentToProcessing").check();
  await page.getByRole("button", { name: "Submit referral" }).click();
  await expect(page).toHaveURL(/notice=referral-invited/);
  const [followUp] = await db
    .select()
    .from(referral)
    .where(eq(referral.followUpOf, sent.referral.id));
  expect(followUp).toMatchObject({ status: "invited", paymentMethod: "credits" });
  await context.close();

  // The person consents again, and separately lets the doctor see the earlier case.
  const doctorAccount = await seedDoctor(server().runtime, { name: "Dr Fola Follow" });
  const doctorContext = await browser.newContext({ baseURL: origin });
  await doctorContext.addCookies(
    doctorAccount.cookies.map(({ name, value }) => ({ name, value, url: origin })),
  );
  const doctor = await doctorContext.newPage();
  const consentAndTake = async (referralId: string, share: "yes" | "no") => {
    const now = server().clock.now();
    const { token } = await issueInvitationToken(db, { referralId, invitedAt: now, now });
    const personContext = await browser.newContext({ baseURL: origin });
    const personPage = await personContext.newPage();
    await personPage.goto(`/assessment/${token}`);
    const choice = personPage.getByRole("group", { name: "Your earlier reports" });
    await expect(choice).toContainText(`earlier reports and answers from ${organisationName}`);
    // Nothing is chosen for the person.
    await expect(choice.getByRole("radio", { checked: true })).toHaveCount(0);
    if (share === "yes") {
      await choice.screenshot({ path: test.info().outputPath("follow-up-consent-1280.png") });
      await personPage.setViewportSize({ width: 375, height: 812 });
      await expectSoundLayout(personPage, "the follow-up's consent at 375 px");
      await choice.screenshot({ path: test.info().outputPath("follow-up-consent-375.png") });
    }
    await choice.getByRole("radio", { name: share === "yes" ? /^Yes/ : /^No/ }).check();
    await personPage.locator("#agree").check();
    await personPage.getByRole("button", { name: "I agree and start" }).click();
    await expect(personPage).toHaveURL(/\/questions\//);
    await personContext.close();
    // The questionnaire's own journeys are tested elsewhere: here the doctor takes the case.
    await db
      .update(referral)
      .set({
        status: "in_review",
        assignedDoctorId: doctorAccount.userId,
        submittedAt: now,
        reviewStartedAt: now,
      })
      .where(eq(referral.id, referralId));
  };

  await consentAndTake(followUp!.id, "yes");
  await doctor.goto(`/doctor/cases/${followUp!.id}`);
  const earlier = doctor.getByTestId("earlier-cases");
  await expect(earlier.getByRole("heading", { name: "Earlier cases" })).toBeVisible();
  await expect(earlier).toContainText(sent.referral.reference);
  await earlier.getByText(`Report ${sent.report.reference} (version 1, as released)`).click();
  await expect(earlier.getByRole("heading", { name: "Recommendations" })).toBeVisible();
  expect(await seriousA11yViolations(doctor, '[data-testid="earlier-cases"]')).toEqual([]);
  await earlier.screenshot({ path: test.info().outputPath("earlier-cases-1280.png") });
  await doctor.setViewportSize({ width: 375, height: 812 });
  await expectSoundLayout(doctor, "the doctor's case with earlier cases at 375 px");
  await earlier.screenshot({ path: test.info().outputPath("earlier-cases-375.png") });

  // A second follow-up, whose person declines to share: the doctor sees none of the earlier
  // cases, on the page or in its data.
  const { referral: second } = await saveManagementReferral(
    employerScopeForTest(db, { userId, organisationId, organisationName }, server().clock.now()),
    {
      provider: "demo",
      intent: "submit",
      followUpOf: sent.referral.id,
      input: managementReferralInput({
        employeeName: subjectName,
        employeeEmail: sent.referral.subjectEmail,
        referralReason: "Off work again this week.",
      }),
    },
  );
  await consentAndTake(second.id, "no");
  await doctor.goto(`/doctor/cases/${second.id}`);
  await expect(
    doctor.getByRole("heading", { name: `Referral Details: ${second.reference}` }),
  ).toBeVisible();
  await expect(doctor.getByTestId("earlier-cases")).toHaveCount(0);
  const data = await doctor.request.get(`/doctor/cases/${second.id}.data`);
  expect(data.status()).toBe(200);
  const carried = await data.text();
  expect(carried).not.toContain(sent.referral.reference);
  expect(carried).not.toContain(sent.report.reference);
  await doctorContext.close();
});
