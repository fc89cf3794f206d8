import { enabledLinkIds } from "./evaluate-enable-when.ts";
import {
  type Answers,
  extensionOf,
  type Questionnaire,
  SAFETY_EXTENSION,
} from "./questionnaire-types.ts";
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

/*
 * Free-text wording that suggests thoughts of suicide or self-harm. A keyword match cannot read
 * negation ("I have never wanted to hurt myself"), so it only ever raises `review`: the doctor
 * reads the answer first, and the person sees crisis support, which does no harm if unneeded.
 */
const FREE_TEXT_PATTERNS: readonly RegExp[] = [
  /\bsuicid/i,
  /\bkill(ing)?\s+my\s*self\b/i,
  /\bend(ing)?\s+(my|it)\s+(life|all)\b/i,
  /\bend\s+it\s+all\b/i,
  /\bself[-\s]?harm/i,
  /\b(hurt|harm|cut)(ing)?\s+my\s*self\b/i,
  /\bbetter\s+off\s+dead\b/i,
  /\bwant(ed)?\s+to\s+die\b/i,
  /\bno\s+(reason|point)\s+(in\s+)?(living|to\s+live)\b/i,
  /\boverdose/i,
];

/**
 * The safety flags of a response. `urgent` when PHQ-9 item 9 scores above 0, or when any enabled
 * safety question has an answer whose option carries the `urgent` safety flag (intent, plans,
 * recent self-harm, frequent thoughts); `review` for flagged-`review` options (fleeting thoughts,
 * declining to say) and for self-harm wording in free text.
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
      const text = values.join(" ");
      if (FREE_TEXT_PATTERNS.some((p) => p.test(text)))
        reasons.push({
          code: "free-text",
          level: "review",
          linkId: item.linkId,
          message: `Free-text answer to "${item.text}" mentions suicide or self-harm; read it in full.`,
        });
    }
  }

  const level = reasons.some((r) => r.level === "urgent")
    ? "urgent"
    : reasons.length > 0
      ? "review"
      : "none";
  return { level, urgent: level === "urgent", showCrisisSupport: level !== "none", reasons };
}
