import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { signIn } from "../auth/helpers.ts";
import { waitForMessage } from "./outbox.ts";
import { expect } from "./test.ts";

/*
 * Steps of the report's review and release, for journeys to compose once a report has been signed
 * and sent by the doctor: the person's decisions at /assessment/{token}/report (the link comes
 * from the "report ready" e-mail in the outbox) and the employer's reports pages.
 */

/** The report page for a link to the assessment or directly to its report. */
function reportUrl(link: string): string {
  const url = new URL(link, "http://placeholder");
  const token = /\/assessment\/([^/]+)/.exec(url.pathname)?.[1];
  if (!token) throw new Error(`Not an assessment link: ${link}`);
  return `/assessment/${token}/report`;
}

export async function openReport(page: Page, link: string) {
  await page.goto(reportUrl(link));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Your occupational health report",
  );
  // The person's page has no site navigation and is not for search engines.
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
}

/**
 * The person approves. When the report has a diagnosis they must say whether the employer may see
 * it (default: no).
 */
export async function approveReport(
  page: Page,
  link: string,
  { releaseDiagnosis = false }: { releaseDiagnosis?: boolean } = {},
) {
  await openReport(page, link);
  const choice = page.getByRole("group", { name: /see the diagnosis\?/ });
  if ((await choice.count()) > 0)
    await choice
      .getByLabel(
        releaseDiagnosis
          ? "Yes, my employer may see the diagnosis"
          : "No, keep the diagnosis from my employer",
      )
      .check();
  await page.getByRole("button", { name: "Approve and release the report" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You approved your report");
}

/**
 * The person answers "Your employer will be told": each item, found by its words, agreed or to be
 * removed. Ends on the page the answers lead to.
 */
export async function answerDisclosures(
  page: Page,
  link: string,
  answers: Record<string, "agree" | "remove">,
) {
  await openReport(page, link);
  const list = page.getByTestId("disclosure-items");
  await expect(list.getByRole("heading", { name: "Your employer will be told:" })).toBeVisible();
  for (const [text, answer] of Object.entries(answers))
    await list
      .getByLabel(answer === "agree" ? `Agree: ${text}` : `Ask the doctor to remove: ${text}`)
      .check();
  await list.getByRole("button", { name: "Send my answers" }).click();
}

/**
 * The person asks the doctor for a factual correction; the doctor, once e-mailed about it, opens
 * the report editor again, where the request is to be answered.
 */
export async function correctionReachesDoctor(
  person: { page: Page; link: string; comment: string },
  doctor: { page: Page; email: string; editorUrl: string; reference: string },
) {
  const { page } = person;
  await openReport(page, person.link);
  await page.getByLabel("What is factually wrong?").fill(person.comment);
  await page.getByRole("button", { name: "Ask for a correction" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You asked for a correction");
  await waitForMessage(doctor.email, `Correction requested: ${doctor.reference}`);
  await doctor.page.goto(doctor.editorUrl);
}

/** The person withholds consent, through the confirmation page. */
export async function withholdConsent(page: Page, link: string) {
  await openReport(page, link);
  await page.getByRole("link", { name: "Withhold my consent" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Are you sure you want to withhold your consent?",
  );
  await page.getByRole("button", { name: "Yes, withhold my consent" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You withheld your consent");
}

/**
 * The signed-in employer finds a released report by its referral's employee name or report id
 * on /employer-reports and opens it. `search` is what to type (a REP- id or a name).
 */
async function openEmployerReport(page: Page, search: string) {
  await page.goto("/employer-reports");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reports");
  await page.getByLabel("Search").fill(search);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row").filter({ hasText: search });
  await row
    .first()
    .getByRole("link", { name: /^View / })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Assessment Report: REP-/);
}

/** On an employer report page: downloads the PDF and returns its text (poppler's pdftotext). */
export async function downloadReportPdf(page: Page): Promise<{ fileName: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "report-download-"));
  try {
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("%PDF-");
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    return { fileName: download.suggestedFilename(), text };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Once the person has released the report: the employer is e-mailed, signs in in a browser context
 * of their own and opens the report by the person's name.
 */
export async function employerOpensReleasedReport(
  browser: Browser,
  {
    employerEmail,
    reference,
    subjectName,
  }: { employerEmail: string; reference: string; subjectName: string },
): Promise<Page> {
  await waitForMessage(employerEmail, `Occupational health report ready: ${reference}`, {
    timeoutMs: 30_000,
  });
  const employer = await (await browser.newContext()).newPage();
  await employer.goto("/login");
  await signIn(employer, employerEmail);
  await expect(employer).toHaveURL(/\/employer-dashboard/, { timeout: 20_000 });
  await openEmployerReport(employer, subjectName);
  return employer;
}
