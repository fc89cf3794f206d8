import { expectedAnswer } from "./evaluate-enable-when.ts";
import {
  extensionOf,
  MAX_VALUE_EXTENSION,
  MIN_VALUE_EXTENSION,
  ORDINAL_VALUE_EXTENSION,
  type Questionnaire,
  type QuestionnaireItem,
  SAFETY_EXTENSION,
} from "./questionnaire-types.ts";
import { isAnswerable, walkItems } from "./walk-items.ts";

/**
 * The structural rules every definition must meet, returned as readable problems (an empty list
 * means valid). Tests run it over every published definition and every composed pre-employment
 * questionnaire, so a definition that the evaluator or validator could misread never ships.
 */
export function checkQuestionnaire(definition: Questionnaire): string[] {
  const problems: string[] = [];
  const seen = new Map<string, QuestionnaireItem>();

  for (const { item } of walkItems(definition)) {
    const where = `item ${item.linkId}`;
    if (seen.has(item.linkId)) problems.push(`${where}: linkId is not unique`);

    if (item.type === "group" && !item.item?.length) problems.push(`${where}: group has no items`);
    if (item.type !== "group" && item.item?.length)
      problems.push(`${where}: only groups may have child items`);
    if (!isAnswerable(item) && (item.required || item.repeats || item.answerOption))
      problems.push(`${where}: a ${item.type} item cannot be required, repeat or have options`);
    if (item.type !== "display" && item.type !== "group" && !item.text?.trim())
      problems.push(`${where}: a question needs text`);

    if (item.type === "choice") {
      const codes = (item.answerOption ?? []).map((o) => o.valueCoding.code);
      if (codes.length < 2) problems.push(`${where}: a choice needs at least two options`);
      if (new Set(codes).size !== codes.length) problems.push(`${where}: option codes repeat`);
      const ordinals = (item.answerOption ?? []).map(
        (o) => extensionOf(o, ORDINAL_VALUE_EXTENSION)?.valueDecimal,
      );
      if (ordinals.some((o) => o !== undefined) && ordinals.some((o) => o === undefined))
        problems.push(`${where}: either every option has an ordinalValue or none does`);
      for (const option of item.answerOption ?? []) {
        const flag = extensionOf(option, SAFETY_EXTENSION)?.valueCode;
        if (flag !== undefined && flag !== "urgent" && flag !== "review")
          problems.push(`${where}: safety flag must be urgent or review`);
      }
    } else if (item.answerOption) {
      problems.push(`${where}: only choice items have answerOption`);
    }
    if (item.repeats && item.type !== "choice")
      problems.push(`${where}: only choice items may repeat here`);
    if (
      item.type !== "integer" &&
      (extensionOf(item, MIN_VALUE_EXTENSION) || extensionOf(item, MAX_VALUE_EXTENSION))
    )
      problems.push(`${where}: minValue/maxValue are only supported on integers`);

    const conditions = item.enableWhen ?? [];
    if (conditions.length > 1 && !item.enableBehavior)
      problems.push(`${where}: enableBehavior is required with more than one enableWhen`);
    for (const condition of conditions) {
      const target = seen.get(condition.question);
      if (!target) {
        problems.push(
          `${where}: enableWhen refers to ${condition.question}, which is not an earlier item`,
        );
        continue;
      }
      if (!isAnswerable(target)) {
        problems.push(`${where}: enableWhen refers to the ${target.type} ${target.linkId}`);
        continue;
      }
      problems.push(...checkCondition(where, condition, target));
    }
    seen.set(item.linkId, item);
  }
  return problems;
}

function checkCondition(
  where: string,
  condition: NonNullable<QuestionnaireItem["enableWhen"]>[number],
  target: QuestionnaireItem,
): string[] {
  const set = [
    condition.answerBoolean,
    condition.answerCoding,
    condition.answerInteger,
    condition.answerDecimal,
    condition.answerString,
    condition.answerDate,
  ].filter((v) => v !== undefined).length;
  if (set !== 1) return [`${where}: enableWhen needs exactly one answer[x]`];
  if (condition.operator === "exists") {
    return condition.answerBoolean === undefined ? [`${where}: exists takes answerBoolean`] : [];
  }
  const expected = expectedAnswer(condition);
  const ordered = [">", "<", ">=", "<="].includes(condition.operator);
  switch (target.type) {
    case "boolean":
      if (condition.answerBoolean === undefined) return [`${where}: ${target.linkId} is boolean`];
      return ordered ? [`${where}: booleans have no order`] : [];
    case "choice": {
      if (condition.answerCoding === undefined) return [`${where}: ${target.linkId} is a choice`];
      if (ordered) return [`${where}: option codes have no order`];
      const codes = (target.answerOption ?? []).map((o) => o.valueCoding.code);
      return codes.includes(String(expected))
        ? []
        : [`${where}: ${String(expected)} is not an option of ${target.linkId}`];
    }
    case "integer":
      return condition.answerInteger === undefined
        ? [`${where}: ${target.linkId} is an integer`]
        : [];
    case "decimal":
      return typeof expected === "number" ? [] : [`${where}: ${target.linkId} is a decimal`];
    case "date":
      return condition.answerDate === undefined ? [`${where}: ${target.linkId} is a date`] : [];
    default:
      return condition.answerString === undefined ? [`${where}: ${target.linkId} is a string`] : [];
  }
}
