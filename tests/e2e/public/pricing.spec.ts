import type { Locator } from "@playwright/test";
import { expect, test } from "../support/test.ts";

/** A calculator's figures by test id: a string is the whole text shown, a pattern a part of it. */
async function expectFigures(calculator: Locator, figures: Record<string, string | RegExp>) {
  for (const [testId, text] of Object.entries(figures))
    await expect(calculator.getByTestId(testId)).toHaveText(text);
}

const paths = [
  {
    answers: ["1–50 employees", "1–5 a year", "0–2 a year", "Somewhat important"],
    plan: "Pay Per Referral",
  },
  {
    answers: ["1–50 employees", "6–20 a year", "0–2 a year", /Very important/],
    plan: "Membership + Starter credit pack",
  },
  {
    answers: ["51–250 employees", "6–20 a year", "3–10 a year", /Very important/],
    plan: "Membership + Value credit pack",
  },
  {
    answers: [
      "More than 250 employees",
      "More than 20 a year",
      "More than 10 a year",
      "Somewhat important",
    ],
    plan: "Membership + Plus credit pack",
  },
] as const;

test.describe("Find Your Ideal Plan", () => {
  for (const path of paths) {
    test(`recommends ${path.plan}`, async ({ page }) => {
      await page.goto("/pricing");
      const quiz = page.locator("#quiz");
      const counter = quiz.getByTestId("quiz-counter");
      await expect(counter).toHaveText("1 of 4");
      await expect(quiz.getByRole("button", { name: "Start Over" })).toBeDisabled();
      await expect(quiz.getByRole("button", { name: "Next" })).toBeDisabled();
      for (const [i, answer] of path.answers.entries()) {
        await expect(counter).toHaveText(`${i + 1} of 4`);
        await expect(quiz.getByRole("progressbar")).toHaveAttribute(
          "aria-valuenow",
          String(i * 25),
        );
        if (i === 3)
          await expect(quiz.getByRole("button", { name: "See Recommendation" })).toBeDisabled();
        // From the second question Start Over is a link to the quiz's start.
        else if (i > 0) await expect(quiz.getByRole("link", { name: "Start Over" })).toBeVisible();
        await quiz.getByRole("button", { name: answer }).click();
      }
      await expect(quiz.getByText("Your Recommended Plan")).toBeVisible();
      await expect(quiz.getByRole("heading", { level: 3 })).toHaveText(path.plan);
      await expect(quiz.getByRole("link", { name: "Get Started" })).toHaveAttribute(
        "href",
        "/package-selection",
      );
      await quiz.getByRole("link", { name: "Retake Quiz" }).click();
      await expect(counter).toHaveText("1 of 4");
    });
  }

  test("Previous keeps the answer, so Next is enabled; Start Over clears everything", async ({
    page,
  }) => {
    await page.goto("/pricing");
    const quiz = page.locator("#quiz");
    await quiz.getByRole("button", { name: "51–250 employees" }).click();
    await quiz.getByRole("button", { name: "Previous" }).click();
    await expect(quiz.getByTestId("quiz-counter")).toHaveText("1 of 4");
    await expect(quiz.getByRole("button", { name: "51–250 employees" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await quiz.getByRole("button", { name: "Next" }).click();
    await expect(quiz.getByTestId("quiz-counter")).toHaveText("2 of 4");
    await quiz.getByRole("link", { name: "Start Over" }).click();
    await expect(quiz.getByTestId("quiz-counter")).toHaveText("1 of 4");
    await expect(quiz.getByRole("button", { name: "51–250 employees" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });
});

test.describe("pricing section", () => {
  test("membership toggles between monthly and annual; credit packs are the default tab", async ({
    page,
  }) => {
    await page.goto("/pricing#pricing");
    const pricing = page.locator("#pricing");
    await expect(pricing.getByTestId("membership-price")).toHaveText("£125");
    await pricing.getByRole("button", { name: "Annual" }).click();
    await expect(pricing.getByTestId("membership-price")).toHaveText("£1,350");
    await expect(pricing.getByText("Save 10% (£150)")).toBeVisible();
    await pricing.getByRole("button", { name: "Monthly" }).click();
    await expect(pricing.getByTestId("membership-price")).toHaveText("£125");
    await expect(pricing.getByRole("link", { name: "Subscribe Now" })).toHaveAttribute(
      "href",
      "/package-selection",
    );

    await expect(pricing.getByRole("tab", { name: "Credit Packs" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    for (const price of ["£850", "£1,700", "£3,400", "£8,000"])
      await expect(pricing.getByText(price, { exact: true })).toBeVisible();
    await pricing.getByRole("tab", { name: "Pay Per Referral" }).click();
    await expect(pricing.getByText("£95", { exact: true })).toBeVisible();
    await expect(pricing.getByText("£380", { exact: true })).toBeVisible();
    await expect(pricing.getByText("£850", { exact: true })).toBeHidden();
    await expect(pricing.getByText("Credit usage")).toBeVisible();
    await expect(pricing.getByText("Our clinician-led commitment")).toBeVisible();
  });
});

test.describe("savings calculator", () => {
  test("includes the membership fee, computes break-even and shows savings only when positive", async ({
    page,
  }) => {
    await page.goto("/pricing#roi");
    const roi = page.locator("#roi");
    const slider = roi.getByRole("slider");
    await expect(slider).toHaveValue("3");
    await expect(slider).toHaveAttribute("min", "1");
    await expect(slider).toHaveAttribute("max", "10");
    await expectFigures(roi, {
      "roi-payg-total": "£1,140",
      "roi-member-total": "£1,145",
      "roi-no-savings": /£5 more/,
      "roi-break-even": /4 management referrals a month/,
    });
    await expect(roi.getByTestId("roi-savings")).toHaveCount(0);

    await slider.fill("4");
    await expectFigures(roi, {
      "roi-count": "4",
      "roi-payg-total": "£1,520",
      "roi-member-total": "£1,485",
      "roi-monthly-savings": /£35/,
      "roi-percent": "2%",
      "roi-annual": "£420",
    });

    await slider.press("End");
    await expectFigures(roi, {
      "roi-count": "10",
      "roi-monthly-savings": /£275/,
      "roi-percent": "7%",
      "roi-annual": "£3,300",
    });

    await roi.getByRole("button", { name: "Pre-employment checks" }).click();
    await expectFigures(roi, {
      "roi-payg-total": "£950",
      "roi-member-total": "£975",
      "roi-break-even": /13 pre-employment checks a month/,
    });
    await expect(roi.getByTestId("roi-savings")).toHaveCount(0);
  });
});

test.describe("package price calculator", () => {
  test("finds the cheapest way to buy from the catalogue, and copies the quote", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/pricing#package-calculator");
    const calc = page.locator("#package-calculator");
    const quantity = calc.getByRole("textbox", { name: /How many/ });
    await expect(quantity).toHaveValue("3");
    await expectFigures(calc, {
      "package-best-name": "Pay per referral",
      "package-best-total": "£285",
    });

    await calc.getByRole("button", { name: "Management referral" }).click();
    await expectFigures(calc, { "package-best-total": "£1,140" });
    await calc.getByRole("button", { name: "Increase" }).click();
    await expect(quantity).toHaveValue("4");
    await expectFigures(calc, {
      "package-best-name": "Membership and member prices",
      "package-best-total": "£1,485",
    });

    await quantity.fill("25");
    await expectFigures(calc, {
      "package-best-name": "Membership and credit packs",
      "package-best-total": "£8,125",
    });
    await expect(calc.getByTestId("package-alternatives")).toContainText("£8,625");
    await expect(calc.getByTestId("package-alternatives")).toContainText("£9,500");

    await quantity.fill("0");
    await expect(calc.getByText("Enter a whole number from 1 to 500")).toBeVisible();
    await expect(quantity).toHaveAttribute("aria-invalid", "true");
    await quantity.fill("25");

    await calc.getByRole("button", { name: "Copy this quote" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toContainText("Copied to clipboard");
    await expect(toast).toContainText("Assessment count copied to clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "25 × Management Referral: Membership and credit packs, £8,125 + VAT",
    );
  });
});
