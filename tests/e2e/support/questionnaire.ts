import type { Page } from "@playwright/test";
import { createInvitedReferral } from "./assessment-link.ts";
import { expect } from "./test.ts";

/** The core health questions every pre-employment questionnaire opens with, by their wording. */
const coreQuestions = [
  /health condition or disability/,
  /receiving treatment/,
  /mental health condition/,
  /caused or made worse by work/,
] as const;

/** The office role's questionnaire, page by page: the yes/no questions, by their wording. */
const officePages: (readonly RegExp[])[] = [
  coreQuestions,
  [/eyes or eyesight/, /neck, back, shoulders/, /special equipment/],
  [/adjustments or support/, /speak to one of our doctors/],
];

interface OfficeAnswers {
  /** "Yes" to a health condition, described in these words, affecting the job "Not at all". */
  condition?: string;
  /** "Yes" to a mental health condition, described in these words. */
  mentalHealth?: string;
  /** Runs after each page is saved, with the page's number from 1. */
  afterPage?: (saved: number) => Promise<void>;
}

/** The person opens their link, ticks consent and starts: the first page of questions follows. */
export async function startAssessment(page: Page, link: string) {
  await page.goto(link);
  await page.getByLabel(/I consent to ReferOH processing my health information/).check();
  await page.getByRole("button", { name: "I agree and start" }).click();
}

/**
 * The person's side of a pre-employment case for an office role, as they do it: the link, consent,
 * then every question "No" unless `answers` says otherwise. Ends on "Check your answers", not sent.
 */
export async function answerOfficeQuestionnaire(
  page: Page,
  link: string,
  answers: OfficeAnswers = {},
) {
  await startAssessment(page, link);
  for (const [index, questions] of officePages.entries()) {
    for (const name of questions) {
      const yes =
        (answers.condition && name.source === "health condition or disability") ||
        (answers.mentalHealth && name.source === "mental health condition");
      await page
        .getByRole("group", { name })
        .getByLabel(yes ? "Yes" : "No", { exact: true })
        .check();
      // A "Yes" opens its follow-up questions on the same page, as the person sees it.
      if (yes && answers.condition && name.source === "health condition or disability") {
        await page
          .getByLabel("What is the condition, and how does it affect you day to day?")
          .fill(answers.condition);
        await page
          .getByRole("group", { name: "How much do you think it could affect you in this job?" })
          .getByLabel("Not at all")
          .check();
      }
      if (yes && answers.mentalHealth && name.source === "mental health condition")
        await page.getByLabel(/Please tell us about it/).fill(answers.mentalHealth);
    }
    await page.getByRole("button", { name: "Save and continue" }).click();
    await answers.afterPage?.(index + 1);
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your answers");
}

/**
 * The core questions' page, answered as a person who looks before answering: "Yes" to a health
 * condition opens its follow-up question on the same page, then every question is answered "No".
 * The real questionnaire and the public demo show this page alike.
 */
export async function answerCoreQuestionsNo(page: Page) {
  const [condition, ...others] = coreQuestions;
  const conditionGroup = page.getByRole("group", { name: condition });
  await conditionGroup.getByLabel("Yes", { exact: true }).check();
  await expect(
    page.getByLabel("What is the condition, and how does it affect you day to day?"),
  ).toBeVisible();
  await conditionGroup.getByLabel("No", { exact: true }).check();
  for (const name of others)
    await page.getByRole("group", { name }).getByLabel("No", { exact: true }).check();
}

/** Sends the answers from "Check your answers". */
export async function sendAnswers(page: Page) {
  await page.getByRole("button", { name: "Send my answers" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your answers have been sent");
}

/**
 * An office candidate's pre-employment case ready for a doctor: the employer refers, the candidate
 * answers the questionnaire by `answers` and sends it.
 */
export async function sendOfficeCase(page: Page, answers: OfficeAnswers = {}) {
  const referral = await createInvitedReferral(page, {
    type: "pre_employment",
    jobRole: "Office Worker",
  });
  await answerOfficeQuestionnaire(page, referral.link, answers);
  await sendAnswers(page);
  return referral;
}
