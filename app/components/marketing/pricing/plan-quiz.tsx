import { RotateCcwIcon, SparklesIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { CheckList } from "~/components/marketing/section.tsx";
import { Button } from "~/components/ui/button";
import { focusRing } from "~/components/ui/focus-ring";
import {
  type PlanRecommendation,
  type QuizAnswers,
  quizQuestions,
  recommendPlan,
} from "~/domain/billing/recommend-plan.ts";
import { cn } from "~/lib/cn";
import { planDetails } from "./plans.ts";

/** "Find Your Ideal Plan": four questions, one at a time; the rules are recommendPlan(). */
export function PlanQuiz() {
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Partial<QuizAnswers>>({});
  const [result, setResult] = useState<PlanRecommendation | null>(null);
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
          <Button variant="outline" onClick={startOver}>
            <RotateCcwIcon aria-hidden="true" />
            Retake Quiz
          </Button>
        </div>
      </div>
    );
  }

  const progress = Math.round(((index + (answered ? 1 : 0)) / total) * 100);
  return (
    <div className="rounded-xl border bg-card p-6 shadow-xs sm:p-8">
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
                type="button"
                aria-pressed={selected}
                onClick={() => choose(option.value)}
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
          <Button variant="ghost" onClick={startOver} disabled={index === 0}>
            Start Over
          </Button>
          <Button variant="outline" onClick={() => setIndex(index - 1)} disabled={index === 0}>
            Previous
          </Button>
        </div>
        {last ? (
          <Button onClick={() => finish(answers)} disabled={!answered}>
            See Recommendation
          </Button>
        ) : (
          <Button onClick={() => setIndex(index + 1)} disabled={!answered}>
            Next
          </Button>
        )}
      </div>
    </div>
  );
}
