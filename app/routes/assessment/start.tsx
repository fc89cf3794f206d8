import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { CheckCircle2Icon } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { CrisisSupport } from "~/components/assessment/crisis-support";
import { SupportEmailLink } from "~/components/assessment/support-email-link.tsx";
import { DocumentsLink } from "~/components/case-conversation/case-documents.tsx";
import { NewMessagesNotice } from "~/components/case-conversation/case-thread.tsx";
import { RadioChoices } from "~/components/forms/radio-choices.tsx";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { errorSummary } from "~/components/forms/use-validated-form.ts";
import { Button } from "~/components/ui/button";
import { ErrorSummary, FormErrorMessage, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import { moduleReasonsOf } from "~/domain/assessments/assessment-instance.ts";
import { REVIEW_STEP } from "~/domain/assessments/assessment-steps.ts";
import { consentNotice } from "~/domain/assessments/consent-notice.ts";
import { giveConsent } from "~/domain/assessments/give-consent.server.ts";
import { ownResponse } from "~/domain/assessments/load-response.server.ts";
import { slaHours } from "~/domain/assessments/sla.ts";
import { consentForm, shareEarlierCasesMessage } from "~/domain/assessments/subject-forms.ts";
import { newDoctorMessageCount } from "~/domain/case-conversation/get-person-conversation.server.ts";
import { listCaseDocuments } from "~/domain/case-conversation/list-case-documents.server.ts";
import { referringOrganisationName } from "~/domain/referrals/organisation-name.server.ts";
import { parseSubmission } from "~/lib/form-submission.ts";
import { optionalPhoneField } from "~/lib/phone.ts";
import { PHONE_EXAMPLE } from "~/lib/phone-hint.ts";
import type { Route } from "./+types/start";
import { assessmentRefusal, requireAssessmentLink } from "./link.server.ts";
import { assessmentPath } from "./paths.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.view === "consent" ? loaderData.notice.title : "Your health assessment"} | ReferOH`,
  },
];

/** Where a link lands: the consent notice, the current step, or where the case now stands. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { referral, scope } = await requireAssessmentLink(context, params.token);
  switch (referral.status) {
    case "invited": {
      const organisationName = await referringOrganisationName(scope);
      const notice = consentNotice({
        type: referral.type,
        organisationName,
        jobRole: referral.jobRole,
        moduleReasons: moduleReasonsOf(referral).map((m) => m.reason),
      });
      return {
        view: "consent" as const,
        notice,
        phone: referral.subjectPhone ?? "",
        // A follow-up asks, apart from consent, whether the doctor may see the earlier cases.
        earlierCasesOf: referral.followUpOf ? organisationName : null,
      };
    }
    case "in_progress": {
      const response = await ownResponse(scope);
      const cursor = response?.cursor ?? REVIEW_STEP;
      throw redirect(
        cursor === REVIEW_STEP
          ? assessmentPath(params.token, REVIEW_STEP)
          : assessmentPath(params.token, "questions", cursor),
      );
    }
    case "declined":
      return { view: "declined" as const, crisis: referral.urgent };
    // Paused by ReferOH (docs/architecture.md §4, "On hold"): nothing to do until it is lifted,
    // and nothing said about why; the link leads where it did before once the hold is lifted.
    case "on_hold":
      return { view: "paused" as const, crisis: referral.urgent };
    // Once a report has been sent, the person's link leads to it (and to what they decided).
    case "awaiting_subject":
    case "complete":
    case "withheld":
      throw redirect(assessmentPath(params.token, "report"));
    default:
      return {
        view: "submitted" as const,
        hours: slaHours(referral.memberTurnaround),
        type: referral.type,
        // After an urgent answer the last page keeps the crisis panel and says what happens now.
        urgent: referral.urgent,
        crisis: referral.urgent || (await ownResponse(scope))?.safetyLevel !== "none",
        // The doctor's messages are read and answered in the person's thread (never by e-mail);
        // this page says how many are new and links there.
        newMessages: await newDoctorMessageCount(scope),
        documentCount: (await listCaseDocuments(scope, { referralId: referral.id })).length,
      };
  }
}

type ActionResult = { form: "consent"; result: SubmissionResult<string[]> };

export async function action({ params, request, context }: Route.ActionArgs) {
  const { scope, referral } = await requireAssessmentLink(context, params.token);
  const formData = await request.formData();
  // The number is checked on the server only: the page ships no phone-number metadata.
  const submission = parseSubmission(formData, consentForm.extend({ phone: optionalPhoneField }));
  // What the person typed comes back with the message, so nothing is lost.
  if (submission.status !== "success")
    return data<ActionResult>({ form: "consent", result: submission.reply() }, { status: 400 });
  const { shareEarlierCases } = submission.value;
  if (referral.followUpOf && !shareEarlierCases)
    return data<ActionResult>(
      {
        form: "consent",
        result: submission.reply({
          fieldErrors: { shareEarlierCases: [shareEarlierCasesMessage] },
        }),
      },
      { status: 400 },
    );
  try {
    const { cursor } = await giveConsent(scope, {
      consentVersion: submission.value.consentVersion,
      phone: submission.value.phone,
      shareEarlierCases: shareEarlierCases === undefined ? undefined : shareEarlierCases === "yes",
    });
    throw redirect(
      cursor === REVIEW_STEP
        ? assessmentPath(params.token, REVIEW_STEP)
        : assessmentPath(params.token, "questions", cursor),
    );
  } catch (error) {
    // Already started (a second tab, a double click): the entry page knows where to go.
    assessmentRefusal(error, assessmentPath(params.token));
  }
}

export default function AssessmentStart({ loaderData, actionData, params }: Route.ComponentProps) {
  if (loaderData.view === "declined" || loaderData.view === "paused")
    return <Stopped view={loaderData.view} crisis={loaderData.crisis} />;
  if (loaderData.view === "submitted")
    return (
      <>
        <WhatHappensNext
          hours={loaderData.hours}
          type={loaderData.type}
          urgent={loaderData.urgent}
          crisis={loaderData.crisis}
        />
        <div className="mt-10 grid max-w-prose gap-4">
          <NewMessagesNotice
            threads={[
              {
                viewer: "subject",
                count: loaderData.newMessages,
                page: assessmentPath(params.token, "documents"),
              },
            ]}
          />
          <DocumentsLink
            to={assessmentPath(params.token, "documents")}
            count={loaderData.documentCount}
            heading="Messages and documents"
            label="Open your messages and documents"
            intro="If the doctor needs to know more, they write to you here. You can write to the doctor too, or send a fit note or a letter from your GP or a specialist. Your employer does not see any of it."
          />
        </div>
      </>
    );
  return (
    <Consent
      notice={loaderData.notice}
      lastResult={actionData?.result}
      phone={loaderData.phone}
      token={params.token}
      earlierCasesOf={loaderData.earlierCasesOf}
    />
  );
}

function Consent({
  notice,
  lastResult,
  phone,
  token,
  earlierCasesOf,
}: {
  notice: ReturnType<typeof consentNotice>;
  /** On a follow-up, the organisation whose earlier cases the person may share; else null. */
  earlierCasesOf: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The number the employer entered, until the person posts their own. */
  phone: string;
  token: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm({ id: "consent", schema: consentForm, lastResult });
  const errors = errorSummary(fields, {
    phone: "phone",
    shareEarlierCases: "shareEarlierCases-yes",
    agree: "agree",
  });
  const shareError = fields.shareEarlierCases.errors?.[0];
  const phoneError = fields.phone.errors;
  const error = fields.agree.errors?.[0];
  return (
    <div className="grid gap-8">
      <ErrorSummary errors={errors} />
      <div className="grid gap-3">
        <h1 className="font-semibold text-3xl leading-tight">{notice.title}</h1>
        <p className="text-lg text-muted-foreground">
          Please read this before you start. It takes about 2 minutes.
        </p>
      </div>
      {notice.sections.map((section) => (
        <section key={section.heading} className="grid max-w-prose gap-3">
          <h2 className="font-semibold text-xl">{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="leading-relaxed">
              {p}
            </p>
          ))}
          {section.list && section.list.length > 0 ? (
            <ul className="grid list-disc gap-1.5 pl-6">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        className="grid gap-6 rounded-lg border border-border bg-surface p-5 sm:p-6"
      >
        <input type="hidden" name="consentVersion" value={notice.version} />
        <FormField
          id="phone"
          label="Your mobile number"
          optional
          error={phoneError}
          hint={
            <>
              So that a doctor can reach you quickly if your answers suggest you may need support
              soon. It is used for nothing else and is never given to your employer. Correct it if
              it is wrong, or leave it empty. For example {PHONE_EXAMPLE}.
            </>
          }
        >
          <Input
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            defaultValue={lastResult ? fields.phone.initialValue : phone}
            maxLength={30}
            className="max-w-xs"
          />
        </FormField>
        {earlierCasesOf ? (
          <fieldset
            className="grid gap-3"
            aria-describedby={
              shareError
                ? "shareEarlierCases-hint shareEarlierCases-error"
                : "shareEarlierCases-hint"
            }
          >
            <legend className="mb-2 font-semibold text-xl">Your earlier reports</legend>
            <p id="shareEarlierCases-hint" className="leading-relaxed">
              This is a follow-up to an earlier referral. Let the doctor see my earlier reports and
              answers from {earlierCasesOf}? The doctor then reads them to understand what has
              changed. Your employer never sees your answers. This choice is separate from your
              consent: you can say no and still take part.
            </p>
            {shareError ? (
              <FormErrorMessage id="shareEarlierCases-error">{shareError}</FormErrorMessage>
            ) : null}
            <RadioChoices
              name="shareEarlierCases"
              values={["yes", "no"] as const}
              checked={fields.shareEarlierCases.initialValue}
              label={(value) =>
                value === "yes"
                  ? `Yes, let the doctor see my earlier reports and answers from ${earlierCasesOf}`
                  : "No, the doctor should not see them"
              }
              invalid={Boolean(shareError)}
            />
          </fieldset>
        ) : null}
        <fieldset className="grid gap-3" aria-describedby={error ? "agree-error" : undefined}>
          <legend className="mb-2 font-semibold text-xl">Your consent</legend>
          {error ? <FormErrorMessage id="agree-error">{error}</FormErrorMessage> : null}
          <div className="flex items-start gap-3">
            <NativeCheckbox
              id="agree"
              name="agree"
              value="yes"
              defaultChecked={fields.agree.initialValue === "yes"}
              aria-invalid={error ? true : undefined}
              wrapperClassName="mt-0.5"
            />
            <label htmlFor="agree" className="cursor-pointer leading-snug">
              {notice.agreement}
            </label>
          </div>
        </fieldset>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
            I agree and start
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to={assessmentPath(token, "decline")}>I do not agree</Link>
          </Button>
        </div>
        <p className="text-muted-foreground text-sm">Consent notice version {notice.version}.</p>
      </Form>
    </div>
  );
}

function WhatHappensNext({
  hours,
  type,
  urgent,
  crisis,
}: {
  hours: number;
  type: "pre_employment" | "management";
  urgent: boolean;
  crisis: boolean;
}) {
  return (
    <div className="grid max-w-prose gap-6">
      <div className="rounded-lg bg-primary p-6 text-primary-foreground">
        <CheckCircle2Icon aria-hidden="true" className="size-8" />
        <h1 className="mt-3 font-semibold text-3xl leading-tight">Your answers have been sent</h1>
      </div>
      {crisis ? <CrisisSupport stage="sent" /> : null}
      <h2 className="font-semibold text-xl">What happens next</h2>
      <ol className="grid list-decimal gap-3 pl-6 leading-relaxed">
        {urgent ? (
          <li>
            Because of what you told us, a doctor will try to reach you today, by phone if you gave
            us a number, or by e-mail. This does not wait for the usual review. If you feel unsafe
            before then, do not wait for us: use the numbers above.
          </li>
        ) : (
          <li>
            An occupational health doctor reviews your answers within {hours} hours. They may
            contact you if they need to know more, or offer you a phone or video appointment.
          </li>
        )}
        <li>
          The doctor writes a report
          {type === "pre_employment"
            ? " about the job and any support you may need"
            : " with advice about your work"}
          . It does not include your answers.
        </li>
        <li>
          We will e-mail you a link to read the report before your employer sees it. You can agree
          to its release, ask for a correction, or refuse its release.
        </li>
      </ol>
      <p>You can close this page. Your employer has been told only that your answers were sent.</p>
    </div>
  );
}

/** What the person reads when the assessment has stopped: why, what became of their answers, and what next. */
const stoppedViews = {
  paused: {
    stage: "sent",
    title: "Your assessment is paused",
    answers:
      "We have paused your assessment for the moment. You do not need to do anything, and nothing you have already saved or sent has been lost.",
    next: "When it starts again, this link will take you back to where you were.",
  },
  declined: {
    stage: "stopped",
    title: "You have chosen not to take part",
    answers:
      "Any answers you saved have been deleted. Your employer will be told only that the assessment could not go ahead, not why.",
    next: "If you change your mind, ask your employer to send you a new link.",
  },
} as const;

function Stopped({ view, crisis }: { view: keyof typeof stoppedViews; crisis: boolean }) {
  const { stage, title, answers, next } = stoppedViews[view];
  return (
    <div className="grid max-w-prose gap-4">
      {crisis ? <CrisisSupport stage={stage} /> : null}
      <h1 className="font-semibold text-3xl leading-tight">{title}</h1>
      <p>{answers}</p>
      <p>
        {next} If you have questions, e-mail us at <SupportEmailLink />.
      </p>
    </div>
  );
}
