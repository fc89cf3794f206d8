import type { Page } from "@playwright/test";
import { expect } from "./test.ts";

/**
 * The doctor searches their queue for a case by its reference and follows its row's link: with
 * scripts it opens the case sheet, without them the case's own page.
 */
export async function followCaseFromQueue(doctor: Page, reference: string) {
  await doctor.goto(`/doctor-dashboard?q=${reference.toLowerCase()}`);
  await doctor
    .getByRole("row")
    .filter({ hasText: reference })
    .getByRole("link", { name: `Review ${reference}` })
    .click();
}

/**
 * The doctor finds a case in their queue by its reference and opens its sheet, then waits for the
 * drafter: the draft job runs in the background, so the page is reloaded (the sheet stays open)
 * until the suggested outcome shows.
 */
export async function openCaseSheet(doctor: Page, reference: string) {
  await followCaseFromQueue(doctor, reference);
  // The sheet opens by a client navigation: reloading before it lands would reload the list.
  await expect(doctor).toHaveURL(/case=/);
  const sheet = doctor.getByRole("dialog");
  await expect(sheet).toBeVisible({ timeout: 15_000 });
  await expect(async () => {
    if (!(await sheet.getByText("Suggested outcome").isVisible())) await doctor.reload();
    await expect(sheet).toContainText("Suggested outcome", { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  return sheet;
}

/** From the case sheet into the report editor. */
export async function openReportEditor(doctor: Page, reference: string) {
  const sheet = await openCaseSheet(doctor, reference);
  await sheet.getByRole("button", { name: "Review & Create Report" }).click();
  await expect(doctor.getByRole("heading", { name: "Review & Create Report" })).toBeVisible();
}
