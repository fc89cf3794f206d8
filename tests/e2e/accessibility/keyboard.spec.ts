import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "@playwright/test";
import { freshCode, signedInAdmin } from "../support/admin.ts";
import { signedInEmployer } from "../support/employer.ts";
import { linkTo, waitForMessage } from "../support/outbox.ts";
import { expect, keepsScreenshots, test } from "../support/test.ts";
import {
  expectSoundLayout,
  expectVisibleFocus,
  focusState,
  reflowViewports,
  tabTo,
} from "./checks.ts";

/*
 * The three journeys of docs/architecture.md §5 done with the keyboard alone: Tab, Shift+Tab, Enter, Space,
 * arrow keys, Escape and typing; nothing is clicked. (Setting up the accounts — registration,
 * doctor invitation, two-factor enrolment — is proved elsewhere and done here the quick way.)
 * Every stop of focus on the way must show a focus ring with 3:1 contrast that is neither off
 * screen nor under the fixed header; after each page change focus is on the new page's heading.
 * The three run in order on one case: the employer's referral is the one the person answers and
 * the doctor reports on.
 */
test.describe.configure({ mode: "serial" });

const run = {
  reference: "",
  link: "",
  subjectEmail: `subject-${randomUUID().slice(0, 8)}@example.org`,
};

/**
 * Full-page screenshots of `page`'s address at 320 px and at 1280 px with 200 % zoom, in contexts
 * with the same cookies, kept in the test's output for a person to look at.
 */
async function shootAtReflowSizes(browser: Browser, page: Page, name: string) {
  if (!keepsScreenshots) return;
  const storageState = await page.context().storageState();
  for (const [size, options] of Object.entries(reflowViewports)) {
    const context = await browser.newContext({
      ...options,
      storageState,
      baseURL: `http://localhost:${process.env.E2E_PORT ?? 3210}`,
    });
    const shot = await context.newPage();
    await shot.goto(page.url());
    await shot.screenshot({
      path: test.info().outputPath(`${name}-${size.replace(/\W+/g, "-")}.png`),
      fullPage: true,
    });
    await context.close();
  }
}

/** Focus is on the page's main heading, placed there by the page change (not a control). */
async function expectFocusOnHeading(page: Page, text: string | RegExp) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.tagName === "H1" && el.closest("main") !== null
          ? (el.textContent ?? "").trim()
          : `not the heading: <${el?.tagName.toLowerCase()}>`;
      }),
    )
    .toMatch(typeof text === "string" ? new RegExp(`^${escapeRegExp(text)}$`) : text);
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The first Tab on a freshly loaded page reaches the skip link; Enter moves focus into main. */
async function useSkipLink(page: Page) {
  await page.locator("body").focus();
  await page.keyboard.press("Tab");
  await expectVisibleFocus(page, "Skip to main content");
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
}

/** Focus stays inside `dialog` through a full cycle of Tab and of Shift+Tab. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const inside = () =>
    dialog.evaluate((el) => el.contains(document.activeElement) && document.activeElement !== el);
  const stops = await dialog.evaluate(
    (el) =>
      el.querySelectorAll(
        "a[href], button:not([disabled]), input:not([type=hidden]), select, textarea, [tabindex='0']",
      ).length,
  );
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press(key);
      expect(await inside(), `${key} #${i + 1} keeps focus in the dialog`).toBe(true);
      await expectVisibleFocus(page);
    }
  }
}

/** Tab to a field by its label and type into it. */
async function typeInto(page: Page, label: string | RegExp, text: string) {
  await tabTo(page, label, { limit: 80 });
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

/** Tab to a checkbox by its label and tick it with Space. */
async function tick(page: Page, label: string | RegExp) {
  const state = await tabTo(page, label);
  expect(state.tag).toBe("input");
  await page.keyboard.press("Space");
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(
    true,
  );
}

/**
 * Tab into a radio group (focus lands on its checked radio, or its first), then arrow down to
 * the option: arrow keys both move and select within a group.
 */
async function chooseRadio(page: Page, option: string) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    await expectVisibleFocus(page);
    if (await page.evaluate(() => (document.activeElement as HTMLInputElement).type === "radio"))
      break;
  }
  const current = await focusState(page);
  if (current?.name === option) {
    await page.keyboard.press("Space");
    return;
  }
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("ArrowDown");
    const state = await expectVisibleFocus(page);
    if (state.name === option) {
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).checked)).toBe(
        true,
      );
      return;
    }
  }
  throw new Error(`no radio "${option}" in the group`);
}

test("an employer makes a management referral, pays, and opens its drawer, by keyboard", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedInEmployer(page);

  await page.goto("/employer-referrals");
  await useSkipLink(page);
  await tabTo(page, "New Management Referral");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/employer-referral\?type=management/);
  await expectFocusOnHeading(page, /Management Referral/i);

  await typeInto(page, "Employee name", "Robin Taylor");
  await typeInto(page, "Employee email address", run.subjectEmail);
  await typeInto(
    page,
    "Reason for referral",
    "Back pain since a fall at work in the spring; we want to know how best to support Robin.",
  );
  await typeInto(page, "Job details", "Warehouse team leader, 37.5 hours a week, on site");
  await tick(page, "Is the employee fit for their current role, with or without adjustments?");
  await tick(page, "What workplace adjustments do you recommend?");
  await tick(page, /^I confirm the employee has been told/);
  await tabTo(page, "Submit and pay");
  await page.keyboard.press("Enter");

  // The payment page asks for nothing the employer already gave (WCAG 3.3.7).
  await expect(page).toHaveURL(/\/payment\?order=/);
  await expectFocusOnHeading(page, /./);
  await expect(page.getByRole("textbox", { name: /name|e-?mail/i })).toHaveCount(0);
  await tabTo(page, /^Pay £/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/review-referral\?referral=/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Payment confirmed" })).toBeVisible();
  run.reference = (await page
    .locator("dt", { hasText: "Reference" })
    .locator("+ dd")
    .textContent())!.trim();

  // The referral's drawer, from the list: focus moves into it, stays there, and comes back.
  await page.goto("/employer-referrals");
  const view = `View ${run.reference}`;
  await tabTo(page, view, { limit: 80 });
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog");
  await expect(drawer).toContainText(`Referral Details: ${run.reference}`);
  await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expectFocusTrapped(page, drawer);
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expectVisibleFocus(page, view);
  await expectSoundLayout(page, "/employer-referrals after the drawer");
});

test("the person gives consent, answers the guided assessment and sends it, by keyboard", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  test.skip(!run.reference, "needs the employer's referral");
  const invitation = await waitForMessage(
    run.subjectEmail,
    "has asked you to complete a health assessment",
  );
  run.link = linkTo(invitation, "/assessment/");
  await page.goto(run.link);
  await useSkipLink(page);
  await tick(page, /I consent to ReferOH processing my health information/);
  await tabTo(page, "I agree and start");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/questions\//);

  // One question a page. Each: focus on the question, then the answer, then Save and continue.
  type Answer = { radio: string } | { tick: string } | { type: string };
  const answers: Array<[RegExp, Answer]> = [
    [/^Does that describe the situation/, { radio: "Yes" }],
    [/^Which of these describe the health problem/, { tick: "Muscles, joints or back" }],
    [/^In your own words/, { type: "Lower back pain that is worse after lifting." }],
    [/^How long have you had these symptoms/, { radio: "1 to 3 months" }],
    [/^Has a doctor or other health professional told you/, { radio: "No" }],
    [/^Over the last month, have your symptoms been/, { radio: "About the same" }],
    [/^Has the problem lasted, or do you expect it to last/, { radio: "No" }],
    [/^What treatment or support are you having/, { tick: "None at the moment" }],
    [
      /^How much does the problem affect your normal day-to-day/,
      { radio: "A little: minor things only" },
    ],
    [/^Are you working at the moment/, { radio: "Yes, my normal duties and hours" }],
    [/^Roughly how many days have you been off work/, { type: "3" }],
    [/^Which parts of your job are hard for you/, { type: "Lifting boxes above shoulder height." }],
    [/^Do you feel that anything at work is causing/, { radio: "No" }],
    [/^What helps you manage the problem/, { type: "Stretching and short walks." }],
    [/^Which of these changes might help you at work/, { tick: "Less lifting or physical work" }],
    [
      /^Tell us more about the changes that would help/,
      { type: "Someone else to lift heavy boxes." },
    ],
    [/^Has your employer already made changes to help you/, { radio: "No" }],
    [
      /^When do you think you will be able to do your normal job fully/,
      { radio: "I am doing it now" },
    ],
    [/^If your employer needed to meet you/, { radio: "Yes" }],
    [/^Has your mental health or emotional wellbeing/, { radio: "No" }],
    [/^Is there anything else you would like/, { type: "No, thank you." }],
    [/^Would you like to speak to the occupational health doctor/, { radio: "No" }],
  ];
  const heading = page.getByRole("heading", { level: 1 });
  // The address changes as the navigation starts; the first question's heading replaces the
  // start page's only when it renders, and the loop reads whichever heading is there.
  await expect(heading).toHaveText(answers[0]![0]);
  for (let asked = 0; asked < answers.length + 5; asked++) {
    const question = (await heading.textContent())!.trim();
    if (question === "Check your answers") break;
    const entry = answers.find(([pattern]) => pattern.test(question));
    expect(entry, `an answer for "${question}"`).toBeDefined();
    await expectFocusOnHeading(page, question);
    // Nothing the person or their employer already gave is asked again (WCAG 3.3.7).
    await expect(page.getByRole("textbox", { name: /your (name|e-?mail)/i })).toHaveCount(0);
    if (/^Has your employer already made changes/.test(question))
      await shootAtReflowSizes(browser, page, "assessment-question");
    const answer = entry![1];
    if ("radio" in answer) await chooseRadio(page, answer.radio);
    else if ("tick" in answer) await tick(page, answer.tick);
    else {
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press("Tab");
        const state = await expectVisibleFocus(page);
        if (state.tag === "textarea" || state.tag === "input") break;
      }
      await page.keyboard.type(answer.type);
    }
    await tabTo(page, "Save and continue");
    await page.keyboard.press("Enter");
    await expect(heading).not.toHaveText(question, { timeout: 15_000 });
    // The transcript scrolls inside its box; the page does not grow past the footer.
    await expectSoundLayout(page, `the question after "${question}"`);
  }
  await expect(heading).toHaveText("Check your answers");
  await expectFocusOnHeading(page, "Check your answers");
  await tabTo(page, "Send my answers", { limit: 120 });
  await page.keyboard.press("Enter");
  await expect(heading).toHaveText("Your answers have been sent", { timeout: 15_000 });
  await expectFocusOnHeading(page, "Your answers have been sent");
});

test("a doctor takes the case, fills in the report and signs it, by keyboard", async ({
  page,
  browser,
  signedIn,
}) => {
  test.setTimeout(300_000);
  test.skip(!run.link, "needs the person's answers");
  await signedInAdmin(page);
  await page.goto("/admin");
  await shootAtReflowSizes(browser, page, "admin-console");
  const doctorAccount = await signedIn.doctor();
  const doctor = doctorAccount.page;

  // The draft is written in the background; the case is in the queue once it is.
  const queue = `/doctor-dashboard?q=${run.reference}`;
  await expect(async () => {
    await doctor.goto(queue);
    await expect(doctor.getByRole("link", { name: `Review ${run.reference}` })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });

  await useSkipLink(doctor);
  const review = `Review ${run.reference}`;
  await tabTo(doctor, review, { limit: 60 });
  await doctor.keyboard.press("Enter");
  const sheet = doctor.getByRole("dialog");
  await expect(
    sheet.getByRole("heading", { name: `Referral Details: ${run.reference}` }),
  ).toBeVisible();
  await expect(sheet).toContainText("Suggested outcome", { timeout: 30_000 });
  await expect.poll(() => sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expectFocusTrapped(doctor, sheet);
  await doctor.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  await expectVisibleFocus(doctor, review);

  // Open it again and take the case into the editor.
  await doctor.keyboard.press("Enter");
  await expect(sheet).toBeVisible();
  await tabTo(doctor, "Review & Create Report", { limit: 80 });
  await doctor.keyboard.press("Enter");
  await expect(doctor).toHaveURL(/\/doctor-referrals\/[0-9a-f-]{36}\/report$/, {
    timeout: 20_000,
  });
  await expectFocusOnHeading(doctor, "Review & Create Report");
  await shootAtReflowSizes(browser, doctor, "report-editor");

  // The summary, then the fitness radio group, then sign.
  await typeInto(doctor, /^Summary/, "Robin is fit for work with less lifting for now.");
  await tabTo(doctor, /^Fit/, { limit: 120 });
  const fitness = await focusState(doctor);
  expect(fitness?.tag).toBe("input");
  for (let i = 0; i < 6; i++) {
    const state = await expectVisibleFocus(doctor);
    if (state.name === "Fit with adjustments") break;
    await doctor.keyboard.press("ArrowDown");
  }
  await expect(doctor.getByLabel("Fit with adjustments")).toBeChecked();
  // Signing asks for a fresh code from the authenticator app (the step-up).
  await typeInto(doctor, "Authenticator code to sign", await freshCode(doctorAccount));
  await tabTo(doctor, "Sign and send to the employee", { limit: 80 });
  await doctor.keyboard.press("Enter");
  await expect(doctor).toHaveURL(/\/doctor-dashboard/, { timeout: 20_000 });
  await expect(doctor.getByText("Review completed")).toBeVisible();
  await expectFocusOnHeading(doctor, "Doctor Dashboard");
  await doctor.context().close();
});
