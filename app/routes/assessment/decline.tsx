import { Form, Link, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { declineConsent } from "~/domain/assessments/decline-consent.server.ts";
import { refundAfterCommit } from "~/domain/billing/settle-refund.server.ts";
import { sendQueuedMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Route } from "./+types/decline";
import { assessmentRefusal, requireAssessmentLink } from "./link.server.ts";
import { assessmentPath } from "./paths.ts";

export const meta: Route.MetaFunction = () => [{ title: "Not taking part | ReferOH" }];

/** The confirmation before not agreeing (or stopping): ending the case cannot be undone here. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { referral } = await requireAssessmentLink(context, params.token);
  if (referral.status !== "invited" && referral.status !== "in_progress")
    throw redirect(assessmentPath(params.token));
  return { started: referral.status === "in_progress" };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { runtime, scope } = await requireAssessmentLink(context, params.token);
  try {
    const ended = await declineConsent(scope);
    // After commit: the employer's notice (reference only, written with the decline) goes now,
    // or with the outbox's drain, and any card payment goes back.
    await sendQueuedMail(scope, ended.notice);
    await refundAfterCommit(scope, runtime, ended.order);
  } catch (error) {
    // Declined already, or started and sent meanwhile: the start page says where it stands.
    assessmentRefusal(error, assessmentPath(params.token));
  }
  throw redirect(assessmentPath(params.token));
}

export default function Decline({ loaderData, params }: Route.ComponentProps) {
  const { started } = loaderData;
  return (
    <div className="grid max-w-prose gap-6">
      <h1 className="font-semibold text-3xl leading-tight">
        {started ? "Are you sure you want to stop?" : "Are you sure you do not want to take part?"}
      </h1>
      <p>
        {started
          ? "If you stop, the answers you have saved are deleted and the assessment ends."
          : "If you do not agree, the assessment ends and no health information is collected."}{" "}
        Your employer is told only that the assessment could not go ahead, not why, and is not
        charged for it.
      </p>
      <p>
        Without an occupational health assessment your employer may have to make decisions about
        your work without medical advice. You may want to talk to them first.
      </p>
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" variant="destructive" size="lg">
          {started ? "Yes, stop and delete my answers" : "Yes, I do not want to take part"}
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to={assessmentPath(params.token)}>
            {started ? "No, go back to my answers" : "No, go back"}
          </Link>
        </Button>
      </Form>
    </div>
  );
}
