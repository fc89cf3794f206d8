import type {
  AnswerScalar,
  AnswerValue,
  Questionnaire,
  QuestionnaireItem,
} from "./questionnaire-types.ts";

interface WalkedItem {
  item: QuestionnaireItem;
  /** Nesting level: 0 for top-level items. */
  depth: number;
  /** linkIds of the enclosing groups, outermost first. */
  ancestors: string[];
}

/** Every item of a definition in document order (which is also question order). */
export function walkItems(definition: Pick<Questionnaire, "item">): WalkedItem[] {
  const out: WalkedItem[] = [];
  const visit = (items: readonly QuestionnaireItem[], ancestors: string[]) => {
    for (const item of items) {
      out.push({ item, depth: ancestors.length, ancestors });
      if (item.item) visit(item.item, [...ancestors, item.linkId]);
    }
  };
  visit(definition.item, []);
  return out;
}

export function isAnswerable(item: QuestionnaireItem): boolean {
  return item.type !== "group" && item.type !== "display";
}

/**
 * The answers held for one item as a list, with blanks removed: forms post "" for an untouched
 * field, and a blank must count as "not answered" everywhere (enableWhen, required, transcript).
 */
export function answerList(value: AnswerValue | undefined): AnswerScalar[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value as AnswerScalar];
  return list.filter((v) => !(typeof v === "string" && v.trim() === ""));
}

export function isAnswered(value: AnswerValue | undefined): boolean {
  return answerList(value).length > 0;
}
