// The quiz and the calculator parse in the browser too, under a CSP without eval.
import "~/lib/zod-jitless.ts";
import { z } from "zod";
import { savingsCalculatorRange } from "./catalogue.ts";
import {
  type PlanRecommendation,
  type QuizAnswers,
  quizQuestions,
  recommendPlan,
} from "./recommend-plan.ts";

/*
 * The pricing page's two GET forms, the plan quiz and the savings calculator, read from the
 * query string by the page's loader, so each is answered by the server before and without
 * JavaScript (docs/decisions/0014). Like a list's filters they never refuse a query: a value
 * that does not read is no answer, or the calculator's default.
 */

const answerOf = (key: keyof QuizAnswers) => {
  const values = quizQuestions.find((q) => q.key === key)!.options.map((o) => o.value);
  return z
    .string()
    .refine((value) => values.includes(value as never))
    .optional()
    .catch(undefined);
};

/** The quiz's answers so far and, when the person stepped back, the question to show. */
const planQuizQuery = z.object({
  companySize: answerOf("companySize"),
  hiring: answerOf("hiring"),
  referrals: answerOf("referrals"),
  turnaround: answerOf("turnaround"),
  question: z
    .string()
    .regex(/^\d$/)
    .transform(Number)
    .refine((index) => index < quizQuestions.length)
    .optional()
    .catch(undefined),
});

/** The calculator's cases a month (1–10) and type of case. */
export const savingsQuery = z.object({
  cases: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform(Number)
    .pipe(z.number().int().min(savingsCalculatorRange.min).max(savingsCalculatorRange.max))
    .catch(savingsCalculatorRange.default),
  type: z.enum(["management", "pre_employment"]).catch("management"),
});

/** The membership box's billing period. */
const membershipQuery = z.object({
  interval: z.enum(["monthly", "annual"]).catch("monthly"),
});

/** The billing period the membership box shows for the query `params`. */
export function readMembershipInterval(params: URLSearchParams) {
  return membershipQuery.parse(Object.fromEntries(params)).interval;
}

export interface PlanQuizState {
  answers: Partial<QuizAnswers>;
  /** The question shown: the one asked for, else the first unanswered. */
  question: number;
  /** Present once all four questions are answered and none is being revisited. */
  recommendation: PlanRecommendation | null;
}

/** What the quiz shows for the query `params`. */
export function readPlanQuiz(params: URLSearchParams): PlanQuizState {
  const { question: asked, ...read } = planQuizQuery.parse(Object.fromEntries(params));
  const answers = Object.fromEntries(
    Object.entries(read).filter(([, value]) => value !== undefined),
  ) as Partial<QuizAnswers>;
  const unanswered = quizQuestions.findIndex((q) => answers[q.key] === undefined);
  const complete = unanswered === -1;
  return {
    answers,
    question: asked ?? (complete ? quizQuestions.length - 1 : unanswered),
    recommendation: complete && asked === undefined ? recommendPlan(answers as QuizAnswers) : null,
  };
}

/** The calculator's input for the query `params`. */
export function readSavingsQuery(params: URLSearchParams) {
  return savingsQuery.parse(Object.fromEntries(params));
}
