import type { Locator, Page } from "@playwright/test";

/**
 * The <summary> that opens one of the header's menus (a <details>, docs/decisions/0014):
 * "Menu" (the phone menu, named by its label) or the account menu ("My Account", with the active
 * organisation after it). Playwright gives a <summary> no role, so it is found by its text.
 */
export function menuSummary(scope: Page | Locator, name: "Menu" | string | RegExp): Locator {
  if (name === "Menu") return scope.locator('summary[aria-label="Menu"]');
  return scope.locator("summary", { hasText: name });
}

/** The phone menu's panel, once open. */
export function phoneMenu(scope: Page | Locator): Locator {
  return scope.getByRole("region", { name: "Menu" });
}

/** The account menu's panel, once open. */
export function accountMenu(scope: Page | Locator): Locator {
  return scope.getByTestId("account-menu");
}
