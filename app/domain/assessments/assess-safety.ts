import { enabledLinkIds } from "./evaluate-enable-when.ts";
import {
  type Answers,
  extensionOf,
  type Questionnaire,
  SAFETY_EXTENSION,
} from "./questionnaire-types.ts";
import { screenFreeText } from "./safety-phrases.ts";
import { scorePhq9 } from "./score-instruments.ts";
import { answerList, walkItems } from "./walk-items.ts";

export interface SafetyReason {
  code: "phq9-item9" | "safety-answer" | "free-text";
  level: "urgent" | "review";
  linkId: string;
  /** For the doctor: what was answered, in words. */
  message: string;
}

export interface SafetyAssessment {
  /** `urgent`: crisis support now, urgent in the doctor queue, e-mail to clinical on-call. */
  level: "none" | "review" | "urgent";
  urgent: boolean;
  /** Show Samaritans 116 123 / NHS 111 / 999 to the person now. */
  showCrisisSupport: boolean;
  reasons: SafetyReason[];
}

/**
 * The safety flags of a response. `urgent` when PHQ-9 item 9 scores above 0, or when any enabled
 * safety question has an answer whose option carries the `urgent` safety flag (intent, plans,
 * recent self-harm, frequent thoughts) or free text says the person may be at risk now
 * (`safety-phrases.ts`); `review` for flagged-`review` options (fleeting thoughts, declining to
 * say) and free text that names self-harm without saying the risk is current.
 *
 * Callers run it on every save, not only on submit, and keep flags once raised: changing an
 * answer afterwards must not clear a flag the doctor has not yet seen.
 */
export function assessSafety(
  definition: Pick<Questionnaire, "item">,
  answers: Answers,
): SafetyAssessment {
  const reasons: SafetyReason[] = [];
  const enabled = enabledLinkIds(definition, answers);

  const phq9 = scorePhq9(definition, answers);
  if (phq9?.item9 !== undefined && phq9.item9 !== null && phq9.item9 > 0) {
    reasons.push({
      code: "phq9-item9",
      level: "urgent",
      linkId: "phq9.9",
      message: `PHQ-9 item 9 (thoughts of being better off dead or of self-harm) scored ${phq9.item9} of 3.`,
    });
  }

  for (const { item } of walkItems(definition)) {
    if (!enabled.has(item.linkId) || item.linkId === "phq9.9") continue;
    const values = answerList(answers[item.linkId]);
    if (item.type === "choice") {
      for (const value of values) {
        const option = item.answerOption?.find((o) => o.valueCoding.code === value);
        const flag = extensionOf(option, SAFETY_EXTENSION)?.valueCode;
        if (flag === "urgent" || flag === "review")
          reasons.push({
            code: "safety-answer",
            level: flag,
            linkId: item.linkId,
            message: `Answered "${option?.valueCoding.display}" to "${item.text}".`,
          });
      }
    } else if (item.type === "text" || item.type === "string") {
      const match = screenFreeText(values.join(" "));
      if (match)
        reasons.push({
          code: "free-text",
          level: match.level,
          linkId: item.linkId,
          message:
            match.level === "urgent"
              ? `Free-text answer to "${item.text}" may say the person is at risk now (${match.label}); read it in full.`
              : `Free-text answer to "${item.text}" mentions self-harm (${match.label}); read it in full.`,
        });
    }
  }

  return safetyOfReasons(reasons);
}

/** The level a set of reasons comes to: urgent if any is, review if there are any, else none. */
export function safetyOfReasons(reasons: SafetyReason[]): SafetyAssessment {
  const level = reasons.some((r) => r.level === "urgent")
    ? "urgent"
    : reasons.length > 0
      ? "review"
      : "none";
  return { level, urgent: level === "urgent", showCrisisSupport: level !== "none", reasons };
}
