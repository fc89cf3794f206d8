import { formatAnswer } from "~/domain/assessments/build-transcript.ts";
import { enabledLinkIds } from "~/domain/assessments/evaluate-enable-when.ts";
import type {
  AnswerScalar,
  Answers,
  Questionnaire,
  QuestionnaireItem,
} from "~/domain/assessments/questionnaire-types.ts";
import { answerList, isAnswerable, walkItems } from "~/domain/assessments/walk-items.ts";
import type { DraftStatement } from "./drafter.ts";

const QUOTE_LIMIT = 240;

/**
 * Read access to a response for drafting, limited to enabled, answered items: a stale answer
 * behind a closed gate is invisible here, and `basis()` keeps only linkIds that were answered,
 * so a statement can never cite an answer the person did not give.
 */
export class ResponseView {
  private readonly enabled: Set<string>;
  private readonly items: Map<string, QuestionnaireItem>;

  constructor(
    definition: Pick<Questionnaire, "item">,
    private readonly answers: Answers,
  ) {
    this.enabled = enabledLinkIds(definition, answers);
    this.items = new Map(walkItems(definition).map((w) => [w.item.linkId, w.item]));
  }

  values(linkId: string): AnswerScalar[] {
    const item = this.items.get(linkId);
    if (!item || !isAnswerable(item) || !this.enabled.has(linkId)) return [];
    return answerList(this.answers[linkId]);
  }

  has(linkId: string): boolean {
    return this.values(linkId).length > 0;
  }

  /** The single code/value of a non-repeating item. */
  code(linkId: string): string | undefined {
    const [v] = this.values(linkId);
    return v === undefined ? undefined : String(v);
  }

  codes(linkId: string): string[] {
    return this.values(linkId).map(String);
  }

  isYes(linkId: string): boolean {
    return this.values(linkId)[0] === true;
  }

  number(linkId: string): number | undefined {
    const [v] = this.values(linkId);
    return typeof v === "number" ? v : undefined;
  }

  /** The answer as the person saw it (option display text, Yes/No, en-GB date). */
  display(linkId: string): string | undefined {
    const item = this.items.get(linkId);
    if (!item || !this.has(linkId)) return undefined;
    return formatAnswer(item, this.answers[linkId]);
  }

  /** Display texts of some codes of a choice item, lower-cased for use mid-sentence. */
  optionDisplays(linkId: string, codes: readonly string[]): string[] {
    const item = this.items.get(linkId);
    return codes.map((code) => {
      const display =
        item?.answerOption?.find((o) => o.valueCoding.code === code)?.valueCoding.display ?? code;
      return lowerFirst(display);
    });
  }

  /** Free text, quoted and shortened for a summary line. */
  quote(linkId: string): string | undefined {
    const text = this.code(linkId);
    if (text === undefined) return undefined;
    // Trailing full stops are dropped so the quote can sit inside a sentence of the draft.
    const flat = text
      .replace(/\s+/g, " ")
      .trim()
      .replace(/[.\s]+$/, "");
    return `“${flat.length > QUOTE_LIMIT ? `${flat.slice(0, QUOTE_LIMIT - 1).trimEnd()}…` : flat}”`;
  }

  /** The answered ones among these linkIds, in the given order, without repeats. */
  basis(...linkIds: string[]): string[] {
    return [...new Set(linkIds)].filter((id) => this.has(id));
  }

  statement(text: string, ...linkIds: string[]): DraftStatement {
    return { text, basis: this.basis(...linkIds) };
  }

  /** A sentence for the employer's report (pre-fill), resting on these answers. */
  employer(text: string, ...linkIds: string[]): DraftStatement {
    return { text, basis: this.basis(...linkIds), audience: "employer" };
  }
}

/** Lower-cases a leading capital for use mid-sentence, leaving "I" and acronyms ("GP") alone. */
export function lowerFirst(text: string): string {
  if (/^I\b/.test(text) || !/^[A-Z](?![A-Z])/.test(text)) return text;
  return text[0]!.toLowerCase() + text.slice(1);
}

export function joinList(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}
