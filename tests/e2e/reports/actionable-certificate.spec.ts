import type { Page } from "@playwright/test";
import { freshCode } from "../support/admin.ts";
import { createInvitedReferral } from "../support/assessment-link.ts";
import { openReportEditor } from "../support/doctor-case.ts";
import { linkTo, waitForMessage } from "../support/outbox.ts";
import { sendAnswers, startAssessment } from "../support/questionnaire.ts";
import {
  approveReport,
  downloadReportPdf,
  employerOpensReleasedReport,
} from "../support/report-review.ts";
import { expect, test } from "../support/test.ts";

/*
 * A certificate an employer can act on (docs/decisions/0017-actionable-reports.md): a driving role
 * whose doctor decides further assessment is needed cannot sign without the plan (what, by whom,
 * by when, whether the candidate may start meanwhile) and the DVLA opinion; once given, the plan
 * and the opinion are printed on the candidate's page and the employer's PDF.
 */

/** Every question "No" (or its first answer), page by page, until "Check your answers". */
async function answerEveryPage(page: Page, link: string) {
  await startAssessment(page, link);
  // Consent leads to the first page of questions: read each page only once it is the one shown.
  await expect(page).toHaveURL(/\/questions\//);
  for (let i = 0; i < 15; i++) {
    if (/\/review$/.test(new URL(page.url()).pathname)) {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your answers");
      return;
    }
    const url = page.url();
    // The address changes before the new page replaces the old one: wait for a control of this
    // page's questions (question-field.tsx's ids), or the answers would go to the page just left.
    const pageId = decodeURIComponent(/\/questions\/([^/?]+)/.exec(url)?.[1] ?? "");
    await expect(page.locator(`[id^="q-${pageId.replaceAll(".", "-")}-"]`).first()).toBeAttached();
    await expect(page.getByRole("button", { name: "Save and continue" })).toBeVisible();
    for (const group of await page.getByRole("group").all()) {
      const no = group.getByLabel("No", { exact: true });
      if ((await no.count()) > 0) await no.check();
      else if ((await group.getByRole("radio").count()) > 0)
        await group.getByRole("radio").first().check();
    }
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page).not.toHaveURL(url);
  }
  throw new Error("the questionnaire did not reach its review page");
}

test("a driver's certificate of further assessment needs its plan and the DVLA opinion, and prints both", async ({
  page,
  browser,
  signedIn,
}) => {
  test.setTimeout(300_000);
  const { link, reference, subjectEmail, employerEmail } = await createInvitedReferral(page, {
    type: "pre_employment",
    jobRole: "Office Worker",
    drivingRequired: true,
  });
  await answerEveryPage(page, link);
  await sendAnswers(page);

  const doc = await signedIn.doctor();
  const doctor = doc.page;
  await openReportEditor(doctor, reference);

  await doctor.getByLabel("Further assessment needed").check();
  await doctor.getByLabel("Authenticator code to sign").fill(await freshCode(doc));
  await doctor.getByRole("button", { name: "Sign and send to the employee" }).click();
  await expect(doctor.getByText("The report cannot be signed yet").first()).toBeVisible();
  for (const message of [
    "Say what further assessment is needed.",
    "Give the date it is expected by.",
    "Say whether the candidate may start in the meantime.",
    "Choose the DVLA group you considered.",
    "Give your opinion on fitness to drive.",
  ])
    await expect(doctor.getByText(message).first()).toBeVisible();
  await doctor.screenshot({
    path: "test-results/certificate-plan-refused-1280.png",
    fullPage: true,
  });

  const expectedBy = new Date(Date.now() + 21 * 86_400_000);
  await doctor
    .getByLabel("What assessment is needed")
    .fill("A review of fitness to drive with an occupational physician");
  await doctor.getByLabel("By whom").fill("ReferOH's occupational physician");
  await doctor
    .getByLabel("Expected by")
    .fill(expectedBy.toLocaleDateString("en-CA", { timeZone: "Europe/London" }));
  await doctor.getByLabel("May start, with the restrictions below").check();
  await doctor.getByLabel("Restrictions until then").fill("No driving for work until the review.");
  await doctor.getByLabel("Group 2 (lorries and buses)").check();
  await doctor
    .getByLabel("The standard that applies")
    .fill("Assessing fitness to drive, Group 2, for the role's vans and lorries");
  await doctor
    .getByLabel("Your opinion on fitness to drive")
    .fill("Not yet fit to drive for work; fit for the role's other duties.");
  await doctor.getByRole("button", { name: "Sign and send to the employee" }).click();
  await expect(doctor.getByText("Review completed")).toBeVisible();

  // The candidate reads the plan before anything is released, then approves.
  const ready = await waitForMessage(subjectEmail, "Your report is ready to review");
  await page.goto(new URL(linkTo(ready, "/assessment/")).pathname);
  const article = page.getByRole("article");
  await expect(article).toContainText("Assessment needed: A review of fitness to drive");
  await expect(article).toContainText(
    "Until then: May start, with the restrictions below: No driving for work until the review.",
  );
  await expect(article).toContainText("DVLA Group 2 (lorries and buses), considered against:");
  await expect(article).toContainText("Recommendations will follow the further assessment.");
  await approveReport(page, linkTo(ready, "/assessment/"));

  const employer = await employerOpensReleasedReport(browser, {
    employerEmail,
    reference,
    subjectName: "Robin Taylor",
  });
  const pdf = await downloadReportPdf(employer);
  const text = pdf.text.replace(/\s+/g, " ");
  expect(text).toContain("Further assessment");
  expect(text).toContain("By: ReferOH's occupational physician");
  expect(text).toContain("No driving for work until the review.");
  expect(text).toContain("Not yet fit to drive for work");
  expect(text).not.toMatch(/No adjustments are needed/);
  await employer.context().close();
});
