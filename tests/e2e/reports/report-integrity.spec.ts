import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Download, Page } from "@playwright/test";
import { freshCode, signedInAdmin } from "../support/admin.ts";
import { openReportEditor } from "../support/doctor-case.ts";
import { linkTo, readOutbox, waitForMessage } from "../support/outbox.ts";
import { sendOfficeCase } from "../support/questionnaire.ts";
import {
  correctionReachesDoctor,
  downloadReportPdf,
  employerOpensReleasedReport,
} from "../support/report-review.ts";
import { expect, test } from "../support/test.ts";

async function pdfTextOf(download: Download): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "integrity-"));
  try {
    const file = path.join(dir, "report.pdf");
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Full-page screenshots at 1280 and 375 px wide, to look at; the viewport is put back. */
async function shoot(page: Page, name: string) {
  const before = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

async function download(page: Page, name: RegExp | string): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name }).click(),
  ]);
  return pdfTextOf(file);
}

/*
 * The report's two audiences (docs/decisions/0011-report-audiences.md): a distinctive phrase is
 * planted in the candidate's free text; the untouched pre-fill signs without it; the candidate asks
 * for a correction, the doctor declines it with a reason, the candidate attaches a statement and
 * approves; the employer's page, drawer and PDF carry the statement and never the phrase; the
 * candidate downloads their copy; the doctor opens the released version and its PDF.
 */
test("planted answer never reaches the employer; declined correction, statement, copies", async ({
  page,
  browser,
  signedIn,
}) => {
  test.setTimeout(300_000);
  const planted = `quasar-${Date.now().toString(36)}-marmalade lighthouse on cold mornings`;
  const { reference, subjectEmail, employerEmail } = await sendOfficeCase(page, {
    condition: `Asthma (${planted})`,
  });

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signedInAdmin(admin);
  // A doctor whose qualifications read "MB ChB" so far.
  const doc = await signedIn.doctor();
  const { gmcNumber } = doc;
  const doctor = doc.page;
  // The doctor completes their qualifications on their account page, refused if not plain text.
  await doctor.goto("/account");
  await doctor.getByLabel("Qualifications").fill("MB ChB <b>MFOM</b>");
  await doctor.getByRole("button", { name: "Save professional details" }).click();
  await expect(doctor.getByText(/Use letters, numbers, spaces/).first()).toBeVisible();
  await doctor.getByLabel("Qualifications").fill("MB ChB, MFOM");
  await doctor.getByRole("button", { name: "Save professional details" }).click();
  await expect(doctor.getByText("Update successful").first()).toBeVisible();
  await expect(doctor.getByLabel("Qualifications")).toHaveValue("MB ChB, MFOM");
  await shoot(doctor, "doctor-account");
  await admin.goto("/admin/doctors");
  await expect(admin.getByText(`MB ChB, MFOM · GMC ${gmcNumber}`)).toBeVisible();
  await shoot(admin, "admin-doctors");
  await openReportEditor(doctor, reference);
  const editorUrl = doctor.url();
  const caseId = editorUrl.split("/").at(-2)!;

  // The pre-fill holds no answer text; the evidence beside it does, for the doctor only.
  for (const field of await doctor.locator('[name="recommendations.text"], [name="summary"]').all())
    await expect(field).not.toHaveValue(/marmalade/);
  await doctor
    .getByText(/Evidence for you only/)
    .first()
    .click();
  await expect(doctor.getByText(planted, { exact: false }).first()).toBeAttached();

  // A temporary recommendation in the first empty row: a review date in the past is refused on
  // the server (the date field has no limit of its own), with the other refusals.
  const blank = (await doctor.locator('[name="recommendations.text"]').count()) - 2;
  await doctor.locator(`#recommendations-${blank}-text`).fill("Reduced lifting");
  await doctor.locator(`#recommendations-${blank}-weeks`).fill("6");
  await doctor.locator(`#recommendations-${blank}-reviewBy`).fill("2020-01-06");
  await doctor.getByRole("button", { name: "Save draft" }).click();
  await expect(doctor.getByText("Give a review date in the future.").first()).toBeVisible();
  await doctor
    .getByRole("group", { name: /Recommendations/ })
    .screenshot({ path: "test-results/editor-review-date-refused.png" });
  const reviewBy = new Date(Date.now() + 70 * 86_400_000);
  const reviewText = reviewBy.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  });
  await doctor
    .locator(`#recommendations-${blank}-reviewBy`)
    .fill(reviewBy.toLocaleDateString("en-CA", { timeZone: "Europe/London" }));
  const temporary = `Reduced lifting, for 6 weeks (review by ${reviewText})`;

  // Pasting the person's words into an employer field is refused, field by field, edits kept.
  await doctor.getByLabel("Note for the employer").fill(`Asthma, ${planted}.`);
  await doctor.getByLabel("Authenticator code to sign").fill(await freshCode(doc));
  await doctor.getByRole("button", { name: "Sign and send to the employee" }).click();
  await expect(doctor.getByText(/copied from the employee's answers/).first()).toBeVisible();
  await expect(doctor.getByLabel("Note for the employer")).toHaveValue(/marmalade/);

  // The pre-fill, untouched but for the temporary recommendation, signs (the step-up from a
  // moment ago still counts).
  await expect(doctor.locator(`#recommendations-${blank}-weeks`)).toHaveValue("6");
  await doctor.getByLabel("Note for the employer").fill("");
  await doctor.getByRole("button", { name: "Sign and send to the employee" }).click();
  await expect(doctor.getByText("Review completed")).toBeVisible();

  // The candidate asks for a correction; the doctor declines it with a reason.
  const ready = await waitForMessage(subjectEmail, "Your report is ready to review");
  const comment = "I would like my asthma described as mild.";
  await correctionReachesDoctor(
    { page, link: linkTo(ready, "/assessment/"), comment },
    { page: doctor, email: doc.email, editorUrl, reference },
  );
  await doctor.getByText("Decline the correction, with your reason").click();
  await doctor
    .getByLabel("Your reason, shown to the employee")
    .fill("The report does not describe the condition, so there is nothing to correct.");
  await doctor.getByRole("button", { name: "Decline and re-send unchanged" }).click();
  await expect(doctor).toHaveURL(/\/doctor-dashboard/);

  let declined: ReturnType<typeof readOutbox>[number] | undefined;
  await expect
    .poll(() => {
      declined = readOutbox().find(
        (m) => m.to.includes(subjectEmail) && /has not changed the report/.test(m.text),
      );
      return Boolean(declined);
    })
    .toBe(true);
  const statement = "I disagree: my asthma is mild and has never affected my work.";
  await page.goto(new URL(linkTo(declined!, "/assessment/")).pathname);
  await expect(page.getByText("The doctor did not change the report")).toBeVisible();
  // The person reads the header and signature the employer will, and that nothing is released yet.
  const ownHeader = page.getByTestId("report-header");
  for (const fact of ["Office Worker", "Role risks assessed", "Online health questionnaire only"])
    await expect(ownHeader).toContainText(fact);
  await expect(ownHeader).toContainText(/Not released: .* receives this report only if/);
  await expect(page.getByRole("article")).toContainText(temporary);
  await expect(page.getByTestId("report-signature")).toContainText("MB ChB, MFOM");
  await shoot(page, "subject-report");
  await expect(page.getByText("nothing to correct")).toBeVisible();
  await page.getByLabel(/^Your statement/).fill(statement);
  await page.getByRole("button", { name: "Approve and release the report" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You approved your report");

  // The candidate's copy: e-mailed, and downloadable from their page.
  const copyMail = await waitForMessage(
    subjectEmail,
    "Your occupational health report has been released",
    {
      timeoutMs: 30_000,
    },
  );
  await page.goto(new URL(linkTo(copyMail, "/assessment/")).pathname);
  const ownCopy = await download(page, "Download your report (PDF)");
  expect(ownCopy.replace(/\s+/g, " ")).toContain(statement);
  expect(ownCopy).not.toContain("marmalade");

  // The employer: page, data, drawer and PDF carry the statement and never the planted phrase.
  const employer = await employerOpensReleasedReport(browser, {
    employerEmail,
    reference,
    subjectName: "Robin Taylor",
  });
  const main = employer.getByRole("main");
  await expect(main).toContainText(statement);
  // The header and signature the PDF carries: role and risks, basis, consent; qualifications.
  const header = employer.getByTestId("report-header");
  for (const fact of [
    "Job role",
    "Office Worker",
    "Role risks assessed",
    "None flagged by the employer",
    "Assessment date",
    "Basis of assessment",
    "Online health questionnaire only; no consultation or physical examination",
    "Consent to disclosure",
  ])
    await expect(header).toContainText(fact);
  await expect(header).toContainText(/Robin Taylor read this report and agreed to its release/);
  await expect(main).toContainText(temporary);
  const signature = employer.getByTestId("report-signature");
  for (const line of [
    doc.name,
    "MB ChB, MFOM",
    `GMC number ${gmcNumber}`,
    "Signed electronically on",
  ])
    await expect(signature).toContainText(line);
  await shoot(employer, "employer-report");
  expect(await employer.content()).not.toContain("marmalade");
  const reportUrl = new URL(employer.url()).pathname;
  expect(await (await employer.request.get(`${reportUrl}.data`)).text()).not.toContain("marmalade");
  const pdf = await downloadReportPdf(employer);
  const pdfFlat = pdf.text.replace(/\s+/g, " ");
  expect(pdfFlat).toContain(statement);
  // The PDF says what the page says, from the same lines.
  for (const line of [
    "Job role Office Worker",
    "Role risks assessed None flagged by the employer",
    "Basis of assessment Online health questionnaire only; no consultation or physical examination",
    "Robin Taylor read this report and agreed to its release",
    temporary,
    "MB ChB, MFOM",
    `GMC number ${gmcNumber}`,
    "Signed electronically on",
  ])
    expect(pdfFlat).toContain(line);
  expect(pdf.text).not.toContain("marmalade");
  expect(pdf.text).not.toMatch(/PHQ|GAD/);
  // The seed's ?viewReport= link on the reports list opens this very report.
  const reportReference = reportUrl.split("/").pop()!;
  expect(reportReference).toMatch(/^REP-/);
  await employer.goto(`/employer-reports?viewReport=${reportReference}`);
  await expect(employer).toHaveURL(new RegExp(`/employer-report/${reportReference}$`));
  await expect(employer.getByRole("heading", { level: 1 })).toHaveText(
    new RegExp(`^Assessment Report: ${reportReference}`),
  );
  await employer.goto("/employer-referrals");
  const row = employer.getByRole("row", { name: new RegExp(reference) });
  const href = await row.getByRole("link", { name: `View ${reference}` }).getAttribute("href");
  const drawer = await employer.request.get(
    `/employer-referrals?viewReferral=${href!.split("/").pop()}`,
  );
  expect(await drawer.text()).not.toContain("marmalade");

  // The doctor opens every version after release, and each version's PDF.
  await doctor.goto(`/doctor-referrals/${caseId}/versions`);
  await expect(doctor.getByRole("heading", { name: "Version 2" })).toBeVisible();
  await expect(doctor.getByRole("heading", { name: "Version 1" })).toBeVisible();
  await expect(doctor.getByText("You declined the correction:")).toBeVisible();
  const released = await download(doctor, "Download the released PDF");
  expect(released.replace(/\s+/g, " ")).toContain(statement);
  expect(released).not.toMatch(/superseded/i);
  // Version 1, which the declined correction superseded, has its PDF too, marked as such on
  // every page: the text the person read, never passable for the released report.
  await expect(doctor.getByRole("heading", { name: "Version 1" })).toContainText("Superseded");
  const superseded = await download(doctor, "Download version 1 (superseded) as PDF");
  const supersededFlat = superseded.replace(/\s+/g, " ");
  expect(supersededFlat).toMatch(/This version was superseded by version 2 on \d+ \w+ \d{4}\./);
  expect(supersededFlat).toContain("Version 1 · superseded · Confidential");
  expect(supersededFlat).toMatch(/Not released: .* receives this report only if/);
  expect(supersededFlat).not.toContain(statement);
  await doctor.screenshot({ path: "test-results/doctor-report-versions.png", fullPage: true });

  await employer.context().close();
  await adminContext.close();
});
