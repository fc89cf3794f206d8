import type { Page } from "@playwright/test";
import { createInvitedReferral } from "../support/assessment-link.ts";
import { answerUpToPhq9Item9 } from "../support/guided-assessment.ts";
import { startAssessment } from "../support/questionnaire.ts";
import { expect, test } from "../support/test.ts";

/*
 * The crisis panel is seen and heard (docs/architecture.md, "The crisis panel"): on the page after
 * the answer that raised it, and on the pages after that, it is inside the screen and holds focus,
 * so a screen reader reads it out and a person on a phone sees the numbers without scrolling up.
 */

/** The panel is wholly inside the viewport and focus is on it (its heading) or inside it. */
async function expectPanelSeenAndHeard(page: Page) {
  const panel = page.getByTestId("crisis-support");
  await expect(panel).toBeVisible();
  await expect
    .poll(() =>
      panel.evaluate((section) => {
        const box = section.getBoundingClientRect();
        return {
          focusedInside: section.contains(document.activeElement),
          inViewport: box.top >= 0 && box.bottom <= window.innerHeight,
        };
      }),
    )
    .toEqual({ focusedInside: true, inViewport: true });
  await expect(page.getByRole("heading", { name: "If you need support now" })).toBeFocused();
}

/** From the second page on, the question is on the screen too, just below the panel. */
async function expectQuestionInView(page: Page) {
  const question = page.getByRole("heading", { level: 1 });
  const top = await question.evaluate((h) => h.getBoundingClientRect().top);
  const height = page.viewportSize()!.height;
  expect(top).toBeGreaterThan(0);
  expect(top).toBeLessThan(height - 40);
}

/** Answers the one question on a guided-assessment page with its first option, and saves. */
async function answerFirstOption(page: Page) {
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Save and continue" }).click();
}

for (const viewport of [
  { width: 375, height: 667 },
  { width: 1280, height: 720 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('PHQ-9 item 9 above "Not at all": the panel is in view and focused on the next page and on two after it', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const { link } = await createInvitedReferral(page, {
        type: "management",
        referralReason: "Time off with low mood since March",
      });
      await startAssessment(page, link);
      await answerUpToPhq9Item9(page, link);
      await expect(page.getByTestId("crisis-support")).toHaveCount(0);
      await page.getByLabel("Several days").check();
      await page.getByRole("button", { name: "Save and continue" }).click();

      // The page after the answer: the full panel, focused, its heading read with its first words.
      await expect(page).toHaveURL(/phq9\.difficulty$/);
      await expectPanelSeenAndHeard(page);
      const heading = page.getByRole("heading", { name: "If you need support now" });
      await expect(heading).toHaveAccessibleDescription(/You do not have to wait for the doctor/);
      await expect(page.getByTestId("crisis-support")).toHaveAttribute("data-form", "full");

      // Two later pages: the short panel, still focused and in view, with the question below it.
      for (const next of [/gad7\.1$/, /gad7\.2$/]) {
        await answerFirstOption(page);
        await expect(page).toHaveURL(next);
        await expectPanelSeenAndHeard(page);
        await expect(page.getByTestId("crisis-support")).toHaveAttribute("data-form", "short");
        await expect(page.getByRole("link", { name: "116 123" })).toHaveAttribute(
          "href",
          "tel:116123",
        );
        await expectQuestionInView(page);
      }

      // Tab from the panel reaches its numbers, then the question's first option.
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "116 123" })).toBeFocused();
    });

    test("an indirect wording in free text: the panel is in view and focused on the next page, the one after and Check your answers", async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const { link } = await createInvitedReferral(page, {
        type: "pre_employment",
        jobRole: "Office Worker",
      });
      await startAssessment(page, link);
      for (const name of [/health condition or disability/, /receiving treatment/]) {
        await page.getByRole("group", { name }).getByLabel("No", { exact: true }).check();
      }
      await page
        .getByRole("group", { name: /mental health condition/ })
        .getByLabel("Yes", { exact: true })
        .check();
      await page
        .getByLabel(/Please tell us about it/)
        .fill("Some days I don't see the point of going on");
      await page
        .getByRole("group", { name: /caused or made worse by work/ })
        .getByLabel("No", { exact: true })
        .check();
      await page.getByRole("button", { name: "Save and continue" }).click();

      // The next page of questions, then the last, then "Check your answers".
      await expect(page.getByRole("group", { name: /eyes or eyesight/ })).toBeVisible();
      await expectPanelSeenAndHeard(page);
      await expect(page.getByTestId("crisis-support")).toHaveAttribute("data-form", "full");
      for (const name of [/eyes or eyesight/, /neck, back, shoulders/, /special equipment/])
        await page.getByRole("group", { name }).getByLabel("No", { exact: true }).check();
      await page.getByRole("button", { name: "Save and continue" }).click();

      await expect(page.getByRole("group", { name: /adjustments or support/ })).toBeVisible();
      await expectPanelSeenAndHeard(page);
      await expect(page.getByTestId("crisis-support")).toHaveAttribute("data-form", "short");
      await expectQuestionInView(page);
      for (const name of [/adjustments or support/, /speak to one of our doctors/])
        await page.getByRole("group", { name }).getByLabel("No", { exact: true }).check();
      await page.getByRole("button", { name: "Save and continue" }).click();

      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your answers");
      await expectPanelSeenAndHeard(page);
      await expectQuestionInView(page);
    });
  });
}
