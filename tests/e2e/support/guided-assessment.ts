import type { Page } from "@playwright/test";
import { startAssessment } from "./questionnaire.ts";
import { expect } from "./test.ts";

/**
 * The person's guided assessment (a management referral), one question a page, until its review
 * page. `answers` are by linkId: a label (or several, for a multiple choice) or the text to type;
 * a question not listed takes its first option, or is left blank if it is optional.
 */
async function answerGuidedAssessment(page: Page, answers: Record<string, string | string[]>) {
  for (let i = 0; i < 80; i++) {
    const url = page.url();
    if (/\/review$/.test(new URL(url).pathname)) return;
    const linkId = decodeURIComponent(/\/questions\/([^/?]+)/.exec(url)?.[1] ?? "");
    const answer = answers[linkId];
    const form = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Save and continue" }) });
    // The address changes before the new question replaces the old one: wait for this question's
    // control (question-field.tsx's controlId), or an answer would go to the question just left.
    const id = `q-${linkId.replaceAll(".", "-")}`;
    await expect(
      form.locator(`[id="${id}"], [id="${id}-0"], [id="${id}-day"]`).first(),
    ).toBeAttached();
    if (Array.isArray(answer))
      for (const label of answer) await form.getByLabel(label, { exact: true }).check();
    else if (answer !== undefined) {
      const textbox = form.getByRole("textbox");
      if ((await textbox.count()) > 0) await textbox.fill(answer);
      else await form.getByLabel(answer, { exact: true }).check();
    } else if ((await form.getByRole("radio").count()) > 0)
      await form.getByRole("radio").first().check();
    await form.getByRole("button", { name: "Save and continue" }).click();
    await expect(page).not.toHaveURL(url);
  }
  throw new Error("the guided assessment did not reach its review page");
}

/**
 * A person with low mood who is working normally and seeing their GP, as answers by linkId for
 * `sendGuidedAssessment`; a spec writes over the answers its story turns on (a phrase planted in
 * the description, the diagnosis, the screening questionnaires).
 */
export function lowMoodAnswers(
  overrides: Record<string, string | string[]> = {},
): Record<string, string | string[]> {
  return {
    "reason.agree": "Yes",
    "condition.categories": ["Stress, low mood, anxiety or another mental health condition"],
    "condition.description": "Low mood and worry most mornings.",
    "condition.duration": "3 to 12 months",
    "condition.diagnosis-status": "Yes",
    "condition.diagnosis": "Depression and anxiety",
    "condition.trend": "Getting better",
    "condition.long-term": "I am not sure",
    "treatment.current": ["Seeing my GP"],
    "function.daily": "A little: minor things only",
    "work.status": "Yes, my normal duties and hours",
    "work.absence-days": "4",
    "work.difficult-tasks": "Early calls are hard after a bad night.",
    "work.contributing": "No",
    "support.adjustments": ["Flexible start and finish times"],
    "support.existing": "No",
    "return.expectation": "I am doing it now",
    "process.meetings": "Yes",
    "mental-health.affected": "No",
    "closing.consultation": "No",
    ...overrides,
  };
}

/**
 * The person's whole side of a management referral up to sending: the link, consent, every
 * question of the guided assessment by `answers`, then "Send my answers".
 */
export async function sendGuidedAssessment(
  page: Page,
  link: string,
  answers: Record<string, string | string[]>,
) {
  await startAssessment(page, link);
  // The helper reads the question from the address: wait until consent has led to the first one.
  await expect(page).toHaveURL(/\/questions\//);
  await answerGuidedAssessment(page, answers);
  await page.getByRole("button", { name: "Send my answers" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your answers have been sent");
}

/**
 * From the first guided question to PHQ-9 item 9: "Yes" to the employer's reason and "Stress, low
 * mood, anxiety" as the kind of condition, so the answers so far stand above the item as they
 * would, then straight to it (the link resumes wherever the person is; here we jump).
 */
export async function answerUpToPhq9Item9(page: Page, link: string) {
  await page.getByLabel("Yes", { exact: true }).check();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await page.getByLabel(/Stress, low mood, anxiety/).check();
  await page.getByRole("button", { name: "Save and continue" }).click();
  // Saved once the answer is in the chat: jumping ahead before that aborts the save, and the
  // link then (rightly) sends the person back to the unanswered question.
  await expect(page.getByTestId("conversation")).toContainText("Stress, low mood, anxiety");
  await page.goto(`${link}/questions/phq9.9`);
}
