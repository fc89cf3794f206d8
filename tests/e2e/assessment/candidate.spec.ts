import { createInvitedReferral } from "../support/assessment-link.ts";
import { answerCoreQuestionsNo } from "../support/questionnaire.ts";
import { expect, test } from "../support/test.ts";

test.describe("candidate's pre-employment questionnaire", () => {
  test("from the link through consent to submit, resuming halfway in a new browser", async ({
    page,
    browser,
  }) => {
    const { link } = await createInvitedReferral(page, {
      type: "pre_employment",
      jobRole: "Office Worker",
    });
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Your pre-employment health questionnaire",
    );
    await expect(page.getByText("The job involves regular work at a computer")).toBeVisible();
    await expect(page.getByText("12 months after the outcome")).toBeVisible();

    // Consent is explicit: starting without ticking the box is refused.
    await page.getByRole("button", { name: "I agree and start" }).click();
    await expect(page.getByRole("alert")).toContainText("consent");
    await page.getByLabel(/I consent to ReferOH processing my health information/).check();
    await page.getByRole("button", { name: "I agree and start" }).click();

    // Page 1: the core questions; "Yes" opens its follow-up questions.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your health");
    await answerCoreQuestionsNo(page);
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Working at a screen");

    // Halfway: the same link in a new browser context resumes on the next page.
    const other = await browser.newContext();
    const resumed = await other.newPage();
    await resumed.goto(link);
    await expect(resumed.getByRole("heading", { level: 1 })).toHaveText("Working at a screen");
    for (const name of [/eyes or eyesight/, /neck, back, shoulders/, /special equipment/])
      await resumed.getByRole("group", { name }).getByLabel("No", { exact: true }).check();
    await resumed.getByRole("button", { name: "Save and continue" }).click();
    await resumed
      .getByRole("group", { name: /adjustments or support/ })
      .getByLabel("No", { exact: true })
      .check();
    await resumed
      .getByRole("group", { name: /speak to one of our doctors/ })
      .getByLabel("No", { exact: true })
      .check();
    await resumed.getByRole("button", { name: "Save and continue" }).click();

    await expect(resumed.getByRole("heading", { level: 1 })).toHaveText("Check your answers");
    await resumed.getByRole("button", { name: "Send my answers" }).click();
    await expect(resumed.getByRole("heading", { level: 1 })).toHaveText(
      "Your answers have been sent",
    );
    await expect(resumed.getByText(/within 48 hours|within 24 hours/)).toBeVisible();
    await other.close();

    // The first browser now sees the same outcome.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your answers have been sent");
  });

  test("declining consent ends the case and says the employer learns only that", async ({
    page,
  }) => {
    const { link } = await createInvitedReferral(page, { type: "pre_employment" });
    await page.goto(link);
    await page.getByRole("link", { name: "I do not agree" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Are you sure you do not want to take part?",
    );
    await page.getByRole("button", { name: "Yes, I do not want to take part" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "You have chosen not to take part",
    );
    await expect(page.getByText("could not go ahead")).toBeVisible();
    // The link keeps saying so; there is no way back into the questionnaire.
    await page.goto(`${link}/review`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "You have chosen not to take part",
    );
  });
});
