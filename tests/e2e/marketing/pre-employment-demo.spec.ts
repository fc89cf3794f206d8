import { answerCoreQuestionsNo } from "../support/questionnaire.ts";
import { expect, test } from "../support/test.ts";

test.describe("public pre-employment demo", () => {
  test("builds the questionnaire for a role and walks through it, sending nothing", async ({
    page,
  }) => {
    const writes: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") writes.push(`${request.method()} ${request.url()}`);
    });
    await page.goto("/pre-employment-demo");
    await expect(page.getByTestId("demo-banner")).toHaveText(
      "Demo — nothing you enter is saved or sent.",
    );
    await page.getByLabel("Job role").selectOption("driver");
    await page.getByLabel("Night shifts").check();
    await page.getByRole("button", { name: "Build the questionnaire" }).click();
    await expect(page).toHaveURL(/role=driver/);
    await expect(page.getByText("medical standards set by the DVLA")).toBeVisible();
    await expect(page.getByText("night workers are entitled to a health assessment")).toBeVisible();
    await expect(page.getByText("Part 1 of 4")).toBeVisible();

    // Required questions are checked on each page, in the GOV.UK pattern.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("alert")).toContainText("There is a problem");
    await answerCoreQuestionsNo(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Part 2 of 4")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Driving" })).toBeVisible();
    expect(writes).toEqual([]);
  });
});
