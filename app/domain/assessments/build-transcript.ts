import { enabledLinkIds } from "./evaluate-enable-when.ts";
import type { Answers, Questionnaire, QuestionnaireItem } from "./questionnaire-types.ts";
import { answerList, isAnswered, walkItems } from "./walk-items.ts";

/**
 * One line of the assessment transcript, in the seed's chat-history shape (`type` + `content`).
 * `linkId` lets the doctor's page tie a line to the draft's rationale.
 */
export interface TranscriptItem {
  type: "assistant" | "user";
  content: string;
  linkId: string;
}

const GB_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** An ISO date as an en-GB reader expects it: 3 March 2026, March 2026, 2026. */
export function formatDateGb(iso: string): string {
  const [y, m, d] = iso.split("-");
  const month = m ? GB_MONTHS[Number(m) - 1] : undefined;
  if (!month) return iso;
  return d ? `${Number(d)} ${month} ${y}` : `${month} ${y}`;
}

/** An answer in words, as the person chose it (option displays, Yes/No, en-GB dates). */
export function formatAnswer(item: QuestionnaireItem, value: Answers[string] | undefined): string {
  const parts = answerList(value).map((v) => {
    switch (item.type) {
      case "boolean":
        return v === true ? "Yes" : "No";
      case "choice":
        return (
          item.answerOption?.find((o) => o.valueCoding.code === v)?.valueCoding.display ?? String(v)
        );
      case "date":
        return formatDateGb(String(v));
      default:
        return String(v);
    }
  });
  return parts.join("; ");
}

/**
 * The readable transcript of a response, in question order: each display item and each group
 * heading as an assistant line, each answered question as the question (assistant) followed by
 * the answer (user). Disabled items and unanswered questions are left out, and a group heading
 * only appears when something under it was answered, so the doctor reads what the person saw
 * and said, not the empty branches.
 */
export function buildTranscript(
  definition: Pick<Questionnaire, "item">,
  answers: Answers,
): TranscriptItem[] {
  const enabled = enabledLinkIds(definition, answers);
  const walked = walkItems(definition).filter(({ item }) => enabled.has(item.linkId));
  const answeredUnder = (group: QuestionnaireItem): boolean =>
    (group.item ?? []).some((child) =>
      child.type === "group"
        ? answeredUnder(child)
        : enabled.has(child.linkId) && isAnswered(answers[child.linkId]),
    );

  // A display item belongs in the transcript once the person has gone past it, i.e. something
  // after it was answered; the closing texts of an unfinished assessment were never seen.
  let lastAnswered = -1;
  walked.forEach(({ item }, index) => {
    if (isAnswered(answers[item.linkId])) lastAnswered = index;
  });

  const lines: TranscriptItem[] = [];
  for (const [index, { item }] of walked.entries()) {
    if (item.type === "group") {
      if (item.text && answeredUnder(item))
        lines.push({ type: "assistant", content: item.text, linkId: item.linkId });
    } else if (item.type === "display") {
      if (item.text && index < lastAnswered)
        lines.push({ type: "assistant", content: item.text, linkId: item.linkId });
    } else if (isAnswered(answers[item.linkId])) {
      lines.push({ type: "assistant", content: item.text ?? item.linkId, linkId: item.linkId });
      lines.push({
        type: "user",
        content: formatAnswer(item, answers[item.linkId]),
        linkId: item.linkId,
      });
    }
  }
  return lines;
}
