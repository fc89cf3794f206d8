/**
 * The "Find Your Ideal Plan" quiz (seed §4 and §9): four questions, three answers each, and the
 * seed's recommendation rules applied in order.
 */

export type CompanySize = "small" | "medium" | "large";
export type HiringVolume = "low" | "medium" | "high";
export type ReferralFrequency = "rare" | "occasional" | "frequent";
export type TurnaroundImportance = "not-important" | "somewhat" | "very";

export interface QuizAnswers {
  companySize: CompanySize;
  hiring: HiringVolume;
  referrals: ReferralFrequency;
  turnaround: TurnaroundImportance;
}

export type PlanRecommendation = "pay-per-referral" | "starter" | "value" | "plus";

interface QuizQuestion<K extends keyof QuizAnswers = keyof QuizAnswers> {
  key: K;
  question: string;
  options: readonly { value: QuizAnswers[K]; label: string }[];
}

/** A question and its answers as [value, label] pairs, in the order they are offered. */
function question<K extends keyof QuizAnswers>(
  key: K,
  text: string,
  options: readonly (readonly [QuizAnswers[K], string])[],
): QuizQuestion<K> {
  return { key, question: text, options: options.map(([value, label]) => ({ value, label })) };
}

export const quizQuestions: readonly QuizQuestion[] = [
  question("companySize", "How many people does your organisation employ?", [
    ["small", "1–50 employees"],
    ["medium", "51–250 employees"],
    ["large", "More than 250 employees"],
  ]),
  question("hiring", "How many new starters do you hire each year?", [
    ["low", "1–5 a year"],
    ["medium", "6–20 a year"],
    ["high", "More than 20 a year"],
  ]),
  question("referrals", "How many management referrals do you expect each year?", [
    ["rare", "0–2 a year"],
    ["occasional", "3–10 a year"],
    ["frequent", "More than 10 a year"],
  ]),
  question("turnaround", "How important is a fast turnaround to you?", [
    ["not-important", "Not important: 48 hours is fine"],
    ["somewhat", "Somewhat important"],
    ["very", "Very important: we need reports within 24 hours"],
  ]),
];

/** The seed's rules, in order; the first that matches wins. */
export function recommendPlan(answers: QuizAnswers): PlanRecommendation {
  const { companySize, hiring, referrals, turnaround } = answers;
  const small = companySize === "small";
  const medium = companySize === "medium";
  if ((small && hiring === "low" && referrals === "rare") || turnaround === "not-important")
    return "pay-per-referral";
  if (
    (small && (hiring === "medium" || referrals === "occasional")) ||
    (medium && hiring === "low" && referrals === "rare")
  )
    return "starter";
  if (
    (medium && (hiring === "medium" || referrals === "occasional")) ||
    (small && hiring === "high")
  )
    return "value";
  return "plus";
}
