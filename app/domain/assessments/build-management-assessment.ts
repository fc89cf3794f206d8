import { getQuestionnaire, latestQuestionnaire } from "./questionnaire-registry.ts";
import {
  CONTEXT_TEXT_EXTENSION,
  canonicalOf,
  extensionOf,
  type Questionnaire,
  type QuestionnaireItem,
} from "./questionnaire-types.ts";

interface ManagementAssessmentContext {
  /** The employer's reason for referral, quoted to the employee as the employer wrote it. */
  referralReason: string;
}

const NO_REASON = "Your employer did not give a reason.";

/**
 * The guided assessment for one management referral: the published `management-guided`
 * definition with the employer's reason filled into the display item that quotes it. The
 * employee sees exactly what their employer said, and the transcript records it. `derivedFrom`
 * names the published version; pass `version` to resume on the version the response started on.
 */
export function buildManagementAssessment(
  context: ManagementAssessmentContext,
  version?: string,
): Questionnaire {
  const published = version
    ? getQuestionnaire("management-guided", version)
    : latestQuestionnaire("management-guided");
  const reason = context.referralReason.trim() || NO_REASON;
  const fill = (items: readonly QuestionnaireItem[]): QuestionnaireItem[] =>
    items.map((item) => {
      const field = extensionOf(item, CONTEXT_TEXT_EXTENSION)?.valueString;
      const filled = field === "referralReason" ? { ...item, text: `“${reason}”` } : { ...item };
      if (item.item) filled.item = fill(item.item);
      return filled;
    });
  const copy = structuredClone(published);
  return { ...copy, derivedFrom: [canonicalOf(published)], item: fill(copy.item) };
}
