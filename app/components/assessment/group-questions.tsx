import { useState } from "react";
import { stepContent } from "~/domain/assessments/assessment-steps";
import type { Answers, QuestionnaireItem } from "~/domain/assessments/questionnaire-types";
import {
  coerceLoosely,
  formValuesOf,
  readStepAnswers,
  SHOWN_FIELD,
} from "~/domain/assessments/step-form";
import { walkItems } from "~/domain/assessments/walk-items";
import { QuestionField } from "./question-field";

/**
 * The questions of one pre-employment page (one module group). Without JavaScript the server
 * shows the follow-up questions the saved answers open, and keeps the person on the page until
 * they are answered; with JavaScript a follow-up appears as soon as the answer that opens it is
 * chosen. `shown` tells the server which questions were on screen.
 */
export function GroupQuestions({
  group,
  initial,
  errors,
}: {
  group: QuestionnaireItem;
  initial: Answers;
  errors?: Record<string, string>;
}) {
  const [answers, setAnswers] = useState<Answers>(initial);
  const definition = { item: [group] };
  const all = walkItems(definition).map((w) => w.item);
  const items = stepContent(definition, "pre_employment", answers, group.linkId).items;
  const shown = items.filter((i) => i.type !== "display" && i.type !== "group");
  return (
    <>
      <input type="hidden" name={SHOWN_FIELD} value={shown.map((i) => i.linkId).join(",")} />
      {/* Change events bubble here from every control; re-read the form and re-evaluate enableWhen. */}
      <div
        className="grid gap-8"
        onChange={(event) => {
          const form = event.currentTarget.closest("form");
          if (!form) return;
          const raw = readStepAnswers(all, formValuesOf(new FormData(form)));
          setAnswers(coerceLoosely(all, raw));
        }}
      >
        {items.map((item) =>
          item.type === "group" ? (
            <h3 key={item.linkId} className="font-semibold text-lg">
              {item.text}
            </h3>
          ) : (
            <QuestionField
              key={item.linkId}
              item={item}
              value={initial[item.linkId]}
              error={errors?.[item.linkId]}
            />
          ),
        )}
      </div>
    </>
  );
}
