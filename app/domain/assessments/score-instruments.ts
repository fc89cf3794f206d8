import { enabledLinkIds } from "./evaluate-enable-when.ts";
import {
  type Answers,
  extensionOf,
  ORDINAL_VALUE_EXTENSION,
  type Questionnaire,
  type QuestionnaireItem,
} from "./questionnaire-types.ts";
import { answerList, walkItems } from "./walk-items.ts";

export type Phq9Band = "minimal" | "mild" | "moderate" | "moderately-severe" | "severe";
export type Gad7Band = "minimal" | "mild" | "moderate" | "severe";

/** PHQ-9 severity bands as published (Kroenke, Spitzer & Williams 2001), total 0–27. */
export function phq9Band(total: number): Phq9Band {
  assertTotal(total, 27);
  if (total <= 4) return "minimal";
  if (total <= 9) return "mild";
  if (total <= 14) return "moderate";
  if (total <= 19) return "moderately-severe";
  return "severe";
}

/** GAD-7 severity bands as published (Spitzer et al. 2006), total 0–21. */
export function gad7Band(total: number): Gad7Band {
  assertTotal(total, 21);
  if (total <= 4) return "minimal";
  if (total <= 9) return "mild";
  if (total <= 14) return "moderate";
  return "severe";
}

function assertTotal(total: number, max: number): void {
  if (!Number.isInteger(total) || total < 0 || total > max)
    throw new RangeError(`A total must be a whole number from 0 to ${max}, not ${total}`);
}

export const BAND_LABELS: Record<Phq9Band | Gad7Band, string> = {
  minimal: "minimal",
  mild: "mild",
  moderate: "moderate",
  "moderately-severe": "moderately severe",
  severe: "severe",
};

export interface InstrumentScore<B extends string> {
  instrument: "PHQ-9" | "GAD-7";
  /** Sum of item scores; null until every scored item is answered (no prorating). */
  total: number | null;
  maxTotal: number;
  band: B | null;
  answeredItems: number;
  itemCount: number;
  /** Item score by linkId, for the items answered. */
  itemScores: Record<string, number>;
  /** linkIds of the scored items, for rationale. */
  linkIds: string[];
}

function scoredItems(definition: Pick<Questionnaire, "item">, groupLinkId: string) {
  const group = walkItems(definition).find((w) => w.item.linkId === groupLinkId)?.item;
  return (group?.item ?? []).filter((i) =>
    i.answerOption?.every((o) => extensionOf(o, ORDINAL_VALUE_EXTENSION) !== undefined),
  );
}

function itemScore(item: QuestionnaireItem, code: unknown): number | undefined {
  const option = item.answerOption?.find((o) => o.valueCoding.code === code);
  return option ? extensionOf(option, ORDINAL_VALUE_EXTENSION)?.valueDecimal : undefined;
}

// The scores come from the ordinalValue on each option of the definition, so what the person saw
// and what is summed cannot disagree.
function scoreGroup<B extends string>(
  definition: Pick<Questionnaire, "item">,
  answers: Answers,
  groupLinkId: string,
  instrument: "PHQ-9" | "GAD-7",
  expectedItems: number,
  band: (total: number) => B,
): InstrumentScore<B> | null {
  if (!enabledLinkIds(definition, answers).has(groupLinkId)) return null;
  const items = scoredItems(definition, groupLinkId);
  if (items.length !== expectedItems)
    throw new Error(`${instrument} in this definition has ${items.length} scored items`);
  const itemScores: Record<string, number> = {};
  for (const item of items) {
    const [code] = answerList(answers[item.linkId]);
    const score = itemScore(item, code);
    if (score !== undefined) itemScores[item.linkId] = score;
  }
  const answeredItems = Object.keys(itemScores).length;
  const complete = answeredItems === expectedItems;
  const total = complete ? Object.values(itemScores).reduce((a, b) => a + b, 0) : null;
  return {
    instrument,
    total,
    maxTotal: expectedItems * 3,
    band: total === null ? null : band(total),
    answeredItems,
    itemCount: expectedItems,
    itemScores,
    linkIds: items.map((i) => i.linkId),
  };
}

/** PHQ-9 score of a response, or null when the definition has no enabled `phq9` group. */
export function scorePhq9(
  definition: Pick<Questionnaire, "item">,
  answers: Answers,
): (InstrumentScore<Phq9Band> & { item9: number | null }) | null {
  const score = scoreGroup(definition, answers, "phq9", "PHQ-9", 9, phq9Band);
  return score && { ...score, item9: score.itemScores["phq9.9"] ?? null };
}

/** GAD-7 score of a response, or null when the definition has no enabled `gad7` group. */
export function scoreGad7(
  definition: Pick<Questionnaire, "item">,
  answers: Answers,
): InstrumentScore<Gad7Band> | null {
  return scoreGroup(definition, answers, "gad7", "GAD-7", 7, gad7Band);
}
