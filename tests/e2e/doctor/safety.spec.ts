import type { Page } from "@playwright/test";
import { signedInAdmin } from "../support/admin.ts";
import { createInvitedReferral } from "../support/assessment-link.ts";
import { answerUpToPhq9Item9 } from "../support/guided-assessment.ts";
import { linkTo, waitForMessage } from "../support/outbox.ts";
import { answerOfficeQuestionnaire, sendOfficeCase } from "../support/questionnaire.ts";
import { expect, test } from "../support/test.ts";

/*
 * The safety pathway (README: CLINICAL_ONCALL_EMAIL): an urgent answer raises the case at once,
 * in front of every doctor with the way to reach the person, whether or not they ever send their
 * answers; the person's pages keep the crisis panel to the last; and an administrator can move an
 * unsigned case to a doctor who opens it at once.
 */

const ONCALL = "clinical-oncall@referoh.co.uk";

async function reassign(admin: Page, reference: string, doctorName: string) {
  await admin.goto(`/admin/cases?q=${reference}`);
  await admin.getByLabel(`Doctor for ${reference}`).selectOption({ label: doctorName });
  await admin.getByRole("button", { name: `Reassign ${reference}` }).click();
  await expect(admin.getByText("Case reassigned").first()).toBeVisible();
}

test("an urgent answer, then the browser closed without sending: a doctor not on the case sees it at the top with phone and e-mail, on-call gets URGENT, the contact is logged", async ({
  page,
  browser,
  signedIn,
}) => {
  test.setTimeout(300_000);
  const { link, reference, subjectEmail } = await createInvitedReferral(page, {
    type: "management",
    referralReason: "Time off with low mood since March",
    subjectPhone: "07911 123456",
  });

  // Two doctors: the administrator gives the case to the first; the second does not hold it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signedInAdmin(admin);
  const holder = await signedIn.doctor();
  const second = await signedIn.doctor();
  await reassign(admin, reference, holder.name);

  // The person, in a browser of their own, corrects the number on the consent page: a bad number
  // is refused with a message, and what they typed and ticked is still there.
  const personContext = await browser.newContext();
  const person = await personContext.newPage();
  await person.goto(link);
  const phone = person.getByLabel(/Your mobile number/);
  await expect(phone).toHaveValue("+447911123456");
  await phone.fill("07811 65432x");
  await person.getByLabel(/I consent to ReferOH processing my health information/).check();
  await person.getByRole("button", { name: "I agree and start" }).click();
  await expect(person.getByText(/using only digits/).first()).toBeVisible();
  await expect(phone).toHaveValue("07811 65432x");
  await expect(
    person.getByLabel(/I consent to ReferOH processing my health information/),
  ).toBeChecked();
  await phone.fill("07811 654321");
  await person.getByRole("button", { name: "I agree and start" }).click();

  await answerUpToPhq9Item9(person, link);
  await person.getByLabel("More than half the days").check();
  await person.getByRole("button", { name: "Save and continue" }).click();
  await expect(person.getByTestId("crisis-support")).toBeVisible();
  // … and the person closes the browser without sending anything.
  await personContext.close();
  const closedAt = Date.now();

  // Within 60 seconds the second doctor sees it among the urgent cases at the top of the queue.
  const doctor = second.page;
  const row = doctor.getByRole("row").filter({ hasText: reference });
  await expect(async () => {
    await doctor.goto("/doctor-dashboard");
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  expect(Date.now() - closedAt).toBeLessThan(60_000);
  await expect(row).toHaveAttribute("data-urgent", "true");
  const rows = doctor.locator("tbody tr");
  const position = await rows.evaluateAll(
    (all, ref) => all.findIndex((r) => r.textContent?.includes(ref)),
    reference,
  );
  for (let i = 0; i <= position; i++)
    await expect(rows.nth(i)).toHaveAttribute("data-urgent", "true");
  await expect(row.getByText("Urgent", { exact: true })).toBeVisible();
  await expect(row.getByText("Not yet contacted")).toBeVisible();
  await expect(row.getByText(/Flagged (just now|\d+ minutes? ago)/)).toBeVisible();
  await expect(row.getByRole("link", { name: "+44 7811 654321" })).toHaveAttribute(
    "href",
    "tel:+447811654321",
  );
  await expect(row.getByRole("link", { name: subjectEmail })).toBeVisible();
  await expect(doctor.getByTestId("urgent-banner")).toContainText("not yet contacted");
  await expect(doctor.getByText("Nothing at risk")).toHaveCount(0);

  // The on-call e-mail: URGENT first, the reference, and nothing the person answered.
  const alert = await waitForMessage(ONCALL, reference, { timeoutMs: 60_000 });
  expect(alert.subject).toMatch(/^URGENT /);
  expect(alert.text).not.toMatch(/More than half|low mood|PHQ/i);

  // The second doctor opens the case and records reaching the person.
  await row.getByRole("link", { name: `Review ${reference}` }).click();
  const sheet = doctor.getByRole("dialog");
  await expect(sheet).toBeVisible({ timeout: 15_000 });
  await expect(sheet.getByTestId("contact-details")).toContainText("+44 7811 654321");
  await expect(sheet.getByTestId("contact-details")).toContainText(subjectEmail);
  await expect(sheet.getByText("Not yet contacted.")).toBeVisible();
  await expect(sheet).toContainText("You see this case because of its urgent safety flag");
  await sheet.getByLabel("How").selectOption("phone");
  await sheet.getByLabel("Outcome").selectOption("reached");
  await sheet
    .getByLabel(/Note/)
    .fill("Spoke to the person; safe tonight, seeing their GP tomorrow.");
  await sheet.getByRole("button", { name: "Record attempt" }).click();
  await expect(doctor.getByText("Contact attempt recorded").first()).toBeVisible();
  await expect(sheet.getByText(/Contacted: the person was reached/)).toBeVisible();
  await expect(sheet.getByTestId("contact-attempts")).toContainText("Reached the person");
  await expect(sheet.getByTestId("contact-attempts")).toContainText(second.name);

  // The doctor on the case sees it too, now contacted.
  await holder.page.goto(`/doctor-dashboard?q=${reference}`);
  const held = holder.page.getByRole("row").filter({ hasText: reference });
  await expect(held).toContainText("Urgent");
  await expect(held.getByText("Not yet contacted")).toHaveCount(0);
  await adminContext.close();
});

test("after an urgent flag the last page keeps the crisis panel; an administrator reassigns the submitted case and the new doctor opens the editor", async ({
  page,
  browser,
  signedIn,
}) => {
  test.setTimeout(300_000);
  // Indirect wording in free text raises the case; the crisis panel shows from the next page on.
  const { reference, subjectEmail } = await sendOfficeCase(page, {
    mentalHealth: "Low mood. Some days I think everyone would be better off without me.",
    afterPage: () => expect(page.getByTestId("crisis-support")).toBeVisible(),
  });

  // The last page (the answers are sent): the panel stays, and says what happens next for an
  // urgent case.
  const crisis = page.getByTestId("crisis-support");
  await expect(crisis).toBeVisible();
  await expect(crisis).toContainText("116 123");
  await expect(crisis).toContainText("999");
  await expect(page.getByText(/a doctor will try to reach you today/)).toBeVisible();
  // The panel's words fit a page after sending: nothing is left to "carry on" with.
  await expect(crisis).toContainText("Your answers have been sent to the doctor");
  await expect(page.getByText(/carry on when you are ready/)).toHaveCount(0);
  await expect(page.getByText(/within \d+ hours/)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("crisis-support")).toBeVisible();

  // The administrator gives the submitted case to a doctor, who opens the editor at once.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signedInAdmin(admin);
  const doctor = await signedIn.doctor();
  await reassign(admin, reference, doctor.name);
  // Every doctor is also told of the new urgent case; that broadcast can land after the
  // reassignment, so the wait names the assignment's own subject, and the subject is still
  // checked whole.
  const assigned = await waitForMessage(doctor.email, `Case assigned to you: ${reference}`);
  expect(assigned.subject).toBe(`URGENT Case assigned to you: ${reference}`);

  await doctor.page.goto(`/doctor-dashboard?q=${reference}`);
  const row = doctor.page.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText("Assigned to you");
  await row.getByRole("link", { name: `Review ${reference}` }).click();
  const sheet = doctor.page.getByRole("dialog");
  await expect(sheet).toBeVisible({ timeout: 15_000 });
  await sheet.getByRole("button", { name: "Review & Create Report" }).click();
  await expect(doctor.page).toHaveURL(/\/doctor-referrals\/[0-9a-f-]+\/report$/);
  await expect(doctor.page.getByText("This case is not available to take")).toHaveCount(0);
  await expect(doctor.page.getByRole("heading", { level: 1 })).toHaveText("Review & Create Report");

  // The doctor asks the person a question from the editor: it goes into the person's thread, the
  // one conversation between them; the person answers there.
  const question = "How many hours a day do you spend at a screen?";
  const thread = doctor.page.getByTestId("person-thread");
  await thread.getByLabel("Your message to the employee").fill(question);
  await thread.getByRole("button", { name: "Send to the employee" }).click();
  await expect(thread.getByTestId("thread-message")).toContainText([question]);
  await expect(thread.getByText("Message sent")).toBeVisible();
  const asked = await waitForMessage(
    subjectEmail,
    "A question from your occupational health doctor",
  );
  expect(asked.text).not.toContain(question);
  // The page the person is on says a message is waiting, and leads to it.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Questions from your doctor" })).toHaveCount(0);
  await page
    .getByTestId("new-messages")
    .getByRole("link", { name: "1 new message from your doctor" })
    .click();
  await expect(page.getByRole("heading", { name: "Messages and documents" })).toBeVisible();
  await expect(page.getByText(question)).toBeVisible();
  // The e-mail's link opens the same thread.
  await page.goto(linkTo(asked, "/assessment/"));
  await expect(page).toHaveURL(/\/assessment\/[^/]+\/documents$/);
  await page.getByLabel("Your message to the doctor").fill("About six hours, with breaks.");
  await page.getByRole("button", { name: "Send to the doctor" }).click();
  await expect(page.getByText("About six hours, with breaks.")).toBeVisible();
  const replied = await waitForMessage(doctor.email, "New message from the employee");
  expect(replied.subject).toBe(`URGENT New message from the employee on case ${reference}`);
  expect(replied.text).not.toContain("six hours");
  await doctor.page.reload();
  await expect(doctor.page.getByTestId("person-thread").getByTestId("thread-message")).toHaveText([
    new RegExp(question),
    /About six hours, with breaks\./,
  ]);
  await adminContext.close();
});

test("an indirect wording typed in a free-text answer shows the crisis panel at once and puts the case at the top of the doctor queue as urgent", async ({
  page,
  signedIn,
}) => {
  test.setTimeout(240_000);
  const { link, reference } = await createInvitedReferral(page, {
    type: "pre_employment",
    jobRole: "Office Worker",
  });
  const doctor = await signedIn.doctor();

  // No word of suicide or death: the wording the earlier screen missed (ADR 0018).
  let shownAfter: number | undefined;
  await answerOfficeQuestionnaire(page, link, {
    mentalHealth: "Some days I don't see the point of going on",
    afterPage: async (index) => {
      if (shownAfter === undefined && (await page.getByTestId("crisis-support").count()) > 0)
        shownAfter = index;
    },
  });
  // It appears on the page after the one where the words were typed, and stays.
  expect(shownAfter).toBeDefined();
  await expect(page.getByTestId("crisis-support")).toBeVisible();
  await expect(page.getByTestId("crisis-support")).toContainText("116 123");

  // Raised before sending: the doctor sees it in the queue, urgent, with no contact yet.
  const row = doctor.page.getByRole("row").filter({ hasText: reference });
  await expect(async () => {
    await doctor.page.goto("/doctor-dashboard");
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row).toHaveAttribute("data-urgent", "true");
  await expect(row.getByText("Urgent", { exact: true })).toBeVisible();
  await expect(row.getByText("Not yet contacted")).toBeVisible();
  await expect(doctor.page.locator("tbody tr").first()).toHaveAttribute("data-urgent", "true");
});
