import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { QuestionnaireBackLink } from "~/components/assessment/back-link.tsx";
import { Conversation } from "~/components/assessment/conversation";
import { CrisisSupport } from "~/components/assessment/crisis-support";
import { GroupQuestions } from "~/components/assessment/group-questions";
import { controlId, QuestionField } from "~/components/assessment/question-field";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/form-field";
import { Progress } from "~/components/ui/progress";
import {
  conversationBefore,
  isStep,
  previousStep,
  REVIEW_STEP,
  stepContent,
  stepProgress,
  stepQuestionIds,
} from "~/domain/assessments/assessment-steps.ts";
import type { Answers, QuestionnaireItem } from "~/domain/assessments/questionnaire-types.ts";
import { saveAnswers } from "~/domain/assessments/save-answers.server.ts";
import {
  coerceLoosely,
  formValuesOf,
  readStepAnswers,
  SHOWN_FIELD,
  stepForm,
} from "~/domain/assessments/step-form.ts";
import { walkItems } from "~/domain/assessments/walk-items.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import type { Route } from "./+types/step";
import { assessmentRefusal, requireOpenQuestionnaire } from "./link.server.ts";
import { assessmentPath } from "./paths.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Your health assessment"} | ReferOH` },
];

function stepPath(token: string, step: string): string {
  return step === REVIEW_STEP
    ? assessmentPath(token, REVIEW_STEP)
    : assessmentPath(token, "questions", step);
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { response, kind, definition } = await requireOpenQuestionnaire(context, params.token);
  const answers = response.answers;
  // A step closed by a changed answer, or a made-up one: back to where the person is.
  if (!isStep(definition, kind, answers, params.step))
    throw redirect(stepPath(params.token, response.cursor ?? REVIEW_STEP));
  const returnToReview = new URL(request.url).searchParams.get("return") === REVIEW_STEP;
  const previous = previousStep(definition, kind, answers, params.step);
  const back = returnToReview
    ? stepPath(params.token, REVIEW_STEP)
    : previous
      ? stepPath(params.token, previous)
      : null;
  const common = {
    kind,
    step: params.step,
    progress: stepProgress(definition, kind, answers, params.step),
    back,
    returnToReview,
    crisis: response.safetyLevel !== "none",
  };
  if (kind === "pre_employment") {
    const group = definition.item.find((i) => i.linkId === params.step)!;
    const ids = new Set(walkItems({ item: [group] }).map((w) => w.item.linkId));
    const groupAnswers = Object.fromEntries(
      Object.entries(answers).filter(([linkId]) => ids.has(linkId)),
    ) as Answers;
    return {
      ...common,
      title: group.text ?? "Health questionnaire",
      group,
      answers: groupAnswers,
      item: null,
      caption: null,
      conversation: [],
    };
  }
  const content = stepContent(definition, kind, answers, params.step);
  const item = content.items[0]!;
  return {
    ...common,
    title: item.text ?? "Your health assessment",
    group: null,
    answers: params.step in answers ? ({ [params.step]: answers[params.step]! } as Answers) : {},
    item,
    caption: content.group?.text ?? null,
    conversation: conversationBefore(definition, answers, params.step),
  };
}

function missingMessage(item: QuestionnaireItem | undefined): string {
  return item && (item.type === "choice" || item.type === "boolean")
    ? "Select an answer"
    : "Answer this question";
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { scope, kind, definition } = await requireOpenQuestionnaire(context, params.token);
  const formData = await request.formData();
  const submission = parseSubmission(formData, stepForm);
  const fields = submission.status === "success" ? submission.value : {};
  const returnToReview = fields.return === REVIEW_STEP;
  const onStep = new Set(stepQuestionIds(definition, kind, params.step));
  const shownIds =
    kind === "management"
      ? [...onStep]
      : (fields[SHOWN_FIELD] ?? "").split(",").filter((id) => onStep.has(id));
  const byId = new Map(walkItems(definition).map((w) => [w.item.linkId, w.item]));
  const shownItems = shownIds.map((id) => byId.get(id)!).filter(Boolean);
  const posted = readStepAnswers(shownItems, formValuesOf(formData));

  let result: Awaited<ReturnType<typeof saveAnswers>>;
  try {
    result = await saveAnswers(scope, {
      step: params.step,
      answers: posted,
      returnToReview,
    });
  } catch (error) {
    assessmentRefusal(error, assessmentPath(params.token));
  }
  if (!result.ok || result.incomplete.length > 0) {
    // The questionnaire's issues (or the required answers still missing), by linkId.
    const issues: [string, string[]][] = result.ok
      ? result.incomplete.map((id) => [id, [missingMessage(byId.get(id))]])
      : result.issues.map((i) => [i.linkId, [i.message]]);
    return data(
      {
        result: submission.reply({ fieldErrors: Object.fromEntries(issues) }),
        posted: coerceLoosely(shownItems, posted),
        raw: posted,
      },
      { status: 400 },
    );
  }
  const target = stepPath(params.token, result.cursor);
  throw redirect(
    result.cursor === params.step && returnToReview ? `${target}?return=${REVIEW_STEP}` : target,
  );
}

export default function Step({ loaderData, actionData, params }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form] = useSchemaForm({
    id: `step-${params.step}`,
    schema: stepForm,
    lastResult: actionData?.result,
  });
  const errors = answerErrors(actionData?.result);
  // After an error, show what the person typed, not what was saved before.
  // Typed values decide which follow-ups show; raw text keeps what could not be read (e.g. "abc").
  const values: Answers = actionData
    ? ({ ...loaderData.answers, ...rawValues(actionData.raw), ...actionData.posted } as Answers)
    : loaderData.answers;
  const byId = new Map<string, QuestionnaireItem>();
  if (loaderData.group)
    for (const w of walkItems({ item: [loaderData.group] })) byId.set(w.item.linkId, w.item);
  if (loaderData.item) byId.set(loaderData.item.linkId, loaderData.item);
  // The summary names the question, as the message beside it cannot be read out of context.
  const summary = Object.entries(errors).map(([linkId, message]) => {
    const item = byId.get(linkId);
    return {
      id: item ? controlId(item) : linkId,
      message: item?.text ? `${message}: ${shorten(item.text)}` : message,
    };
  });
  const { progress } = loaderData;
  const progressText =
    loaderData.kind === "management"
      ? `Question ${progress.index} of about ${progress.total - 1}`
      : `Part ${progress.index} of ${progress.total - 1}`;

  return (
    <div className="grid gap-6">
      {loaderData.back ? <QuestionnaireBackLink to={loaderData.back} /> : null}
      <ErrorSummary errors={summary} />
      <div className="grid gap-2">
        <p id="progress-label" className="text-muted-foreground text-sm">
          {progressText}
        </p>
        <Progress
          aria-labelledby="progress-label"
          value={progress.index - 1}
          max={progress.total}
          getValueLabel={() => progressText}
        />
      </div>
      {loaderData.kind === "management" && loaderData.item ? (
        <Conversation lines={loaderData.conversation} />
      ) : null}
      {/* Directly above the question, after the answers so far: focused and scrolled to the top
          of the screen, it leaves the question in view below it (crisis-support.tsx). */}
      {loaderData.crisis ? <CrisisSupport /> : null}
      {loaderData.item || loaderData.group ? (
        <Form
          method="post"
          {...getFormProps(form)}
          noValidate
          className={loaderData.group ? "grid gap-8" : "grid gap-6"}
          key={params.step}
        >
          {loaderData.returnToReview ? (
            <input type="hidden" name="return" value={REVIEW_STEP} />
          ) : null}
          {loaderData.kind === "management" && loaderData.item ? (
            <QuestionField
              item={loaderData.item}
              value={values[loaderData.item.linkId]}
              error={errors[loaderData.item.linkId]}
              caption={loaderData.caption}
              asPageHeading
            />
          ) : loaderData.group ? (
            <>
              <h1 className="font-semibold text-3xl leading-tight">{loaderData.group.text}</h1>
              <GroupQuestions
                key={JSON.stringify(values)}
                group={loaderData.group}
                initial={values}
                errors={errors}
              />
            </>
          ) : null}
          <Actions submitting={navigation.state === "submitting"} token={params.token} />
        </Form>
      ) : null}
    </div>
  );
}

/** The save's issues by linkId: the first message of each, as the questions show them. */
function answerErrors(result: SubmissionResult<string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [linkId, messages] of Object.entries(result?.error ?? {}))
    if (linkId && messages?.[0]) out[linkId] = messages[0];
  return out;
}

function shorten(text: string): string {
  return text.length > 90 ? `${text.slice(0, 87).trimEnd()}…` : text;
}

function rawValues(raw: Record<string, unknown>): Answers {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(raw))
    out[k] = Array.isArray(v) ? v.map(String) : String(v ?? "");
  return out as Answers;
}

function Actions({ submitting, token }: { submitting: boolean; token: string }) {
  return (
    <div className="grid gap-4">
      <div>
        <Button type="submit" size="lg" disabled={submitting}>
          Save and continue
        </Button>
      </div>
      <p className="text-muted-foreground text-sm">
        Your answers are saved each time you continue. You can close this page and come back with
        the same link, on any device.{" "}
        <Link
          to={assessmentPath(token, "decline")}
          className="text-primary underline underline-offset-4"
        >
          Stop the assessment
        </Link>
      </p>
    </div>
  );
}
