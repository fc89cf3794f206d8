import { CheckCircle2Icon, ClockIcon } from "lucide-react";
import { data, Link } from "react-router";
import { ReferralStatusBadge } from "~/components/referrals/status-badge.tsx";
import { Button } from "~/components/ui/button";
import { getReferralForEmployer } from "~/domain/referrals/get-referral.server.ts";
import { referralIssue } from "~/domain/referrals/list-referrals.server.ts";
import { formatLongDate } from "~/lib/dates.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { referralErrorResponse } from "~/middleware/employer.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/review-referral";

export const meta: Route.MetaFunction = () => privatePageMeta("Referral summary");

/** After a one-time payment (seed §4): the referral as it now stands, read from the database. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const referralId = new URL(request.url).searchParams.get("referral");
  if (!referralId) throw data("Not found", { status: 404 });
  const referral = await getReferralForEmployer(currentScope(context), referralId).catch(
    referralErrorResponse,
  );
  return { referral: { ...referral, issue: referralIssue(referral) } };
}

export default function ReviewReferral({ loaderData }: Route.ComponentProps) {
  const { referral } = loaderData;
  // A Stripe payment is confirmed by its webhook, which may arrive a moment after the browser does.
  const paid = referral.status !== "awaiting_payment";
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <div className="rounded-xl border bg-card p-6 shadow-sm">
        {paid ? (
          <CheckCircle2Icon aria-hidden="true" className="size-10 text-status-complete" />
        ) : (
          <ClockIcon aria-hidden="true" className="size-10 text-status-pending" />
        )}
        <h1 className="mt-3 font-semibold text-2xl tracking-tight">
          {paid ? "Payment confirmed" : "Waiting for payment confirmation"}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {paid
            ? `We have e-mailed ${referral.subjectName} the invitation and a personal link to the assessment.`
            : "Your payment provider has not confirmed the payment yet. This page shows the latest status when you reload it."}
        </p>
        {/* Term beside its value from 640 px; above it, the value under its term, and the
            e-mail address breaks where it must (WCAG 1.4.10). */}
        <dl className="mt-6 space-y-3 sm:space-y-2">
          <div className="grid gap-x-2 sm:grid-cols-[10rem_1fr]">
            <dt className="text-muted-foreground">Reference</dt>
            <dd className="font-medium">{referral.reference}</dd>
          </div>
          <div className="grid gap-x-2 sm:grid-cols-[10rem_1fr]">
            <dt className="text-muted-foreground">
              {referral.type === "pre_employment" ? "Candidate" : "Employee"}
            </dt>
            <dd className="wrap-anywhere">
              {referral.subjectName} ({referral.subjectEmail})
            </dd>
          </div>
          <div className="grid gap-x-2 sm:grid-cols-[10rem_1fr]">
            <dt className="text-muted-foreground">Assessment</dt>
            <dd>{referral.issue}</dd>
          </div>
          <div className="grid gap-x-2 sm:grid-cols-[10rem_1fr]">
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <ReferralStatusBadge status={referral.status} />
            </dd>
          </div>
          <div className="grid gap-x-2 sm:grid-cols-[10rem_1fr]">
            <dt className="text-muted-foreground">Created</dt>
            <dd>{formatLongDate(referral.createdAt)}</dd>
          </div>
        </dl>
        <div className="mt-6 flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/employer-dashboard">Back to Dashboard</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/employer-referrals">View All Referrals</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
