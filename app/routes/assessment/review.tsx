import { data, Form, Link, redirect, useNavigation } from "react-router";
import { QuestionnaireBackLink } from "~/components/assessment/back-link.tsx";
import { CrisisSupport } from "~/components/assessment/crisis-support";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/form-field";
import {
  firstIncompleteStep,
  previousStep,
  REVIEW_STEP,
  reviewSections,
  stepOfQuestion,
} from "~/domain/assessments/assessment-steps.ts";
import { slaHours } from "~/domain/assessments/sla.ts";
import { submitAssessment } from "~/domain/assessments/submit-assessment.server.ts";
import type { Route } from "./+types/review";
import { assessmentRefusal, requireOpenQuestionnaire } from "./link.server.ts";
import { assessmentPath } from "./paths.ts";

export const meta: Route.MetaFunction = () => [{ title: "Check your answers | ReferOH" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { referral, response, kind, definition } = await requireOpenQuestionnaire(
    context,
    params.token,
  );
  const previous = previousStep(definition, kind, response.answers, REVIEW_STEP);
  const incomplete = firstIncompleteStep(definition, kind, response.answers);
  return {
    sections: reviewSections(definition, kind, response.answers),
    continueAt:
      incomplete === REVIEW_STEP ? null : assessmentPath(params.token, "questions", incomplete),
    back: previous ? assessmentPath(params.token, "questions", previous) : null,
    crisis: response.safetyLevel !== "none",
    hours: slaHours(referral.memberTurnaround),
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { scope, kind, definition } = await requireOpenQuestionnaire(context, params.token);
  let result: Awaited<ReturnType<typeof submitAssessment>>;
  try {
    result = await submitAssessment(scope);
  } catch (error) {
    assessmentRefusal(error, assessmentPath(params.token));
  }
  if (!result.ok)
    return data(
      {
        missing: result.issues.map((issue) => ({
          linkId: issue.linkId,
          step: stepOfQuestion(definition, kind, issue.linkId),
          message:
            issue.code === "required" ? "Answer this question before you send" : issue.message,
        })),
      },
      { status: 400 },
    );
  throw redirect(assessmentPath(params.token));
}

export default function Review({ loaderData, actionData, params }: Route.ComponentProps) {
  const navigation = useNavigation();
  const missing = new Map((actionData?.missing ?? []).map((m) => [m.linkId, m.message]));
  const questionOf = new Map(
    loaderData.sections.flatMap((s) => s.rows.map((r) => [r.linkId, r.question] as const)),
  );
  // Five named questions at most: a summary of forty identical lines helps nobody.
  const allMissing = actionData?.missing ?? [];
  const summary = allMissing.slice(0, 5).map((m) => ({
    id: `row-${m.linkId.replaceAll(".", "-")}`,
    message: `${m.message}: ${shorten(questionOf.get(m.linkId) ?? m.linkId)}`,
  }));
  return (
    <div className="grid gap-8">
      {loaderData.back ? <QuestionnaireBackLink to={loaderData.back} /> : null}
      <ErrorSummary
        errors={summary}
        description={
          allMissing.length > 5
            ? `${allMissing.length} questions still need an answer. The first ones are:`
            : undefined
        }
      />
      {loaderData.crisis ? <CrisisSupport /> : null}
      <div className="grid gap-2">
        <h1 className="font-semibold text-3xl leading-tight">Check your answers</h1>
        <p className="text-muted-foreground">
          Change anything that is not right before you send your answers.
        </p>
      </div>
      {loaderData.sections.map((section) => (
        <section key={section.heading} className="grid gap-3">
          {section.heading ? <h2 className="font-semibold text-xl">{section.heading}</h2> : null}
          <dl className="grid border-border border-t">
            {section.rows.map((row) => (
              <div
                key={row.linkId}
                id={`row-${row.linkId.replaceAll(".", "-")}`}
                tabIndex={-1}
                className="grid gap-1 border-border border-b py-4 sm:grid-cols-[1fr_1fr_auto] sm:gap-4"
              >
                <dt className="font-medium">{row.question}</dt>
                <dd className="whitespace-pre-line">
                  {row.answer ?? (
                    <span
                      className={
                        missing.has(row.linkId)
                          ? "font-semibold text-destructive"
                          : "text-muted-foreground"
                      }
                    >
                      {missing.get(row.linkId) ?? "Not answered"}
                    </span>
                  )}
                </dd>
                <dd>
                  <Link
                    to={`${assessmentPath(params.token, "questions", row.step)}?return=${REVIEW_STEP}`}
                    className="font-medium text-primary underline underline-offset-4"
                  >
                    Change<span className="sr-only"> your answer to: {row.question}</span>
                  </Link>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <Form
        method="post"
        className="grid gap-4 rounded-lg border border-border bg-surface p-5 sm:p-6"
      >
        <h2 className="font-semibold text-xl">
          {loaderData.continueAt ? "Before you send" : "Now send your answers"}
        </h2>
        <p className="max-w-prose">
          By sending, you confirm your answers are true to the best of your knowledge. An
          occupational health doctor reviews them within {loaderData.hours} hours. Your employer
          does not see them.
        </p>
        {loaderData.continueAt ? (
          <>
            <p className="font-semibold">
              Some questions are not answered yet. Answer them first, then come back here to send.
            </p>
            <div>
              <Button asChild size="lg">
                <Link to={loaderData.continueAt}>Continue answering</Link>
              </Button>
            </div>
          </>
        ) : (
          <div>
            <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
              Send my answers
            </Button>
          </div>
        )}
      </Form>
    </div>
  );
}

function shorten(text: string): string {
  return text.length > 90 ? `${text.slice(0, 87).trimEnd()}…` : text;
}
