import { eq } from "drizzle-orm";
import type { Database } from "../../../app/db/client.server.ts";
import { caseReview, referral, report } from "../../../app/db/schema/index.ts";
import { systemScope } from "../../../app/domain/kernel/scope.ts";
import type { ManagementReportBody } from "../../../app/domain/reports/report-body.ts";
import { addDays, reminderOn } from "../../../app/domain/reports/review-dates.ts";
import { remindCaseReviewsJob } from "../../../app/jobs/remind-case-reviews.ts";
import { formatLongDateWithDay } from "../../../app/lib/dates.ts";
import { createSentReport, managementBodyForTest } from "../../support/reports.ts";
import { createAccountOn } from "../../support/test-accounts.ts";
import { expectSoundLayout } from "../accessibility/checks.ts";
import { PASSWORD, uniqueEmail } from "../auth/helpers.ts";
import { type InProcessServer, startInProcessServer } from "../support/in-process-server.ts";
import { organisationWithMember } from "../support/organisations.ts";
import { readOutbox, waitForMessage } from "../support/outbox.ts";
import { approveReport } from "../support/report-review.ts";
import { expect, seriousA11yViolations, test } from "../support/test.ts";

/*
 * Review dates become reminders (docs/architecture.md §4, "Reviews due"): the person releases a
 * report whose adjustment lasts six weeks; the server's clock is moved on to five working days
 * before the review; the reminder job's run e-mails the referral's owner the reference and the
 * kind (nothing of the report), and the dashboard lists the review under "Reviews due". The
 * report is signed and sent through the domain's test factories, so the production build runs in
 * this worker on its own database and clock.
 */

const port = Number(process.env.REVIEWS_E2E_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 186);
const origin = `http://localhost:${port}`;
const email = uniqueEmail("reviews");
const organisationName = "Seaview Care Ltd";
const subjectName = "Robin Reviewed";

let server: InProcessServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startInProcessServer({
    name: "reviews",
    port,
    // With its job queue: the person's approval queues the employer's notice in its transaction.
    // The reminder job is run below at the moved clock, as its schedule would run it.
    settings: { LOG_LEVEL: "error", TRUST_PROXY: "loopback" },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test("a released six-week adjustment is e-mailed five working days before its review and listed on the dashboard", async ({
  browser,
}) => {
  const db: Database = server.runtime.database.db;
  const userId = await createAccountOn(server.runtime, "employer", email, "Rhiannon Reviews");
  const organisationId = await organisationWithMember(
    db,
    { name: organisationName },
    userId,
    "owner",
  );

  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const signedIn = await page.request.post("/login", {
    form: { intent: "sign-in", email, password: PASSWORD },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);

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
  const sent = await createSentReport(db, { body, organisationName, now: server.clock.now() });
  await db
    .update(referral)
    .set({ organisationId, subjectName, createdBy: userId, ownerId: userId })
    .where(eq(referral.id, sent.referral.id));
  await db.update(report).set({ organisationId }).where(eq(report.id, sent.report.id));

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
      systemScope(db, remindCaseReviewsJob.name, server.runtime.adapters),
      server.runtime,
      {},
    );
  const reminders = () =>
    readOutbox(server.dataDir).filter(
      (m) => m.subject.startsWith("Review due") && m.subject.includes(sent.referral.reference),
    );

  // Noon on the day before the reminder day: the job sends nothing yet.
  server.clock.advanceTo(new Date(`${addDays(remindOn, -1)}T12:00:00Z`));
  await runJob();
  expect(reminders()).toEqual([]);

  // 07:50 in London on the reminder day (GMT or BST alike, it is that day), as the job's schedule.
  server.clock.advanceTo(new Date(`${remindOn}T07:50:00Z`));
  await runJob();
  await runJob(); // a second run (or process) sends nothing more
  const mail = await waitForMessage(
    email,
    new RegExp(`^Review due .*: ${sent.referral.reference}$`),
    {
      dataDir: server.dataDir,
    },
  );
  expect(reminders()).toHaveLength(1);
  expect(mail.text).toContain(`Review of adjustments, due on ${formatLongDateWithDay(dueOn)}`);
  expect(mail.links.some((l) => l.includes(`viewReferral=${sent.referral.reference}`))).toBe(true);
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
  await row.getByRole("link", { name: sent.referral.reference }).click();
  await expect(
    page
      .getByRole("dialog")
      .getByRole("heading", { name: `Assessment Report: ${sent.referral.reference}` }),
  ).toBeVisible();
  await context.close();
});
