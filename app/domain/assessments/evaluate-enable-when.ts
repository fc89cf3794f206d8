import type {
  AnswerScalar,
  Answers,
  EnableWhen,
  Questionnaire,
  QuestionnaireItem,
} from "./questionnaire-types.ts";
import { answerList, walkItems } from "./walk-items.ts";

/** The value an enableWhen compares against (exactly one `answer[x]` is set). */
export function expectedAnswer(condition: EnableWhen): AnswerScalar | undefined {
  if (condition.answerBoolean !== undefined) return condition.answerBoolean;
  if (condition.answerCoding !== undefined) return condition.answerCoding.code;
  if (condition.answerInteger !== undefined) return condition.answerInteger;
  if (condition.answerDecimal !== undefined) return condition.answerDecimal;
  if (condition.answerString !== undefined) return condition.answerString;
  if (condition.answerDate !== undefined) return condition.answerDate;
  return undefined;
}

function compare(a: AnswerScalar, b: AnswerScalar): number | undefined {
  if (typeof a === "number" && typeof b === "number") return a - b;
  // ISO dates and strings order correctly as text; booleans and codes have no order.
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  return undefined;
}

/**
 * One enableWhen condition against the answers of its question, with FHIR R4 semantics:
 * `=` is true when at least one answer equals; `!=` when no answer equals (so it is true while
 * the question is unanswered); the ordering operators when at least one answer compares so;
 * `exists` when answered-ness matches answerBoolean.
 */
export function isConditionMet(condition: EnableWhen, answers: readonly AnswerScalar[]): boolean {
  if (condition.operator === "exists") return answers.length > 0 === condition.answerBoolean;
  const expected = expectedAnswer(condition);
  if (expected === undefined) return false;
  switch (condition.operator) {
    case "=":
      return answers.some((a) => a === expected);
    case "!=":
      return !answers.some((a) => a === expected);
    default: {
      const op = condition.operator;
      return answers.some((a) => {
        const c = compare(a, expected);
        if (c === undefined) return false;
        if (op === ">") return c > 0;
        if (op === "<") return c < 0;
        if (op === ">=") return c >= 0;
        return c <= 0;
      });
    }
  }
}

/**
 * The linkIds of every enabled item. One pass in document order is enough because every
 * enableWhen must point at an earlier question (checkQuestionnaire enforces it). Following FHIR,
 * the answers of a disabled item count as absent, and an item inside a disabled group is
 * disabled, so a stale answer left behind a gate can never re-open a later branch.
 */
export function enabledLinkIds(
  definition: Pick<Questionnaire, "item">,
  answers: Answers,
): Set<string> {
  const enabled = new Set<string>();
  for (const { item, ancestors } of walkItems(definition)) {
    if (!ancestors.every((a) => enabled.has(a))) continue;
    if (
      isItemEnabledGiven(item, (linkId) => (enabled.has(linkId) ? answerList(answers[linkId]) : []))
    )
      enabled.add(item.linkId);
  }
  return enabled;
}

function isItemEnabledGiven(
  item: QuestionnaireItem,
  answersOf: (linkId: string) => AnswerScalar[],
): boolean {
  const conditions = item.enableWhen ?? [];
  if (conditions.length === 0) return true;
  const results = conditions.map((c) => isConditionMet(c, answersOf(c.question)));
  return item.enableBehavior === "any" ? results.some(Boolean) : results.every(Boolean);
}

/** Whether one item is enabled (it and every enclosing group). */
export function isItemEnabled(
  definition: Pick<Questionnaire, "item">,
  answers: Answers,
  linkId: string,
): boolean {
  return enabledLinkIds(definition, answers).has(linkId);
}

/**
 * The enabled items in question order, flattened: groups, display items and questions. This is
 * what a page shows (one at a time for the guided assessment) and what the review page lists.
 */
export function visibleItems(
  definition: Pick<Questionnaire, "item">,
  answers: Answers,
): QuestionnaireItem[] {
  const enabled = enabledLinkIds(definition, answers);
  return walkItems(definition)
    .filter(({ item }) => enabled.has(item.linkId))
    .map(({ item }) => item);
}
