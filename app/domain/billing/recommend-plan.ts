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

export interface QuizQuestion<K extends keyof QuizAnswers = keyof QuizAnswers> {
  key: K;
  question: string;
  options: readonly { value: QuizAnswers[K]; label: string }[];
}

export const quizQuestions: readonly QuizQuestion[] = [
  {
    key: "companySize",
    question: "How many people does your organisation employ?",
    options: [
      { value: "small", label: "1–50 employees" },
      { value: "medium", label: "51–250 employees" },
      { value: "large", label: "More than 250 employees" },
    ],
  },
  {
    key: "hiring",
    question: "How many new starters do you hire each year?",
    options: [
      { value: "low", label: "1–5 a year" },
      { value: "medium", label: "6–20 a year" },
      { value: "high", label: "More than 20 a year" },
    ],
  },
  {
    key: "referrals",
    question: "How many management referrals do you expect each year?",
    options: [
      { value: "rare", label: "0–2 a year" },
      { value: "occasional", label: "3–10 a year" },
      { value: "frequent", label: "More than 10 a year" },
    ],
  },
  {
    key: "turnaround",
    question: "How important is a fast turnaround to you?",
    options: [
      { value: "not-important", label: "Not important: 48 hours is fine" },
      { value: "somewhat", label: "Somewhat important" },
      { value: "very", label: "Very important: we need reports within 24 hours" },
    ],
  },
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
