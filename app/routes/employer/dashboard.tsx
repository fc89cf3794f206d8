import {
  BriefcaseMedicalIcon,
  CalendarClockIcon,
  ClipboardCheckIcon,
  ClipboardListIcon,
  CoinsIcon,
  FileTextIcon,
  UserCheckIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { OrganisationSwitchDisclosure } from "~/components/account/organisation-switcher.tsx";
import {
  ReferralDrawer,
  ReferralLink,
  useReferralDrawer,
} from "~/components/referrals/referral-drawer.tsx";
import { Button } from "~/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardHeading,
} from "~/components/ui/card";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import { teamCan } from "~/domain/kernel/team-permissions.ts";
import { activityLabel } from "~/domain/referrals/activity-labels.ts";
import { getEmployerDashboard } from "~/domain/referrals/employer-dashboard.server.ts";
import { followUpPath } from "~/domain/referrals/follow-up.ts";
import { REVIEWS_DUE_WINDOW_DAYS } from "~/domain/reports/case-review-kinds.ts";
import { listReviewsDue } from "~/domain/reports/case-reviews.server.ts";
import { formatDateTime, formatLongDateWithDay } from "~/lib/dates.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { organisationCredits } from "~/middleware/employer.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/dashboard";
import { loadReferralDrawer } from "./referral-drawer.server.ts";

export const meta: Route.MetaFunction = () => privatePageMeta("Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = currentScope(context);
  const [summary, reviewsDue, drawer] = await Promise.all([
    getEmployerDashboard(scope, { credits: organisationCredits(context) }),
    listReviewsDue(scope),
    loadReferralDrawer(context, new URL(request.url)),
  ]);
  const { actor } = requireEmployer(scope);
  return {
    organisationName: actor.organisationName,
    // A team role without billing is offered no billing page (it would be refused).
    billing: teamCan(actor.memberRole, "billing:manage"),
    summary,
    reviewsDue,
    drawer,
  };
}

/** What each activity means to an employer, in words (never any health content). */

function Counter({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: number;
  icon: typeof CoinsIcon;
}) {
  return (
    <div className="flex items-center gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div>
        <p className="text-muted-foreground text-sm">{label}</p>
        <p
          className="font-semibold text-3xl tabular-nums"
          data-testid={label.toLowerCase().replaceAll(" ", "-")}
        >
          {value}
        </p>
      </div>
    </div>
  );
}

/** One kind of referral: what it is for, and the button that starts a new one. */
function NewReferralCard({
  title,
  to,
  icon: Icon,
  action,
  children,
}: {
  title: string;
  to: string;
  icon: typeof CoinsIcon;
  action: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardHeading>{title}</CardHeading>
        <CardDescription>{children}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild>
          <Link to={to}>
            <Icon aria-hidden="true" />
            {action}
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

/**
 * The reviews released reports set for the next 30 days (docs/architecture.md §4, "Reviews
 * due"): the case, the person as the employer named them, the kind of review and its date. The
 * kind's words carry no health detail; the case's report says what is reviewed.
 */
function ReviewsDue({ reviews }: { reviews: Route.ComponentProps["loaderData"]["reviewsDue"] }) {
  return (
    <Card className="mt-8" data-testid="reviews-due">
      <CardHeader>
        <CardHeading>Reviews due</CardHeading>
        <CardDescription>
          Dates the occupational health reports set for the next {REVIEWS_DUE_WINDOW_DAYS} days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {reviews.length === 0 ? (
          <p className="text-muted-foreground">
            No reviews due in the next {REVIEWS_DUE_WINDOW_DAYS} days. When a released report sets a
            date to review adjustments, it appears here, and the people on the case are e-mailed
            five working days before it.
          </p>
        ) : (
          <ul className="divide-y">
            {reviews.map((r) => (
              <li
                key={r.id}
                className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
              >
                <span className="min-w-0 break-words">
                  <ReferralLink
                    reference={r.referralReference}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {r.referralReference}
                  </ReferralLink>{" "}
                  · {r.subjectName} · {r.kindLabel}
                </span>
                <span className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-1">
                  <time
                    dateTime={r.dueOn}
                    className="flex items-center gap-1.5 text-muted-foreground text-sm"
                  >
                    <CalendarClockIcon aria-hidden="true" className="size-4" />
                    {formatLongDateWithDay(r.dueOn)}
                  </time>
                  <Link
                    to={followUpPath(r.referralReference)}
                    className="text-primary text-sm underline-offset-4 hover:underline"
                    aria-label={`Refer for a follow-up: ${r.referralReference}`}
                  >
                    Refer for a follow-up
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export default function EmployerDashboard({ loaderData }: Route.ComponentProps) {
  const { summary } = loaderData;
  const drawer = useReferralDrawer(loaderData.drawer);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <p className="text-muted-foreground text-sm" data-testid="dashboard-organisation">
        {loaderData.organisationName}
      </p>
      <OrganisationSwitchDisclosure />
      <h1 className="mt-1 font-semibold text-3xl tracking-tight">Welcome to your Dashboard</h1>
      <p className="mt-2 text-lg text-muted-foreground">
        Manage your occupational health assessments
      </p>

      <section aria-label="Summary" className="mt-8 grid gap-4 sm:grid-cols-3">
        <Counter
          label="Active Assessments"
          value={summary.activeAssessments}
          icon={ClipboardListIcon}
        />
        <Counter
          label="Completed Reports"
          value={summary.completedReports}
          icon={ClipboardCheckIcon}
        />
        <Counter label="Available Credits" value={summary.availableCredits} icon={CoinsIcon} />
      </section>

      <ReviewsDue reviews={loaderData.reviewsDue} />

      <section className="mt-8 grid gap-4 md:grid-cols-2">
        <NewReferralCard
          title="Pre-Employment Assessments"
          to="/pre-employment-referral"
          icon={UserCheckIcon}
          action="New Pre-Employment Assessment"
        >
          After a conditional job offer, the candidate completes a health questionnaire for the role
          and a doctor confirms their fitness for work.
        </NewReferralCard>
        <NewReferralCard
          title="Management Referrals"
          to="/employer-referral?type=management"
          icon={BriefcaseMedicalIcon}
          action="New Management Referral"
        >
          Ask an occupational health doctor for advice about an employee's health and work: fitness,
          adjustments and return to work.
        </NewReferralCard>
      </section>

      <Card className="mt-8">
        <CardHeader>
          <CardHeading>Recent Activity</CardHeading>
        </CardHeader>
        <CardContent>
          {summary.recentActivity.length === 0 ? (
            <p className="text-muted-foreground">
              No activity yet. Referrals you make will appear here.
            </p>
          ) : (
            <ul className="divide-y">
              {summary.recentActivity.map((a) => (
                <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 py-3">
                  <span>
                    <ReferralLink
                      reference={a.reference}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {a.reference}
                    </ReferralLink>{" "}
                    · {a.subjectName} · {activityLabel(a.kind)}
                  </span>
                  <span className="text-muted-foreground text-sm">
                    {formatDateTime(a.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/employer-referrals">View All Referrals</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/employer-reports">
              <FileTextIcon aria-hidden="true" />
              View All Reports
            </Link>
          </Button>
          {loaderData.billing ? (
            <Button asChild variant="outline">
              <Link to="/employer-subscription">Manage Subscription</Link>
            </Button>
          ) : null}
        </CardFooter>
      </Card>
      <ReferralDrawer referral={drawer.referral} onClose={drawer.close} />
    </div>
  );
}
