import { isRouteErrorResponse, Outlet } from "react-router";
import { SupportEmailLink } from "~/components/assessment/support-email-link.tsx";
import { SkipLink } from "~/components/skip-link.tsx";
import { StandalonePage } from "~/components/standalone-page.tsx";
import type { Route } from "./+types/layout";

/*
 * The person being assessed has no account and arrives from an e-mail: no site navigation, no
 * links that would lead away mid-assessment, nothing for search engines. The server adds
 * `X-Robots-Tag: noindex`, `Cache-Control: no-store` and `Referrer-Policy: same-origin` to every
 * /assessment response (server/app.ts), so the token in the address never leaks to another site.
 */
function Shell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="same-origin" />
      <SkipLink />
      <StandalonePage width="narrow" mainClassName="sm:pt-10">
        {children}
      </StandalonePage>
      <footer className="border-border border-t bg-surface">
        <div className="mx-auto max-w-3xl px-4 py-6 text-muted-foreground text-sm sm:px-6">
          ReferOH Ltd: independent occupational health. Questions about this assessment:{" "}
          <SupportEmailLink />
        </div>
      </footer>
    </>
  );
}

export default function AssessmentLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/**
 * One page for every link that does not work (unknown, tampered, expired, revoked, cancelled, too
 * many tries): the same words whatever the reason, so it says nothing about any referral.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const linkProblem = isRouteErrorResponse(error) && [404, 410, 429].includes(error.status);
  return (
    <Shell>
      <title>This link does not work | ReferOH</title>
      {linkProblem ? (
        <div className="grid max-w-prose gap-4" data-testid="link-unavailable">
          <h1 className="font-semibold text-3xl leading-tight">This link does not work</h1>
          <p>
            The link may be incomplete, it may have expired, or the assessment may no longer be
            needed.
          </p>
          <p>
            If you were asked to complete a health assessment, contact the person who asked you and
            ask them to send a new link, or e-mail us at <SupportEmailLink />.
          </p>
        </div>
      ) : (
        <div className="grid max-w-prose gap-4">
          <h1 className="font-semibold text-3xl leading-tight">Sorry, there is a problem</h1>
          <p>
            Something went wrong on our side. Your saved answers are safe. Please try again in a few
            minutes.
          </p>
        </div>
      )}
    </Shell>
  );
}
