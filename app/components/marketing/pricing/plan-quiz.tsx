import { RotateCcwIcon, SparklesIcon } from "lucide-react";
import { type MouseEvent, useState } from "react";
import { Form, Link } from "react-router";
import { CheckList } from "~/components/marketing/section.tsx";
import { Button } from "~/components/ui/button";
import { focusRing } from "~/components/ui/focus-ring";
import type { PlanQuizState } from "~/domain/billing/pricing-query.ts";
import {
  type PlanRecommendation,
  type QuizAnswers,
  quizQuestions,
  recommendPlan,
} from "~/domain/billing/recommend-plan.ts";
import { cn } from "~/lib/cn";
import { planDetails } from "./plans.ts";

/** The quiz's own address: the pricing page at the quiz, with no answers. */
const quizStart = "/pricing#quiz";

/** A click the page handles itself: a plain left click, not one asking for a new tab. */
function handledHere(event: MouseEvent) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return false;
  event.preventDefault();
  return true;
}

/**
 * "Find Your Ideal Plan": four questions, one at a time; the rules are recommendPlan().
 *
 * It is a GET form the server answers (the pricing loader reads the query, readPlanQuiz): each
 * answer is a submit button carrying the answers so far, so before and without JavaScript a
 * click goes to the next question or the recommendation. Once hydrated, the same clicks are
 * answered in the page at once, without a request (docs/decisions/0014).
 */
export function PlanQuiz({ initial }: { initial: PlanQuizState }) {
  const [index, setIndex] = useState(initial.question);
  const [answers, setAnswers] = useState<Partial<QuizAnswers>>(initial.answers);
  const [result, setResult] = useState<PlanRecommendation | null>(initial.recommendation);
  const total = quizQuestions.length;
  const question = quizQuestions[index]!;
  const answered = answers[question.key] !== undefined;
  const last = index === total - 1;

  function finish(all: Partial<QuizAnswers>) {
    setResult(recommendPlan(all as QuizAnswers));
  }

  function choose(value: string) {
    const next = { ...answers, [question.key]: value };
    setAnswers(next);
    if (last) finish(next);
    else setIndex(index + 1);
  }

  function startOver() {
    setIndex(0);
    setAnswers({});
    setResult(null);
  }

  if (result) {
    const plan = planDetails[result];
    return (
      <div
        className="rounded-xl border-2 border-primary bg-card p-6 shadow-sm sm:p-8"
        aria-live="polite"
      >
        <p className="flex items-center gap-2 font-semibold text-primary text-sm uppercase tracking-wide">
          <SparklesIcon aria-hidden="true" className="size-4" />
          Your Recommended Plan
        </p>
        <h3 className="mt-2 font-bold text-2xl">{plan.name}</h3>
        <p className="mt-3 text-muted-foreground">{plan.summary}</p>
        <CheckList className="mt-4" items={plan.points} />
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/package-selection">Get Started</Link>
          </Button>
          <Button asChild variant="outline">
            <Link
              to={quizStart}
              preventScrollReset
              onClick={(event) => handledHere(event) && startOver()}
            >
              <RotateCcwIcon aria-hidden="true" />
              Retake Quiz
            </Link>
          </Button>
        </div>
      </div>
    );
  }

  // The answers given so far travel with the form, except the one this question asks again.
  const carried = quizQuestions.filter(
    (q) => q.key !== question.key && answers[q.key] !== undefined,
  );
  const progress = Math.round(((index + (answered ? 1 : 0)) / total) * 100);
  return (
    <Form
      method="get"
      action={quizStart}
      preventScrollReset
      className="rounded-xl border bg-card p-6 shadow-xs sm:p-8"
    >
      {carried.map((q) => (
        <input key={q.key} type="hidden" name={q.key} value={answers[q.key]} />
      ))}
      <div className="flex items-center justify-between gap-4 text-muted-foreground text-sm">
        <span>
          Question <span data-testid="quiz-counter">{`${index + 1} of ${total}`}</span>
        </span>
        <span>{progress}% complete</span>
      </div>
      <div
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${progress}%` }}
        />
      </div>
      <fieldset className="mt-6">
        <legend className="font-semibold text-xl">{question.question}</legend>
        <div className="mt-4 grid gap-3">
          {question.options.map((option) => {
            const selected = answers[question.key] === option.value;
            return (
              <button
                key={option.value}
                type="submit"
                name={question.key}
                value={option.value}
                aria-pressed={selected}
                onClick={(event) => handledHere(event) && choose(option.value)}
                className={cn(
                  "flex min-h-12 cursor-pointer items-center rounded-lg border-2 px-4 py-3 text-left font-medium transition-colors hover:border-primary hover:bg-accent",
                  selected ? "border-primary bg-accent" : "border-border bg-background",
                  focusRing,
                )}
              >
                {option.label}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="mt-6 flex flex-wrap justify-between gap-3">
        <div className="flex gap-2">
          {index === 0 ? (
            <>
              <Button type="button" variant="ghost" disabled>
                Start Over
              </Button>
              <Button type="button" variant="outline" disabled>
                Previous
              </Button>
            </>
          ) : (
            <>
              <Button asChild variant="ghost">
                <Link
                  to={quizStart}
                  preventScrollReset
                  onClick={(event) => handledHere(event) && startOver()}
                >
                  Start Over
                </Link>
              </Button>
              {/* Without JavaScript this asks the server for the previous question, answers kept. */}
              <Button
                type="submit"
                name="question"
                value={index - 1}
                variant="outline"
                onClick={(event) => handledHere(event) && setIndex(index - 1)}
              >
                Previous
              </Button>
            </>
          )}
        </div>
        {answered ? (
          // Moving on from a question answered before: its answer is sent again with the form.
          <Button
            type="submit"
            name={question.key}
            value={answers[question.key]}
            onClick={(event) =>
              handledHere(event) && (last ? finish(answers) : setIndex(index + 1))
            }
          >
            {last ? "See Recommendation" : "Next"}
          </Button>
        ) : (
          <Button type="button" disabled>
            {last ? "See Recommendation" : "Next"}
          </Button>
        )}
      </div>
    </Form>
  );
}
