import fs from "node:fs";
import { signedInAdmin } from "../support/admin.ts";
import { linkTo, waitForMessage } from "../support/outbox.ts";
import { expect, test } from "../support/test.ts";
import {
  enrolTwoFactor,
  PASSWORD,
  registerVerifiedEmployer,
  signIn,
  uniqueEmail,
} from "./helpers.ts";

test.describe.configure({ mode: "serial" });

test("first admin → invites a doctor → doctor sets password, enrols TOTP → doctor dashboard; roles stay apart", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The first administrator: created through the one-time set-up link by whichever spec needs
  // one first (tests/e2e/support/admin.ts), with forced two-factor enrolment.
  await signedInAdmin(page);

  await page.goto("/admin/doctors");
  const doctorEmail = uniqueEmail("doctor");
  await page.getByLabel("Full name").fill("Dr Grace Okafor");
  await page.getByLabel("Email").fill(doctorEmail);
  await page.getByLabel("GMC number").fill("123456");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("GMC number must be 7 digits").first()).toBeVisible();
  await page.getByLabel("GMC number").fill("7654321");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: doctorEmail })).toContainText(
    "Invitation pending",
  );

  // The doctor, in another browser.
  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  const invitation = await waitForMessage(doctorEmail, "Medical Professional Portal");
  await doctor.goto(linkTo(invitation, "/reset-password"));
  await expect(doctor.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await doctor.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await doctor.getByLabel("Confirm new password").fill(PASSWORD);
  await doctor.getByRole("button", { name: "Set password" }).click();
  await expect(doctor).toHaveURL(/\/doctor-login/);
  await expect(doctor.getByRole("heading", { name: "Medical Professional Portal" })).toBeVisible();
  await expect(
    doctor.getByText("For medical professionals only. Contact administrator for access."),
  ).toBeVisible();

  await doctor.getByLabel("Email").fill(doctorEmail);
  await doctor.getByLabel("Password", { exact: true }).fill("Wrong-Password-1");
  await doctor.getByRole("button", { name: "Access Portal" }).click();
  await expect(doctor.getByText("Login failed").first()).toBeVisible();
  await expect(
    doctor.getByText("Invalid email or password. Please try again.").first(),
  ).toBeVisible();
  await doctor.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await doctor.getByRole("button", { name: "Access Portal" }).click();
  await enrolTwoFactor(doctor);
  await expect(doctor).toHaveURL(/\/doctor-dashboard/);
  await expect(doctor.getByRole("heading", { name: "Doctor Dashboard" })).toBeVisible();
  await expect(doctor.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
    "Dashboard",
    "Availability",
  ]);

  // A doctor cannot open employer or admin pages.
  for (const pathName of ["/employer-dashboard", "/admin/doctors", "/admin/subject-access"]) {
    const response = await doctor.goto(pathName);
    expect(response?.status(), pathName).toBe(403);
    await expect(
      doctor.getByRole("heading", { name: "You do not have access to this page" }),
    ).toBeVisible();
  }

  // An employer cannot open doctor or admin pages, nor sign in at the doctor portal.
  const employerContext = await browser.newContext();
  const employer = await employerContext.newPage();
  const employerEmail = await registerVerifiedEmployer(employer);
  await signIn(employer, employerEmail);
  await expect(employer).toHaveURL(/\/employer-dashboard/);
  for (const pathName of [
    "/doctor-dashboard",
    "/admin",
    "/admin/doctors",
    "/admin/subject-access",
  ]) {
    const response = await employer.goto(pathName);
    expect(response?.status(), pathName).toBe(403);
    await expect(
      employer.getByRole("heading", { name: "You do not have access to this page" }),
    ).toBeVisible();
  }
  await employerContext.clearCookies();
  await employer.goto("/doctor-login");
  await employer.getByLabel("Email").fill(employerEmail);
  await employer.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await employer.getByRole("button", { name: "Access Portal" }).click();
  await expect(
    employer.getByText("Invalid email or password. Please try again.").first(),
  ).toBeVisible();

  // Subject access: the administrator downloads one person's data as a ZIP.
  await page.goto("/admin/subject-access");
  await page.getByRole("button", { name: "Download ZIP" }).click();
  await expect(page.getByText("Enter the person's email address").first()).toBeVisible();
  await page.getByLabel("Email address").fill(employerEmail);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download ZIP" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^subject-access-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = fs.readFileSync((await download.path())!);
  expect(zip.subarray(0, 2).toString()).toBe("PK");
  expect(zip.includes(Buffer.from("account/account.json"))).toBe(true);

  // Revoking access ends the doctor's access on their next request; restoring gives it back.
  await page.goto("/admin/doctors");
  const row = page.getByRole("listitem").filter({ hasText: doctorEmail });
  await row.getByRole("button", { name: /Revoke access/ }).click();
  await row.getByRole("button", { name: "Yes, revoke access" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: doctorEmail })).toContainText(
    "Access revoked",
  );
  // Their session ends on the doctors' own sign-in page. Signing in again lands on the same page
  // with a lasting alert (not a toast) that says plainly that access was withdrawn and whom to
  // write to; it is still there after a reload.
  // The doctor's clock is the test's from here (Playwright's fake timers): a toast's seconds are
  // jumped over below instead of waited for.
  await doctor.clock.install();
  await doctor.goto("/doctor-dashboard");
  await expect(doctor).toHaveURL(/\/doctor-login\?/);
  await expect(
    doctor.getByText("You have been signed out. Sign in again to continue.").first(),
  ).toBeVisible();
  await doctor.getByLabel("Email").fill(doctorEmail);
  await doctor.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await doctor.getByRole("button", { name: "Access Portal" }).click();
  await expect(doctor).toHaveURL(/\/doctor-login\?access=withdrawn$/);
  const withdrawn = doctor.getByRole("alert").filter({
    hasText: "Your access to the doctor portal has been withdrawn",
  });
  await expect(withdrawn).toContainText("A ReferOH administrator has withdrawn your access");
  await expect(withdrawn.getByRole("link", { name: "hello@referoh.co.uk" })).toHaveAttribute(
    "href",
    "mailto:hello@referoh.co.uk",
  );
  await doctor.clock.fastForward(6_000); // longer than a toast stays
  // A toast whose time is up leaves over the next 200 ms: a second for the page to act on the jump.
  await doctor.waitForTimeout(1_000);
  await expect(withdrawn).toBeVisible();
  await doctor.reload();
  await expect(withdrawn).toBeVisible();
  await page
    .getByRole("listitem")
    .filter({ hasText: doctorEmail })
    .getByRole("button", { name: /Restore access/ })
    .click();
  await expect(page.getByRole("listitem").filter({ hasText: doctorEmail })).toContainText("Active");

  await doctorContext.close();
  await employerContext.close();
});
