import { createInvitedReferral } from "../support/assessment-link.ts";
import { startAssessment } from "../support/questionnaire.ts";
import { expect, test } from "../support/test.ts";

test.describe("employee's guided assessment", () => {
  test("one question at a time with the chat so far; PHQ-9 item 9 above 0 shows crisis support", async ({
    page,
  }) => {
    const { link } = await createInvitedReferral(page, {
      type: "management",
      referralReason: "Time off with low mood since March",
    });
    await startAssessment(page, link);

    // The employer's reason is quoted in the chat above the first question.
    await expect(page.getByTestId("conversation")).toContainText(
      "Time off with low mood since March",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Does that describe the situation as you see it?",
    );
    await page.getByLabel("Yes", { exact: true }).check();
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page.getByTestId("conversation")).toContainText("Yes");

    // Back changes an answer.
    await page.getByRole("link", { name: "Back" }).click();
    await page.getByLabel("Partly").check();
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByRole("textbox").fill("It is not only the deadlines.");
    await page.getByRole("button", { name: "Save and continue" }).click();

    await page.getByLabel(/Stress, low mood, anxiety/).check();
    await page.getByRole("button", { name: "Save and continue" }).click();
    // Saved once the answer is in the chat: jumping ahead before that aborts the save, and the
    // link then (rightly) sends the person back to the unanswered question.
    await expect(page.getByTestId("conversation")).toContainText("Stress, low mood, anxiety");
    await expect(page.getByTestId("crisis-support")).toHaveCount(0);

    // Straight to PHQ-9 item 9 (the link resumes wherever the person is; here we jump).
    await page.goto(`${link}/questions/phq9.9`);
    // The time frame is part of the item's legend, so a screen reader hears it with every item.
    await expect(
      page.getByRole("group", {
        name: /^Over the last 2 weeks, how often have you been bothered by any of the following problems\? Thoughts that you would be better off dead/,
      }),
    ).toBeVisible();
    await page.getByLabel("Several days").check();
    await page.getByRole("button", { name: "Save and continue" }).click();
    const crisis = page.getByTestId("crisis-support");
    await expect(crisis).toBeVisible();
    await expect(crisis).toContainText("116 123");
    await expect(crisis).toContainText("111");
    await expect(crisis).toContainText("999");
    await expect(crisis.getByRole("link", { name: "116 123" })).toHaveAttribute(
      "href",
      "tel:116123",
    );
    // The assessment continues, with the panel still there.
    await expect(page.getByRole("button", { name: "Save and continue" })).toBeVisible();
    await page.goto(`${link}/questions/gad7.1`);
    await expect(
      page.getByRole("group", {
        name: /^Over the last 2 weeks, how often have you been bothered by the following problems\? Feeling nervous, anxious or on edge$/,
      }),
    ).toBeVisible();
    await page.goto(link);
    await expect(page.getByTestId("crisis-support")).toBeVisible();
  });
});
