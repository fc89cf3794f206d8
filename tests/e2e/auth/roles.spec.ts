import fs from "node:fs";
import path from "node:path";
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
  // The one-time set-up link the server printed at start-up (also kept in DATA_DIR while valid).
  const file = path.join(process.env.E2E_DATA_DIR!, "first-admin-setup-link.txt");
  const setupLink = fs.readFileSync(file, "utf8").trim();
  const adminEmail = uniqueEmail("admin");
  await page.goto(setupLink);
  await page.getByLabel("Full name").fill("Morgan Admin");
  await page.getByLabel("Email").fill(adminEmail);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create administrator" }).click();
  await expect(page).toHaveURL(/\/login/);
  // The link works once.
  expect((await page.request.get(setupLink)).status()).toBe(404);

  // First sign-in forces two-factor enrolment; nothing else opens before it.
  await signIn(page, adminEmail);
  await expect(page).toHaveURL(/\/account\/two-factor/);
  await page.goto("/admin/doctors");
  await expect(page).toHaveURL(/\/account\/two-factor/);
  await enrolTwoFactor(page);
  await expect(page).toHaveURL(/\/admin/);

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
  ]);

  // A doctor cannot open employer or admin pages.
  for (const pathName of ["/employer-dashboard", "/admin/doctors"]) {
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
  for (const pathName of ["/doctor-dashboard", "/admin", "/admin/doctors"]) {
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

  // Revoking access ends the doctor's access on their next request; restoring gives it back.
  await page.reload();
  const row = page.getByRole("listitem").filter({ hasText: doctorEmail });
  await row.getByRole("button", { name: /Revoke access/ }).click();
  await expect(page.getByRole("listitem").filter({ hasText: doctorEmail })).toContainText(
    "Access revoked",
  );
  await doctor.goto("/doctor-dashboard");
  await expect(doctor).not.toHaveURL(/\/doctor-dashboard/);
  await doctor.goto("/doctor-login");
  await doctor.getByLabel("Email").fill(doctorEmail);
  await doctor.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await doctor.getByRole("button", { name: "Access Portal" }).click();
  await expect(doctor.getByText(/access has been revoked/).first()).toBeVisible();
  await page
    .getByRole("listitem")
    .filter({ hasText: doctorEmail })
    .getByRole("button", { name: /Restore access/ })
    .click();
  await expect(page.getByRole("listitem").filter({ hasText: doctorEmail })).toContainText("Active");

  await doctorContext.close();
  await employerContext.close();
});
