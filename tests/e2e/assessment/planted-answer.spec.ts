import { randomUUID } from "node:crypto";
import { PASSWORD } from "../auth/helpers.ts";
import { createInvitedReferral } from "../support/assessment-link.ts";
import { readOutbox } from "../support/outbox.ts";
import { answerOfficeQuestionnaire, sendAnswers } from "../support/questionnaire.ts";
import { expect, test } from "../support/test.ts";

// The employer sees progress only (docs/architecture.md §1): a unique answer is planted, then every employer
// page, its data response and the employer's e-mails are searched for it.
test("an answer never reaches the employer's pages, data responses or e-mails", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const planted = `planted-${randomUUID()}`;
  const { link, reference, employerEmail } = await createInvitedReferral(page, {
    type: "pre_employment",
    jobRole: "Office Worker",
  });

  await answerOfficeQuestionnaire(page, link, {
    condition: `Asthma, well controlled (${planted})`,
  });
  await expect(page.getByText(planted)).toBeVisible(); // the subject does see their own answer
  await sendAnswers(page);

  const employerContext = await browser.newContext({
    baseURL: `http://localhost:${process.env.E2E_PORT ?? 3210}`,
  });
  const employer = await employerContext.newPage();
  try {
    await employer.goto("/login");
    await employer.getByLabel("Email").fill(employerEmail);
    await employer.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await employer.getByRole("button", { name: "Sign In" }).click();
    await expect(employer).toHaveURL(/\/employer-dashboard/);

    await employer.goto("/employer-referrals");
    const row = employer.getByRole("row", { name: new RegExp(reference) });
    await expect(row).toContainText("Submitted");
    const href = await row.getByRole("link", { name: `View ${reference}` }).getAttribute("href");
    const referralId = href!.split("/").pop()!;

    const urls = [
      "/employer-dashboard",
      `/employer-dashboard?viewReferral=${referralId}`,
      "/employer-referrals",
      `/employer-referrals?viewReferral=${referralId}`,
      // React Router's data responses, as client navigations fetch them.
      "/employer-dashboard.data",
      `/employer-dashboard.data?viewReferral=${referralId}`,
      "/employer-referrals.data",
      `/employer-referrals.data?viewReferral=${referralId}`,
      `/employer-referral/${referralId}`,
      `/employer-referral/${referralId}.data`,
      // The referral's own page, which the drawer enhances.
      `/employer-referrals/${referralId}`,
      `/employer-referrals/${referralId}.data`,
      "/employer-reports",
      "/employer-subscription",
    ];
    const answered: string[] = [];
    for (const url of urls) {
      const response = await employer.request.get(url, { maxRedirects: 0 });
      const body = await response.text();
      expect(body, url).not.toContain(planted);
      if (response.status() === 200) answered.push(url);
    }
    // The dashboard and the list, as pages and as data, with and without the drawer, were all read.
    expect(answered).toEqual(expect.arrayContaining(urls.slice(0, 8)));

    // The drawer as the employer sees it: progress, no answers.
    await employer.goto(`/employer-referrals?viewReferral=${referralId}`);
    const drawer = employer.getByRole("dialog");
    await expect(drawer).toContainText(reference);
    await expect(drawer).not.toContainText(planted);
    expect(await employer.content()).not.toContain(planted);

    for (const message of readOutbox().filter((m) => m.to.toLowerCase().includes(employerEmail)))
      expect(message.text, message.subject).not.toContain(planted);
  } finally {
    await employerContext.close();
  }
});
