import { describe, expect, it } from "vitest";
import { buildManagementAssessment } from "./build-management-assessment.ts";
import { buildPreEmploymentQuestionnaire } from "./build-pre-employment-questionnaire.ts";
import { enabledLinkIds, isConditionMet, visibleItems } from "./evaluate-enable-when.ts";
import { publishedQuestionnaires } from "./questionnaire-registry.ts";
import type {
  AnswerScalar,
  Answers,
  Questionnaire,
  QuestionnaireItem,
} from "./questionnaire-types.ts";
import { walkItems } from "./walk-items.ts";

/*
 * Every enableWhen path of every published definition, generically: for each conditional item we
 * construct, from the definition alone, answers that open it (satisfying its gate and, recursively,
 * the gates of everything the gate depends on), check it is then visible, and check that
 * answering each gate question the other way closes it again.
 */

function candidates(item: QuestionnaireItem): AnswerScalar[] {
  switch (item.type) {
    case "boolean":
      return [true, false];
    case "choice":
      return (item.answerOption ?? []).map((o) => o.valueCoding.code);
    case "integer":
    case "decimal":
      return [0, 1, 2, 3, 5, 10, 100];
    case "date":
      return ["2020-01-01", "2026-06-15"];
    default:
      return ["some text"];
  }
}

const asValue = (item: QuestionnaireItem, v: AnswerScalar) => (item.repeats ? [v] : v);

/** Answers that make `linkId` enabled, or undefined if none can be found. */
function answersOpening(definition: Questionnaire, linkId: string): Answers | undefined {
  const byId = new Map(walkItems(definition).map((w) => [w.item.linkId, w]));
  const open = (id: string, answers: Record<string, unknown>): boolean => {
    const walked = byId.get(id);
    if (!walked) return false;
    for (const ancestor of walked.ancestors) if (!open(ancestor, answers)) return false;
    const conditions = walked.item.enableWhen ?? [];
    if (conditions.length === 0) return true;
    const questions = [...new Set(conditions.map((c) => c.question))];
    const tryQuestion = (q: string, mustAll: boolean): boolean => {
      const target = byId.get(q)!.item;
      const own = conditions.filter((c) => c.question === q);
      const value = candidates(target).find((v) =>
        mustAll
          ? own.every((c) => isConditionMet(c, [v]))
          : own.some((c) => isConditionMet(c, [v])),
      );
      if (value === undefined) return false;
      if (!open(q, answers)) return false;
      answers[q] = asValue(target, value);
      return true;
    };
    if (walked.item.enableBehavior === "any") return questions.some((q) => tryQuestion(q, false));
    return questions.every((q) => tryQuestion(q, true));
  };
  const answers: Record<string, unknown> = {};
  return open(linkId, answers) ? (answers as Answers) : undefined;
}

function definitionsUnderTest(): Questionnaire[] {
  return [
    ...publishedQuestionnaires(),
    buildManagementAssessment({ referralReason: "Back pain" }),
    buildPreEmploymentQuestionnaire({
      jobRole: "healthcare-worker",
      drivingRequired: true,
      nightShifts: true,
      loneWorking: true,
      safetyCritical: true,
    }).definition,
  ];
}

describe.each(definitionsUnderTest().map((d) => [`${d.name}@${d.version}`, d] as const))(
  "enableWhen paths of %s",
  (_name, definition) => {
    const conditional = walkItems(definition).filter((w) => w.item.enableWhen?.length);

    it("shows every unconditional top-level item with no answers", () => {
      const visible = new Set(visibleItems(definition, {}).map((i) => i.linkId));
      for (const { item, ancestors } of walkItems(definition))
        if (!item.enableWhen && ancestors.length === 0) expect(visible).toContain(item.linkId);
    });

    it.each(conditional.map((w) => [w.item.linkId, w.item] as const))(
      "%s opens on its gate and closes when the gate is answered the other way",
      (linkId, item) => {
        const answers = answersOpening(definition, linkId);
        expect(answers, `no answers open ${linkId}`).toBeDefined();
        expect(enabledLinkIds(definition, answers!).has(linkId)).toBe(true);

        const byId = new Map(walkItems(definition).map((w) => [w.item.linkId, w.item]));
        for (const q of new Set(item.enableWhen!.map((c) => c.question))) {
          const target = byId.get(q)!;
          const own = item.enableWhen!.filter((c) => c.question === q);
          const closing = candidates(target).find((v) =>
            item.enableBehavior === "any"
              ? !own.some((c) => isConditionMet(c, [v]))
              : !own.every((c) => isConditionMet(c, [v])),
          );
          expect(closing, `no answer to ${q} closes ${linkId}`).toBeDefined();
          const others = item.enableWhen!.filter((c) => c.question !== q);
          // With `any`, other gates may still hold; close them too by removing their answers
          // where that closes them (exists/=); otherwise only this question's effect is tested.
          const changed: Record<string, unknown> = { ...answers, [q]: asValue(target, closing!) };
          if (item.enableBehavior === "any") for (const o of others) delete changed[o.question];
          const stillOpenByOthers =
            item.enableBehavior === "any" && others.some((o) => isConditionMet(o, []));
          if (!stillOpenByOthers)
            expect(
              enabledLinkIds(definition, changed as Answers).has(linkId),
              `${q}=${String(closing)}`,
            ).toBe(false);
        }
      },
    );
  },
);
