import { signInByRequest } from "../auth/helpers.ts";
import { invitedDoctor, signedInAdmin } from "../support/admin.ts";
import { createInvitedReferral } from "../support/assessment-link.ts";
import { expect, test } from "../support/test.ts";

/*
 * On hold (docs/architecture.md §4, "On hold"): an administrator pauses a case with a reason the
 * employer never reads; the employer's page, the doctor's queue and the person's link say it is
 * paused; lifting it returns the case to exactly where it was.
 */
test("an administrator puts a case on hold and lifts it; the employer, the doctor and the person see it paused", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const { link, reference, employerEmail } = await createInvitedReferral(page, {
    type: "management",
  });
  const reason = `GP letter pending ${reference}`;

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signedInAdmin(admin);
  const doctor = await invitedDoctor(admin, browser, {
    name: "Dr Holly Hold",
    gmcNumber: String(6_000_000 + Math.floor(Math.random() * 999_999)),
  });
  // The case goes to the doctor, so it is in their queue before the person answers.
  await admin.goto(`/admin/cases?q=${reference}`);
  await admin.getByLabel(`Doctor for ${reference}`).selectOption({ label: "Dr Holly Hold" });
  await admin.getByRole("button", { name: `Reassign ${reference}` }).click();
  await expect(admin.getByText("Case reassigned").first()).toBeVisible();

  // The case page, from the list: the form refuses an empty reason, then holds with one.
  await admin.getByRole("link", { name: reference }).click();
  await expect(admin.getByRole("heading", { name: `Case ${reference}` })).toBeVisible();
  await expect(admin.getByTestId("admin-case-status")).toHaveText("Employee invited");
  await admin.getByRole("button", { name: "Put on hold" }).click();
  await expect(admin.getByText("Enter why the case is on hold.").first()).toBeVisible();
  await admin.getByRole("textbox", { name: "Reason" }).fill(reason);
  await admin.getByLabel(/I understand the case stops for everyone/).check();
  await admin.getByRole("button", { name: "Put on hold" }).click();
  await expect(admin.getByText("The case is on hold.", { exact: true })).toBeVisible();
  await expect(admin.getByTestId("admin-case-status")).toHaveText("On hold");
  await expect(admin.getByTestId("hold-reason")).toHaveText(reason);

  // The employer's page says what it means, never the administrator's reason.
  expect(await signInByRequest(page, employerEmail)).toMatch(/^\/employer-dashboard/);
  await page.goto(`/employer-referrals/${reference}`);
  const state = page.getByTestId("drawer-state");
  await expect(state).toContainText("On hold: ReferOH has paused this case");
  await expect(state).toContainText("ReferOH will contact you");
  await expect(page.getByText(reason)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send reminder" })).toHaveCount(0);
  // No Cancel either, and the one line about it says why, not the explanation over again.
  await expect(page.getByRole("button", { name: "Cancel referral" })).toHaveCount(0);
  await expect(page.getByText("cannot be cancelled while it is on hold")).toBeVisible();
  // Its timeline, on the dashboard's Recent Activity.
  await page.goto("/employer-dashboard");
  await expect(page.getByText("Put on hold by ReferOH").first()).toBeVisible();

  // The doctor's queue shows it on hold.
  await doctor.page.goto(`/doctor-dashboard?q=${reference.toLowerCase()}`);
  const row = doctor.page.getByRole("row").filter({ hasText: reference });
  await expect(row.getByText("On hold", { exact: true })).toBeVisible();
  await expect(row).toContainText("Paused by ReferOH until the hold is lifted");

  // The person's link is paused, calmly, with nothing to answer.
  const personContext = await browser.newContext();
  const person = await personContext.newPage();
  await person.goto(link);
  await expect(person.getByRole("heading", { name: "Your assessment is paused" })).toBeVisible();
  await expect(person.getByRole("button", { name: "I agree and start" })).toHaveCount(0);

  // Lifted: back to exactly where it was, for everyone.
  await admin.getByRole("button", { name: "Lift hold" }).click();
  await expect(admin.getByText("The hold is lifted.", { exact: true })).toBeVisible();
  await expect(admin.getByTestId("admin-case-status")).toHaveText("Employee invited");
  await expect(page.getByText("Hold lifted by ReferOH").first()).toHaveCount(0);
  await page.reload();
  await expect(page.getByText("Hold lifted by ReferOH").first()).toBeVisible();
  await page.goto(`/employer-referrals/${reference}`);
  await expect(page.getByTestId("drawer-state")).not.toContainText("On hold");
  await doctor.page.reload();
  await expect(row.getByText("Employee invited", { exact: true })).toBeVisible();
  await person.reload();
  await expect(person.getByRole("button", { name: "I agree and start" })).toBeVisible();
  await personContext.close();
  await adminContext.close();
});
