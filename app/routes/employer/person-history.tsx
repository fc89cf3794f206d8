import { Link, useNavigation } from "react-router";
import { ClosedBadge } from "~/components/referrals/referral-details.tsx";
import { ReferralStatusBadge } from "~/components/referrals/status-badge.tsx";
import { getPersonHistory } from "~/domain/referrals/person-history.server.ts";
import { formatLongDate } from "~/lib/dates.ts";
import { privatePageMeta } from "~/lib/page-meta.ts";
import { referralErrorResponse } from "~/middleware/employer.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import type { Route } from "./+types/person-history";

/*
 * The person's history (docs/architecture.md §4, "The person's history"): the cases of the
 * organisation about the person a referral is about, as far as the member may see them. Addressed
 * by that referral, never by the address: a URL names no one.
 */

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(loaderData ? `History: ${loaderData.referral.subjectName}` : "History");

export async function loader({ params, context }: Route.LoaderArgs) {
  return getPersonHistory(currentScope(context), params.referralId).catch(referralErrorResponse);
}

const typeLabels = { management: "Management referral", pre_employment: "Pre-employment" };

export default function PersonHistory({ loaderData }: Route.ComponentProps) {
  const { referral, cases } = loaderData;
  const loading = useNavigation().state === "loading";
  const others = cases.filter((c) => !c.current).length;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6" aria-busy={loading}>
      <Link
        to={`/employer-referrals/${referral.id}`}
        className="text-primary text-sm underline-offset-4 hover:underline"
      >
        Back to {referral.reference}
      </Link>
      <h1 className="mt-3 font-semibold text-3xl tracking-tight">
        History of {referral.subjectName}
      </h1>
      <p className="mt-2 text-muted-foreground">
        The cases your organisation has referred about this person (matched by e-mail address),
        newest first: when each ran and where it stands. What a case was about and its report stay
        on the case's own page.
      </p>
      {others === 0 ? (
        <p className="mt-6 rounded-lg border bg-card p-4" data-testid="history-empty">
          There are no other cases about this person that you can see.
        </p>
      ) : null}
      <ol className="mt-6 space-y-4" aria-label="Cases">
        {cases.map((c) => (
          <li
            key={c.id}
            className="rounded-xl border bg-card p-4 sm:p-5"
            data-testid="history-case"
            aria-current={c.current ? "page" : undefined}
          >
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="font-semibold text-lg">
                <Link
                  to={`/employer-referrals/${c.id}`}
                  className="underline-offset-4 hover:underline"
                >
                  {c.reference}
                </Link>
              </h2>
              <ReferralStatusBadge status={c.status} />
              {c.closedAt ? <ClosedBadge short /> : null}
              {c.current ? (
                <span className="text-muted-foreground text-sm">(this case)</span>
              ) : null}
            </div>
            <p className="mt-1 text-muted-foreground text-sm">
              {typeLabels[c.type]}
              {c.subjectName !== referral.subjectName ? ` · referred as ${c.subjectName}` : null}
            </p>
            <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
              <Fact label="Referred" value={formatLongDate(c.createdAt)} />
              {c.submittedAt ? (
                <Fact label="Assessment submitted" value={formatLongDate(c.submittedAt)} />
              ) : null}
              {c.reportReleasedAt ? (
                <Fact label="Report released" value={formatLongDate(c.reportReleasedAt)} />
              ) : null}
              {c.closedAt ? <Fact label="Closed" value={formatLongDate(c.closedAt)} /> : null}
              {c.reviews.map((r) => (
                <Fact
                  key={`${r.kindLabel}-${r.dueOn}`}
                  label={r.kindLabel}
                  value={formatLongDate(r.dueOn)}
                />
              ))}
            </dl>
          </li>
        ))}
      </ol>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <dt className="text-muted-foreground">{label}:</dt>
      <dd>{value}</dd>
    </div>
  );
}
