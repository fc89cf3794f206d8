import { type FormMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import { CheckCircle2Icon } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { z } from "zod";
import { IntentForm } from "~/components/forms/intent-form.tsx";
import { RadioChoices, RadioFieldset } from "~/components/forms/radio-choices.tsx";
import { TextAreaField } from "~/components/forms/text-field.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { errorSummary } from "~/components/forms/use-validated-form.ts";
import {
  ReportHeaderFacts,
  ReportSections,
  ReportSignatureLines,
} from "~/components/reports/report-sections.tsx";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/form-field";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { referringOrganisationName } from "~/domain/referrals/organisation-name.server.ts";
import { approveReport } from "~/domain/reports/approve-report.server.ts";
import { CORRECTION_COMMENT_MAX } from "~/domain/reports/correction-comment.ts";
import { decideOnDisclosures } from "~/domain/reports/decide-disclosures.server.ts";
import {
  allAgreed,
  type DisclosureItem,
  disclosureFieldLabel,
} from "~/domain/reports/disclosure/disclosure-item.ts";
import { loadReportForSubject } from "~/domain/reports/load-report-for-subject.server.ts";
import {
  approveReportForm,
  DISCLOSURE_CHOICE_MESSAGE,
  disclosureDecisionForm,
  isReportDecisionIntent,
  type ReportDecisionIntent,
  reportCorrectionForm,
  reportDecisionIntent,
  withholdReportForm,
} from "~/domain/reports/report-decision-forms.ts";
import { requestReportCorrection } from "~/domain/reports/request-report-correction.server.ts";
import { SUBJECT_STATEMENT_MAX } from "~/domain/reports/subject-copy.ts";
import { withholdReportConsent } from "~/domain/reports/withhold-report-consent.server.ts";
import { cn } from "~/lib/cn";
import { formatLongDate } from "~/lib/dates.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import type { Route } from "./+types/report";
import { assessmentRefusal, requireAssessmentLink } from "./link.server.ts";
import { assessmentPath } from "./paths.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.confirmWithhold ? "Withhold your consent" : "Your occupational health report"} | ReferOH`,
  },
];

/** The person reads the report sent to them and decides; every read is audited. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { scope, referral } = await requireAssessmentLink(context, params.token);
  // A paused case (docs/architecture.md §4, "On hold"): the start page says so.
  if (referral.status === "on_hold") throw redirect(assessmentPath(params.token));
  const view = await loadReportForSubject(scope, { referral });
  // No report has been sent on this link: the same neutral page as any link that does not work.
  if (!view) throw data({ reason: "unknown" }, { status: 404 });
  const confirmWithhold =
    view.state === "awaiting_decision" &&
    new URL(request.url).searchParams.get("step") === "withhold";
  return {
    view,
    confirmWithhold,
    organisationName: await referringOrganisationName(scope),
  };
}

type ActionResult = { intent: ReportDecisionIntent; result: SubmissionResult<string[]> };

export async function action({ params, request, context }: Route.ActionArgs) {
  const { scope } = await requireAssessmentLink(context, params.token);
  const formData = await request.formData();
  const sent = parseSubmission(formData, reportDecisionIntent);
  const intent = sent.status === "success" ? sent.value.intent : undefined;
  const back = assessmentPath(params.token, "report");
  let refused: SubmissionResult<string[]> | null = null;
  if (intent === "approve")
    refused = await decide(back, formData, approveReportForm, (form) =>
      approveReport(scope, {
        version: form.version,
        releaseDiagnosis: form.releaseDiagnosis === "yes",
        statement: form.statement,
      }),
    );
  else if (intent === "correction")
    refused = await decide(back, formData, reportCorrectionForm, (form) =>
      requestReportCorrection(scope, { version: form.version, comment: form.comment }),
    );
  else if (intent === "withhold")
    refused = await decide(back, formData, withholdReportForm, (form) =>
      withholdReportConsent(scope, { version: form.version }),
    );
  else if (intent === "disclosures")
    refused = await decide(back, formData, disclosureDecisionForm, async (form) => {
      const result = await decideOnDisclosures(scope, {
        version: form.version,
        answers: form.decisions,
      });
      return result.outcome === "incomplete"
        ? {
            fieldErrors: Object.fromEntries(
              result.missing.map((id) => [`decisions.${id}`, [DISCLOSURE_CHOICE_MESSAGE]]),
            ),
          }
        : null;
    });
  if (refused && isReportDecisionIntent(intent))
    return data<ActionResult>({ intent, result: refused }, { status: 400 });
  throw redirect(back);
}

/** Errors the domain gives back on a complete form: a field's, or the form's own. */
type Refusal = { fieldErrors?: Record<string, string[]> } | null | undefined;

/**
 * Reads one decision form and, when it is complete, makes the decision. Returns the form's
 * errors, or null once decided. A refusal of the input itself (an item left unanswered) comes
 * back on the form; any other goes through `assessmentRefusal`, which sends the person back to
 * the report page (`back`) where it was already decided (a second tab) or a newer version sent.
 */
async function decide<S extends z.ZodType>(
  back: string,
  formData: FormData,
  schema: S,
  act: (form: z.output<S>) => Promise<Refusal | unknown>,
): Promise<SubmissionResult<string[]> | null> {
  const submission = parseSubmission(formData, schema);
  if (submission.status !== "success") return submission.reply();
  try {
    const refusal = (await act(submission.value)) as Refusal;
    if (refusal && typeof refusal === "object" && "fieldErrors" in refusal)
      return submission.reply({ fieldErrors: refusal.fieldErrors });
  } catch (error) {
    if (isDomainError(error, "invalid_input"))
      return submission.reply({ formErrors: [error.message] });
    assessmentRefusal(error, back);
  }
  return null;
}

/** The server's result for the form that posted it, and nothing for the page's other forms. */
function resultFor(actionData: ActionResult | undefined, intent: ReportDecisionIntent) {
  return actionData?.intent === intent ? actionData.result : undefined;
}

export default function SubjectReport({ loaderData, actionData, params }: Route.ComponentProps) {
  const { view, organisationName } = loaderData;
  const reportPath = assessmentPath(params.token, "report");
  if (view.state === "awaiting_decision" && loaderData.confirmWithhold)
    return (
      <ConfirmWithhold
        view={view}
        organisationName={organisationName}
        back={reportPath}
        lastResult={resultFor(actionData, "withhold")}
      />
    );
  if (view.state === "awaiting_decision")
    return (
      <ReadAndDecide
        view={view}
        organisationName={organisationName}
        disclosuresResult={resultFor(actionData, "disclosures")}
        approveResult={resultFor(actionData, "approve")}
        correctionResult={resultFor(actionData, "correction")}
        withholdPath={`${reportPath}?step=withhold`}
      />
    );
  return <Decided view={view} organisationName={organisationName} reportPath={reportPath} />;
}

/** The person's answer on each item the employer will be told, and the one already given. */
const disclosureChoiceLabels = { agree: "Agree", remove: "Ask the doctor to remove" } as const;
const disclosureChoice = { agreed: "agree", removal_asked: "remove" } as const;

const diagnosisChoices = {
  yes: "Yes, my employer may see the diagnosis",
  no: "No, keep the diagnosis from my employer",
} as const;

type Awaiting = Extract<Route.ComponentProps["loaderData"]["view"], { state: "awaiting_decision" }>;

function ReadAndDecide({
  view,
  organisationName,
  disclosuresResult,
  approveResult,
  correctionResult,
  withholdPath,
}: {
  view: Awaiting;
  organisationName: string;
  disclosuresResult: SubmissionResult<string[]> | undefined;
  approveResult: SubmissionResult<string[]> | undefined;
  correctionResult: SubmissionResult<string[]> | undefined;
  withholdPath: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [approveForm, approve] = useSchemaForm({
    id: "approve",
    schema: approveReportForm,
    lastResult: approveResult,
  });
  const [correctionForm, correction] = useSchemaForm({
    id: "correction",
    schema: reportCorrectionForm,
    lastResult: correctionResult,
  });
  const [disclosuresForm] = useSchemaForm({
    id: "disclosures",
    schema: disclosureDecisionForm,
    lastResult: disclosuresResult,
  });
  const itemErrors = disclosuresForm.allErrors;
  const itemsAgreed = allAgreed(view.disclosures);
  const summary = [
    ...view.disclosures
      .filter((item) => itemErrors[`decisions.${item.id}`])
      .map((item) => ({
        id: `decisions.${item.id}-agree`,
        message: `${DISCLOSURE_CHOICE_MESSAGE}: “${item.text}”`,
      })),
    ...(approveForm.errors ?? []).map((message) => ({ id: "approve-heading", message })),
    ...errorSummary(approve, { releaseDiagnosis: "releaseDiagnosis-yes" }),
    ...errorSummary(correction, { comment: "comment" }),
    ...errorSummary(approve, { statement: "statement" }),
  ];
  return (
    <div className="grid gap-8">
      <ErrorSummary errors={summary} />
      <div className="grid gap-3">
        <h1 className="font-semibold text-3xl leading-tight">Your occupational health report</h1>
        <p className="max-w-prose text-lg text-muted-foreground">
          {view.authorName} has written this report about you. {organisationName} will not see it
          unless you agree.
          {view.reviewDueAt
            ? ` Please read it and tell us your decision by ${formatLongDate(view.reviewDueAt)}.`
            : " Please read it and tell us your decision."}
        </p>
      </div>

      {view.correctionDeclineReason ? (
        <section
          aria-labelledby="declined-heading"
          className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-5 text-amber-950"
        >
          <h2 id="declined-heading" className="font-semibold text-xl">
            The doctor did not change the report
          </h2>
          <p className="max-w-prose">
            {view.authorName} considered your correction and kept their professional opinion. Their
            reason:
          </p>
          <p className="max-w-prose whitespace-pre-line font-medium">
            {view.correctionDeclineReason}
          </p>
          <p className="max-w-prose">
            If you approve, you can attach your own statement to the report: your employer reads it
            with the report and in its PDF.
          </p>
        </section>
      ) : null}

      {view.disclosures.length > 0 ? (
        <DisclosureItems
          items={view.disclosures}
          version={view.version}
          organisationName={organisationName}
          form={disclosuresForm}
          errors={itemErrors}
          agreed={itemsAgreed}
          busy={busy}
        />
      ) : null}

      <article
        aria-labelledby="report-heading"
        className="grid gap-6 rounded-lg border border-border bg-card p-5 sm:p-8"
      >
        <div className="grid gap-1 border-border border-b pb-4">
          <h2 id="report-heading" className="font-semibold text-2xl">
            {view.type === "management"
              ? "Management Referral Report"
              : "Pre-Employment Health Certificate"}
          </h2>
          <p className="text-muted-foreground text-sm">
            Report {view.reference} · version {view.version} · signed{" "}
            {formatLongDate(view.signedAt)}
          </p>
        </div>
        <section aria-label="About this report" data-testid="report-header">
          <ReportHeaderFacts facts={view.facts} />
        </section>
        <ReportSections sections={view.sections} headingLevel={3} />
        <section className="grid gap-2 border-border border-t pt-4">
          <h3 className="font-semibold text-lg">Consulting Doctor</h3>
          <ReportSignatureLines lines={view.signature} />
        </section>
      </article>

      <section aria-labelledby="decision-heading" className="grid gap-6">
        <div className="grid gap-2">
          <h2 id="decision-heading" className="font-semibold text-2xl">
            Your decision
          </h2>
          <p className="max-w-prose">
            You can agree to its release, ask the doctor to correct a factual error, or withhold
            your consent. Nothing is sent to {organisationName} until you approve it.
          </p>
        </div>

        <DecisionForm
          form={approveForm}
          intent="approve"
          version={view.version}
          heading="Approve the report"
          className="bg-surface"
        >
          {approveForm.errors?.length ? (
            <p className="font-medium text-destructive" role="alert">
              {approveForm.errors[0]}
            </p>
          ) : null}
          {view.disclosures.length > 0 && !itemsAgreed ? (
            <p className="max-w-prose text-muted-foreground">
              First answer each item under “Your employer will be told”, at the top of this page.
            </p>
          ) : null}
          <input type="hidden" name="hasDiagnosis" value={view.hasDiagnosis ? "yes" : "no"} />
          {view.hasDiagnosis ? (
            <RadioFieldset
              name="releaseDiagnosis"
              legend={`May ${organisationName} see the diagnosis?`}
              hint="The diagnosis section, and the doctor's answer about an underlying health condition, are shown to your employer only if you say yes. The rest of the report is released either way."
              error={approve.releaseDiagnosis.errors}
              values={["yes", "no"] as const}
              checked={approve.releaseDiagnosis.initialValue}
              label={(value) => diagnosisChoices[value]}
            />
          ) : null}
          {view.correctionDeclineReason ? (
            <TextAreaField
              label="Your statement"
              hint={`Up to ${SUBJECT_STATEMENT_MAX} characters, in your own words. It is attached to the report as yours; the doctor's text is not changed.`}
              field={approve.statement}
              optional
              rows={5}
              maxLength={SUBJECT_STATEMENT_MAX}
            />
          ) : null}
          <div>
            <Button type="submit" size="lg" disabled={busy}>
              Approve and release the report
            </Button>
          </div>
        </DecisionForm>

        <DecisionForm
          form={correctionForm}
          intent="correction"
          version={view.version}
          heading="Ask for a factual correction"
        >
          <TextAreaField
            label="What is factually wrong?"
            hint="For example a wrong date, job title or treatment. The doctor reads this, corrects the report if they agree, and sends you the new version. Your employer does not see your comment."
            field={correction.comment}
            rows={5}
            maxLength={CORRECTION_COMMENT_MAX}
          />
          <div>
            <Button type="submit" variant="outline" size="lg" disabled={busy}>
              Ask for a correction
            </Button>
          </div>
        </DecisionForm>

        <div className="grid gap-3 rounded-lg border border-border p-5 sm:p-6">
          <h3 className="font-semibold text-xl">Withhold your consent</h3>
          <p className="max-w-prose">
            If you withhold consent, the report is not released. {organisationName} is told only
            that you withheld consent, not what the report says.
          </p>
          <div>
            <Button asChild variant="outlineDestructive" size="lg">
              <Link to={withholdPath}>Withhold my consent</Link>
            </Button>
          </div>
        </div>
      </section>
    </div>
  );
}

/**
 * One decision the person can send on the version in front of them. The version goes with it, so
 * a decision on a version the doctor has since replaced is refused rather than applied to the new one.
 */
function DecisionForm<Fields extends Record<string, unknown>>({
  form,
  intent,
  version,
  heading,
  className,
  children,
}: {
  form: FormMetadata<Fields, string[]>;
  intent: ReportDecisionIntent;
  version: number;
  heading: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${intent}-heading`;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      noValidate
      className={cn("grid gap-5 rounded-lg border border-border p-5 sm:p-6", className)}
      aria-labelledby={headingId}
    >
      <h3 id={headingId} className="font-semibold text-xl">
        {heading}
      </h3>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      {children}
    </Form>
  );
}

function ConfirmWithhold({
  view,
  organisationName,
  back,
  lastResult,
}: {
  view: Awaiting;
  organisationName: string;
  back: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form] = useSchemaForm({ id: "withhold", schema: withholdReportForm, lastResult });
  return (
    <div className="grid max-w-prose gap-6">
      <h1 className="font-semibold text-3xl leading-tight">
        Are you sure you want to withhold your consent?
      </h1>
      <p>
        The report will not be released, and this cannot be undone on this page. {organisationName}{" "}
        will be told only that you withheld consent.
      </p>
      <p>
        Without the report, your employer may have to make decisions about your work without medical
        advice. If something in it is wrong, you can ask the doctor for a correction instead.
      </p>
      <IntentForm
        form={form}
        intent="withhold"
        className="flex flex-col gap-3 sm:flex-row sm:items-center"
      >
        <input type="hidden" name="version" value={view.version} />
        <Button type="submit" variant="destructive" size="lg">
          Yes, withhold my consent
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to={back}>No, go back to the report</Link>
        </Button>
      </IntentForm>
    </div>
  );
}

function Decided({
  view,
  organisationName,
  reportPath,
}: {
  view: Exclude<Route.ComponentProps["loaderData"]["view"], { state: "awaiting_decision" }>;
  organisationName: string;
  reportPath: string;
}) {
  const when = view.decidedAt ? ` on ${formatLongDate(view.decidedAt)}` : "";
  const content = {
    released: {
      title: "You approved your report",
      lines: [
        `You approved its release${when}. ${organisationName} has been told it is ready and can now read it.`,
        view.state === "released" && view.hadDiagnosis
          ? view.diagnosisReleased
            ? "You agreed that the diagnosis may be shown to your employer."
            : "The diagnosis is not shown to your employer, as you asked."
          : null,
      ],
    },
    correction_requested:
      view.state === "correction_requested" && view.removals > 0
        ? {
            title: "You asked the doctor to remove information",
            lines: [
              `You asked the doctor${when} to remove ${view.removals === 1 ? "one item" : `${view.removals} items`} from what ${organisationName} would be told. Nothing has been sent to ${organisationName}.`,
              "The doctor must take it out of the report: it cannot be released without your agreement. You will be e-mailed a link to the revised report to read again.",
            ],
          }
        : {
            title: "You asked for a correction",
            lines: [
              `You asked the doctor to correct the report${when}. Nothing has been sent to ${organisationName}.`,
              "The doctor will check what you wrote and e-mail you a link to the revised report to read again.",
            ],
          },
    withheld: {
      title: "You withheld your consent",
      lines: [
        `You withheld your consent${when}. The report will not be released.`,
        `${organisationName} has been told only that you withheld consent, not what the report says.`,
      ],
    },
  }[view.state];
  return (
    <div className="grid max-w-prose gap-6" data-testid="report-decision">
      <div className="rounded-lg bg-primary p-6 text-primary-foreground">
        <CheckCircle2Icon aria-hidden="true" className="size-8" />
        <h1 className="mt-3 font-semibold text-3xl leading-tight">{content.title}</h1>
      </div>
      {content.lines.filter(Boolean).map((line) => (
        <p key={line}>{line}</p>
      ))}
      {view.state === "released" && view.subjectStatement ? (
        <p>Your statement is attached to the report.</p>
      ) : null}
      {view.state === "released" && view.amendmentInProgress ? (
        <p data-testid="amendment-in-progress">
          Your doctor is amending this report. We will e-mail you to review the amended version.
          Until you approve it, your employer keeps the version released before.
        </p>
      ) : null}
      {view.state === "released" && view.copyUntil ? (
        <div className="grid gap-2 rounded-lg border border-border p-5">
          <h2 className="font-semibold text-xl">Your copy</h2>
          <p>
            Download the released report, exactly as your employer has it, until{" "}
            {formatLongDate(view.copyUntil)}.
          </p>
          <div>
            <Button asChild variant="outline">
              <a href={`${reportPath}.pdf`} download>
                Download your report (PDF)
              </a>
            </Button>
          </div>
        </div>
      ) : null}
      <p>You can close this page.</p>
    </div>
  );
}

/**
 * "Your employer will be told": each clinical statement the doctor marked for disclosure, in its
 * sentence, with the person's answer (docs/decisions/0016-disclosure-gate.md). Release needs every
 * item agreed; asking to remove any sends the report back to the doctor, who must take it out.
 */
function DisclosureItems({
  items,
  version,
  organisationName,
  form,
  errors,
  agreed,
  busy,
}: {
  items: readonly DisclosureItem[];
  version: number;
  organisationName: string;
  form: FormMetadata<z.input<typeof disclosureDecisionForm> & Record<string, unknown>, string[]>;
  errors: Record<string, string[] | undefined>;
  agreed: boolean;
  busy: boolean;
}) {
  return (
    <section
      aria-labelledby="disclosures-heading"
      className="grid gap-4 rounded-lg border-2 border-primary/40 bg-card p-5 sm:p-6"
      data-testid="disclosure-items"
    >
      <div className="grid gap-2">
        <h2 id="disclosures-heading" className="font-semibold text-2xl" tabIndex={-1}>
          Your employer will be told:
        </h2>
        <p className="max-w-prose">
          The doctor wants to include {items.length === 1 ? "this piece" : "these pieces"} of health
          information in the report {organisationName} reads. Nothing is shared unless you agree to
          each one. If you ask for one to be removed, the doctor must take it out; they cannot
          release it without your agreement.
        </p>
        {agreed ? (
          <p className="font-medium" role="status">
            You agreed to each item. You can approve the report below, or change your answers.
          </p>
        ) : null}
      </div>
      <Form method="post" {...getFormProps(form)} noValidate className="grid gap-4">
        <input type="hidden" name="intent" value="disclosures" />
        <input type="hidden" name="version" value={version} />
        <ol className="grid gap-4">
          {items.map((item) => {
            const name = `decisions.${item.id}`;
            const error = errors[name]?.[0];
            const at = item.sentence.indexOf(item.text);
            return (
              <li key={item.id}>
                <fieldset
                  className="grid gap-3 rounded-lg border border-border p-4"
                  aria-describedby={error ? `${name}-error` : undefined}
                >
                  <legend className="px-1 text-muted-foreground text-sm">
                    In {disclosureFieldLabel(item.field)}
                  </legend>
                  <p className="max-w-prose text-lg">
                    {at < 0 ? (
                      <mark className="rounded bg-amber-100 px-0.5 text-amber-950">
                        {item.sentence}
                      </mark>
                    ) : (
                      <>
                        {item.sentence.slice(0, at)}
                        <mark className="rounded bg-amber-100 px-0.5 font-medium text-amber-950">
                          {item.text}
                        </mark>
                        {item.sentence.slice(at + item.text.length)}
                      </>
                    )}
                  </p>
                  {error ? (
                    <p id={`${name}-error`} className="font-medium text-destructive text-sm">
                      {error}
                    </p>
                  ) : null}
                  <RadioChoices
                    name={name}
                    values={["agree", "remove"] as const}
                    checked={item.decision && disclosureChoice[item.decision]}
                    label={(value) => disclosureChoiceLabels[value]}
                    columns="inline"
                    accessibleName={(value) => `${disclosureChoiceLabels[value]}: ${item.text}`}
                  />
                </fieldset>
              </li>
            );
          })}
        </ol>
        <div>
          <Button type="submit" size="lg" variant={agreed ? "outline" : "default"} disabled={busy}>
            {agreed ? "Change my answers" : "Send my answers"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
