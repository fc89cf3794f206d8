import { jpegBytes, minimalPdf } from "../../support/documents.ts";
import { createInvitedReferral } from "../support/assessment-link.ts";
import { seededEmployer } from "../support/seeded-accounts.ts";
// The journeys' test: the automatic accessibility scan runs axe in the page, which has no scripts.
import { expect, hydratingTest as test } from "../support/test.ts";

/*
 * The case conversation without JavaScript (docs/architecture.md §1, "Every task works before and
 * without JavaScript"): the employer writes to the doctor and sends a document from plain forms,
 * a refused message comes back with the page's own answer, and the person does the same from their
 * link. The project in playwright.config.ts turns scripts off for the test's page; the person's
 * context says so itself.
 */

test("without JavaScript: HR writes to the doctor and sends a document; the person writes and sends a fit note", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const employer = await seededEmployer(page);
  const origin = new URL(page.url()).origin;
  // The referral is placed with scripts on (its own journey is tested elsewhere), as the same
  // employer: their session's cookies in a second context.
  const placing = await browser.newContext({ baseURL: origin });
  await placing.addCookies(await page.context().cookies());
  const placer = await placing.newPage();
  const { link, reference } = await createInvitedReferral(placer, {
    type: "management",
    employer: { page: placer, email: employer.email },
  });
  await placing.close();

  await page.goto(`/employer-referrals/${reference}`);
  // Proof the page runs no script: React Router never set its context.
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  const thread = page.getByTestId("employer-thread");
  // An empty message: the server's answer says so, on the page.
  await thread.getByRole("button", { name: "Send to the doctor" }).click();
  await expect(
    page.getByTestId("employer-thread").getByText("Write your message.").first(),
  ).toBeVisible();
  await page
    .getByLabel("Your message to the doctor")
    .fill("Does the role's ladder work matter here?");
  await page.getByRole("button", { name: "Send to the doctor" }).click();
  await expect(page).toHaveURL(/sent=message/);
  await expect(page.getByTestId("thread-message")).toContainText("ladder work");

  await page.getByRole("link", { name: "Send a document" }).click();
  await page.getByLabel("What is it?").selectOption({ label: "Risk assessment" });
  await page.getByLabel("File").setInputFiles({
    name: "Ladder risk assessment.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(minimalPdf()),
  });
  await page.getByRole("button", { name: "Send to the doctor" }).click();
  await expect(page.getByRole("status")).toContainText("Document sent");
  await expect(page.getByTestId("case-document")).toContainText("Ladder risk assessment.pdf");

  const personContext = await browser.newContext({ baseURL: origin, javaScriptEnabled: false });
  const person = await personContext.newPage();
  await person.goto(`${link}/documents`);
  await person.getByLabel("Your message to the doctor").fill("I work nights from next month.");
  await person.getByRole("button", { name: "Send to the doctor" }).click();
  await expect(person.getByTestId("thread-message")).toContainText("nights from next month");
  await person.getByLabel("What is it?").selectOption({ label: "Fit note" });
  await person.getByLabel("File").setInputFiles({
    name: "fit note.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from(jpegBytes),
  });
  await person.getByRole("button", { name: "Send the document" }).click();
  await expect(person.getByRole("status")).toContainText("Document sent");
  await expect(person.getByTestId("case-document")).toContainText("fit note.jpg");
  await personContext.close();
});
