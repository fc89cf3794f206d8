import { randomUUID } from "node:crypto";
import { baseURL } from "../../../playwright.config.ts";
import { enrolTwoFactor, PASSWORD, uniqueEmail } from "../auth/helpers.ts";
import { signedInAdmin } from "../support/admin.ts";
import { signedInEmployer } from "../support/employer.ts";
import { linkTo, waitForMessage } from "../support/outbox.ts";
import { expect, test } from "../support/test.ts";

const adminPages = [
  "/admin",
  "/admin/doctors",
  "/admin/organisations",
  "/admin/organisations/any-organisation",
  "/admin/cases",
  "/admin/inbox",
  "/admin/audit",
  "/admin/audit.csv",
  "/admin/access-review",
];

/**
 * Same-origin POSTs, as the admin pages' own forms would send them: ids of the right shape, so the
 * refusal comes from the role check and not from the edge's id check (app/middleware/edge.server.ts).
 */
const adminActions: [string, Record<string, string>][] = [
  ["/admin/organisations/any-organisation", { credits: "100", reason: "Free credits please" }],
  ["/admin/cases", { referralId: randomUUID(), doctorUserId: "any" }],
  ["/admin/inbox", { kind: "contact", id: randomUUID() }],
  ["/admin/doctors", { intent: "restore", userId: "any" }],
];

test("an employer and a doctor are refused every admin page and action", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // A doctor needs an administrator's invitation, a password and two-factor first.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signedInAdmin(admin);
  await admin.goto("/admin/doctors");
  const doctorEmail = uniqueEmail("doctor");
  await admin.getByLabel("Full name").fill("Dr Refused Person");
  await admin.getByLabel("Email").fill(doctorEmail);
  await admin.getByLabel("GMC number").fill(String(5_000_000 + Math.floor(Math.random() * 4e6)));
  await admin.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.getByText("Invitation sent")).toBeVisible();
  await adminContext.close();

  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await doctor.goto(
    linkTo(await waitForMessage(doctorEmail, "Medical Professional Portal"), "/reset-password"),
  );
  await doctor.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await doctor.getByLabel("Confirm new password").fill(PASSWORD);
  await doctor.getByRole("button", { name: "Set password" }).click();
  await doctor.getByLabel("Email").fill(doctorEmail);
  await doctor.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await doctor.getByRole("button", { name: "Access Portal" }).click();
  await enrolTwoFactor(doctor);
  await expect(doctor).toHaveURL(/\/doctor-dashboard/);

  await signedInEmployer(page);

  for (const [who, visitor] of [
    ["employer", page],
    ["doctor", doctor],
  ] as const) {
    for (const path of adminPages) {
      const response = await visitor.goto(path);
      expect(response?.status(), `${who} GET ${path}`).toBe(403);
    }
    await expect(
      visitor.getByRole("heading", { name: "You do not have access to this page" }),
    ).toBeVisible();
    for (const [path, form] of adminActions) {
      const response = await visitor.request.post(path, {
        form,
        headers: { Origin: baseURL },
        maxRedirects: 0,
      });
      expect(response.status(), `${who} POST ${path}`).toBe(403);
    }
  }
  await doctorContext.close();
});
