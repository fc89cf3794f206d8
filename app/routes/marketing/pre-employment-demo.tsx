import { getFormProps } from "@conform-to/react";
import { CheckCircle2Icon, InfoIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Form } from "react-router";
import { GroupQuestions } from "~/components/assessment/group-questions";
import { controlId } from "~/components/assessment/question-field";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormField } from "~/components/ui/form-field";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import { NativeSelect, NativeSelectOptions } from "~/components/ui/native-select";
import { Progress } from "~/components/ui/progress";
import { parseFilter } from "~/domain/admin/list-filters.ts";
import { reviewSections, unansweredRequired } from "~/domain/assessments/assessment-steps";
import { buildPreEmploymentQuestionnaire } from "~/domain/assessments/build-pre-employment-questionnaire";
import { DEMO_FLAGS, demoRoleSchema } from "~/domain/assessments/demo-role-form.ts";
import type { Answers, QuestionnaireItem } from "~/domain/assessments/questionnaire-types";
import {
  JOB_ROLE_LABELS,
  JOB_ROLES,
  type JobRole,
} from "~/domain/assessments/select-pre-employment-modules";
import { coerceLoosely, formValuesOf, readStepAnswers } from "~/domain/assessments/step-form";
import { walkItems } from "~/domain/assessments/walk-items";
import type { Route } from "./+types/pre-employment-demo";

export const meta: Route.MetaFunction = () => [
  { title: "Pre-employment questionnaire demo | ReferOH" },
  {
    name: "description",
    content:
      "Try the candidate's side of a ReferOH pre-employment health check: choose a job role and see the questions it justifies. Nothing you enter is saved or sent.",
  },
];

/**
 * Builds the questionnaire for the role chosen in the query string: a pure computation, nothing
 * read from or written to the database. The walk-through then runs entirely in the browser.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { role, ...flags } = parseFilter(new URL(request.url).searchParams, demoRoleSchema);
  if (!role) return { built: null };
  const { definition, modules } = buildPreEmploymentQuestionnaire({ jobRole: role, ...flags });
  return {
    built: {
      role,
      flags,
      groups: definition.item,
      reasons: modules.map((m) => m.reason),
    },
  };
}

export default function PreEmploymentDemo({ loaderData }: Route.ComponentProps) {
  const { built } = loaderData;
  return (
    <div className="bg-surface">
      <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6 md:py-14">
        <div
          role="note"
          data-testid="demo-banner"
          className="flex items-start gap-3 rounded-lg border-2 border-status-other bg-status-other-bg p-4 text-status-other"
        >
          <InfoIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p className="font-semibold">Demo — nothing you enter is saved or sent.</p>
        </div>
        <div className="grid gap-3">
          <h1 className="font-bold text-3xl tracking-tight md:text-4xl">
            Try the candidate's pre-employment questionnaire
          </h1>
          <p className="text-lg text-muted-foreground">
            Choose a job role and its risks to see the questions a candidate is asked. We ask only
            what the role justifies, and only after a conditional job offer (Equality Act 2010,
            section 60).
          </p>
        </div>
        <RolePicker built={built} />
        {built ? (
          <Walkthrough key={JSON.stringify([built.role, built.flags])} built={built} />
        ) : null}
      </div>
    </div>
  );
}

function RolePicker({
  built,
}: {
  built: { role: JobRole; flags: Record<string, boolean> } | null;
}) {
  const [form] = useSchemaForm({ id: "demo-role", schema: demoRoleSchema, lastResult: null });
  return (
    <Form
      method="get"
      {...getFormProps(form)}
      className="grid gap-6 rounded-xl border border-border bg-background p-5 sm:p-6"
    >
      <h2 className="font-semibold text-xl">1. The job</h2>
      <FormField id="role" label="Job role">
        <NativeSelect name="role" defaultValue={built?.role ?? "office-worker"}>
          <NativeSelectOptions values={JOB_ROLES} label={(code) => JOB_ROLE_LABELS[code]} />
        </NativeSelect>
      </FormField>
      <fieldset className="grid gap-3">
        <legend className="mb-2 font-medium text-base">
          Risks of the job <span className="font-normal text-muted-foreground">(optional)</span>
        </legend>
        {DEMO_FLAGS.map(([name, label]) => (
          <div key={name} className="flex items-center gap-3">
            <NativeCheckbox id={`flag-${name}`} name={name} defaultChecked={built?.flags[name]} />
            <label htmlFor={`flag-${name}`} className="cursor-pointer">
              {label}
            </label>
          </div>
        ))}
      </fieldset>
      <div>
        <Button type="submit" size="lg">
          {built ? "Rebuild the questionnaire" : "Build the questionnaire"}
        </Button>
      </div>
    </Form>
  );
}

function Walkthrough({ built }: { built: { groups: QuestionnaireItem[]; reasons: string[] } }) {
  const [page, setPage] = useState(0);
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const groups = built.groups;
  const group = groups[page];

  function next(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!group) return;
    const all = walkItems({ item: [group] }).map((w) => w.item);
    const pageAnswers = coerceLoosely(
      all,
      readStepAnswers(all, formValuesOf(new FormData(event.currentTarget))),
    );
    const missing = unansweredRequired(
      { item: [group] },
      "pre_employment",
      pageAnswers,
      group.linkId,
    );
    const ids = new Set(all.map((i) => i.linkId));
    const merged = Object.fromEntries(
      Object.entries(answers).filter(([linkId]) => !ids.has(linkId)),
    ) as Record<string, Answers[string]>;
    setAnswers({ ...merged, ...pageAnswers });
    if (missing.length > 0) {
      setErrors(
        Object.fromEntries(
          missing.map((id) => {
            const item = all.find((i) => i.linkId === id);
            return [
              id,
              item?.type === "choice" || item?.type === "boolean"
                ? "Select an answer"
                : "Answer this question",
            ];
          }),
        ),
      );
      return;
    }
    setErrors({});
    setPage(page + 1);
    window.scrollTo({ top: 0 });
  }

  if (!group) {
    return (
      <section className="grid gap-6 rounded-xl border border-border bg-background p-5 sm:p-6">
        <div className="flex items-center gap-3">
          <CheckCircle2Icon aria-hidden="true" className="size-7 text-primary" />
          <h2 className="font-semibold text-2xl">End of the demo</h2>
        </div>
        <p>
          A candidate would now check their answers and send them to a ReferOH occupational health
          doctor. In this demo nothing was saved or sent: your answers disappear when you leave this
          page.
        </p>
        {reviewSections({ item: groups }, "pre_employment", answers).map((section) => (
          <div key={section.heading} className="grid gap-2">
            <h3 className="font-semibold text-lg">{section.heading}</h3>
            <dl className="grid gap-2 text-sm">
              {section.rows.map((row) => (
                <div key={row.linkId} className="grid gap-1 sm:grid-cols-2">
                  <dt className="text-muted-foreground">{row.question}</dt>
                  <dd>{row.answer ?? "Not answered"}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setPage(0);
              setAnswers({});
            }}
          >
            Start again
          </Button>
        </div>
      </section>
    );
  }

  const byId = new Map(walkItems({ item: [group] }).map((w) => [w.item.linkId, w.item]));
  return (
    <section className="grid gap-6 rounded-xl border border-border bg-background p-5 sm:p-6">
      <h2 className="font-semibold text-xl">2. The questionnaire</h2>
      {page === 0 ? (
        <div className="grid gap-2">
          <p>For this job the candidate answers these parts:</p>
          <ul className="grid list-disc gap-1 pl-6">
            {built.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="grid gap-2">
        <p id="demo-progress" className="text-muted-foreground text-sm">
          Part {page + 1} of {groups.length}
        </p>
        <Progress aria-labelledby="demo-progress" value={page} max={groups.length} />
      </div>
      <noscript>
        <p className="font-semibold">The walk-through needs JavaScript switched on.</p>
      </noscript>
      <ErrorSummary
        errors={Object.entries(errors).map(([id, message]) => ({
          id: byId.get(id) ? controlId(byId.get(id)!) : id,
          message,
        }))}
      />
      <form onSubmit={next} className="grid gap-8" noValidate>
        <h3 className="font-semibold text-2xl">{group.text}</h3>
        <GroupQuestions key={group.linkId} group={group} initial={answers} errors={errors} />
        <div className="flex flex-wrap gap-3">
          {page > 0 ? (
            <Button type="button" variant="outline" size="lg" onClick={() => setPage(page - 1)}>
              Back
            </Button>
          ) : null}
          <Button type="submit" size="lg">
            Continue
          </Button>
        </div>
      </form>
    </section>
  );
}
