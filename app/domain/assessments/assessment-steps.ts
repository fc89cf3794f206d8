import { formatAnswer } from "./build-transcript.ts";
import { enabledLinkIds } from "./evaluate-enable-when.ts";
import type { Answers, Questionnaire, QuestionnaireItem } from "./questionnaire-types.ts";
import { isAnswerable, isAnswered, walkItems } from "./walk-items.ts";

/*
 * How a definition is walked by the person answering it (pure, shared by the pages and the public
 * demo). Pre-employment: one page per top-level group (one module each). Management guided
 * assessment: one page per enabled question, in document order, so the steps change as answers
 * open or close branches.
 */

export type AssessmentKind = "pre_employment" | "management";
export const REVIEW_STEP = "review";

export function stepIds(
  definition: Pick<Questionnaire, "item">,
  kind: AssessmentKind,
  answers: Answers,
): string[] {
  const enabled = enabledLinkIds(definition, answers);
  if (kind === "pre_employment")
    return definition.item.filter((i) => enabled.has(i.linkId)).map((i) => i.linkId);
  return walkItems(definition)
    .filter(({ item }) => isAnswerable(item) && enabled.has(item.linkId))
    .map(({ item }) => item.linkId);
}

export function firstStep(
  definition: Pick<Questionnaire, "item">,
  kind: AssessmentKind,
  answers: Answers,
): string {
  return stepIds(definition, kind, answers)[0] ?? REVIEW_STEP;
}

/** The step after `current` given the answers just saved, or the review page after the last. */
export function nextStep(
  definition: Pick<Questionnaire, "item">,
  kind: AssessmentKind,
  answers: Answers,
  current: string,
): string {
  const steps = stepIds(definition, kind, answers);
  const at = steps.indexOf(current);
  if (at >= 0) return steps[at + 1] ?? REVIEW_STEP;
  // The current step was closed by the answer just given: go on from where it stood.
  const order = documentOrder(definition);
  const position = order.get(current) ?? -1;
  return steps.find((s) => (order.get(s) ?? -1) > position) ?? REVIEW_STEP;
}

/** The step before `current` (the review page's is the last step), or null at the first. */
export function previousStep(
  definition: Pick<Questionnaire, "item">,
  kind: AssessmentKind,
  answers: Answers,
  current: string,
): string | null {
  const steps = stepIds(definition, kind, answers);
  if (current === REVIEW_STEP) return steps.at(-1) ?? null;
  const order = documentOrder(definition);
  const position = order.get(current) ?? -1;
  const before = steps.filter((s) => (order.get(s) ?? -1) < position);
  return before.at(-1) ?? null;
}

export function isStep(
  definition: Pick<Questionnaire, "item">,
  kind: AssessmentKind,
  answers: Answers,
  step: string,
): boolean {
  return stepIds(definition, kind, answers).includes(step);
}

/** 1-based position and count, for the progress indicator. */
export function stepProgress(
  definition: Pick<Questionnaire, "item">,
  kind: AssessmentKind,
  answers: Answers,
  step: string,
): { index: number; total: number } {
  const steps = stepIds(definition, kind, answers);
  const at = step === REVIEW_STEP ? steps.length : steps.indexOf(step);
  return { index: Math.max(0, at) + 1, total: steps.length + 1 };
}

interface StepContent {
  /** Pre-employment: the group; management: the question's enclosing group, if any. */
  group?: QuestionnaireItem;
  /** Display items and questions to render on this page, enabled, in order. */
  items: QuestionnaireItem[];
}

/** What a page shows: for a group, its enabled descendants; for a question, just the question. */
export function stepContent(
  definition: Pick<Questionnaire, "item">,
  kind: AssessmentKind,
  answers: Answers,
  step: string,
): StepContent {
  const enabled = enabledLinkIds(definition, answers);
  const walked = walkItems(definition);
  if (kind === "pre_employment") {
    const group = definition.item.find((i) => i.linkId === step);
    const items = walked
      .filter(({ ancestors, item }) => ancestors.includes(step) && enabled.has(item.linkId))
      .map(({ item }) => item);
    return { group, items };
  }
  const found = walked.find(({ item }) => item.linkId === step);
  if (!found) return { items: [] };
  const parentId = found.ancestors.at(-1);
  const group = parentId ? walked.find(({ item }) => item.linkId === parentId)?.item : undefined;
  return { group, items: [found.item] };
}

/** linkIds of the answerable items a page covers (the ones its form posts). */
export function stepQuestionIds(
  definition: Pick<Questionnaire, "item">,
  kind: AssessmentKind,
  step: string,
): string[] {
  const walked = walkItems(definition);
  if (kind === "pre_employment")
    return walked
      .filter(({ ancestors, item }) => ancestors.includes(step) && isAnswerable(item))
      .map(({ item }) => item.linkId);
  return walked.filter(({ item }) => item.linkId === step && isAnswerable(item)).map(() => step);
}

export interface ConversationLine {
  type: "assistant" | "user";
  content: string;
  linkId: string;
}

/**
 * The guided assessment as a conversation up to (not including) the question on screen: every
 * enabled heading, display text and answered question before it, in order. Unlike the stored
 * transcript, it includes the prompts that lead into the current question.
 */
export function conversationBefore(
  definition: Pick<Questionnaire, "item">,
  answers: Answers,
  step: string,
): ConversationLine[] {
  const enabled = enabledLinkIds(definition, answers);
  const walked = walkItems(definition);
  const at = walked.findIndex(({ item }) => item.linkId === step);
  const before = (at < 0 ? walked : walked.slice(0, at)).filter(({ item }) =>
    enabled.has(item.linkId),
  );
  // The current question's own groups are shown above it as its caption, not in the chat.
  const ownGroups = new Set(at < 0 ? [] : walked[at]!.ancestors);
  const answered = (linkId: string) =>
    isAnswered(answers[linkId]) && enabled.has(linkId) && !ownGroups.has(linkId);
  const hasAnsweredUnder = (groupId: string) =>
    before.some(({ item, ancestors }) => ancestors.includes(groupId) && answered(item.linkId));

  const lines: ConversationLine[] = [];
  // Display texts wait until the person answers something after them (or reaches the current
  // question): the prompts of a section that was skipped entirely are noise.
  let pending: ConversationLine[] = [];
  for (const { item } of before) {
    if (item.type === "group") {
      if (ownGroups.has(item.linkId)) continue;
      pending = [];
      if (item.text && hasAnsweredUnder(item.linkId))
        lines.push({ type: "assistant", content: item.text, linkId: item.linkId });
    } else if (item.type === "display") {
      if (item.text) pending.push({ type: "assistant", content: item.text, linkId: item.linkId });
    } else if (answered(item.linkId)) {
      lines.push(...pending);
      pending = [];
      lines.push({ type: "assistant", content: item.text ?? item.linkId, linkId: item.linkId });
      lines.push({
        type: "user",
        content: formatAnswer(item, answers[item.linkId]),
        linkId: item.linkId,
      });
    }
  }
  lines.push(...pending);
  return lines;
}

/** The step that holds a question (for "Change" links on the review page). */
export function stepOfQuestion(
  definition: Pick<Questionnaire, "item">,
  kind: AssessmentKind,
  linkId: string,
): string {
  if (kind === "management") return linkId;
  const found = walkItems(definition).find(({ item }) => item.linkId === linkId);
  return found?.ancestors[0] ?? linkId;
}

interface ReviewRow {
  linkId: string;
  step: string;
  question: string;
  answer: string | null;
  required: boolean;
}

interface ReviewSection {
  heading: string;
  rows: ReviewRow[];
}

/** Every enabled question with its answer (or null), grouped by top-level section. */
export function reviewSections(
  definition: Pick<Questionnaire, "item">,
  kind: AssessmentKind,
  answers: Answers,
): ReviewSection[] {
  const enabled = enabledLinkIds(definition, answers);
  const sections: ReviewSection[] = [];
  for (const { item, ancestors } of walkItems(definition)) {
    if (!enabled.has(item.linkId)) continue;
    if (ancestors.length === 0 && item.type === "group") {
      sections.push({ heading: item.text ?? "", rows: [] });
      continue;
    }
    if (!isAnswerable(item)) continue;
    let section = sections.at(-1);
    if (!section) {
      section = { heading: "", rows: [] };
      sections.push(section);
    }
    section.rows.push({
      linkId: item.linkId,
      step: stepOfQuestion(definition, kind, item.linkId),
      question: item.text ?? item.linkId,
      answer: isAnswered(answers[item.linkId]) ? formatAnswer(item, answers[item.linkId]) : null,
      required: item.required === true,
    });
  }
  return sections.filter((s) => s.rows.length > 0);
}

function documentOrder(definition: Pick<Questionnaire, "item">): Map<string, number> {
  return new Map(walkItems(definition).map(({ item }, index) => [item.linkId, index]));
}

/**
 * The step holding the first enabled required question still unanswered, or the review page
 * when there is none. After a "Change" from the review page the person is taken here, so a
 * branch their new answer opened is not skipped.
 */
export function firstIncompleteStep(
  definition: Pick<Questionnaire, "item">,
  kind: AssessmentKind,
  answers: Answers,
): string {
  const enabled = enabledLinkIds(definition, answers);
  const missing = walkItems(definition).find(
    ({ item }) =>
      isAnswerable(item) &&
      item.required === true &&
      enabled.has(item.linkId) &&
      !isAnswered(answers[item.linkId]),
  );
  return missing ? stepOfQuestion(definition, kind, missing.item.linkId) : REVIEW_STEP;
}

/** Enabled required questions of one step that have no answer yet. */
export function unansweredRequired(
  definition: Pick<Questionnaire, "item">,
  kind: AssessmentKind,
  answers: Answers,
  step: string,
): string[] {
  return stepContent(definition, kind, answers, step)
    .items.filter(
      (item) => isAnswerable(item) && item.required === true && !isAnswered(answers[item.linkId]),
    )
    .map((item) => item.linkId);
}
