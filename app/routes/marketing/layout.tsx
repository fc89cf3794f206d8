import { Outlet } from "react-router";
import { NoticeToasts } from "~/components/account/notices.tsx";
import { PendingOverlay } from "~/components/account/pending-overlay.tsx";
import { SiteFooter } from "~/components/site-footer.tsx";
import { type HeaderAccount, SiteHeader } from "~/components/site-header.tsx";
import { SkipLink } from "~/components/skip-link.tsx";
import { roleHome } from "~/domain/access/permissions.ts";
import { lookupSession, sameOrigin } from "~/middleware/session.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [sameOrigin];

/**
 * Public pages show "My Account" instead of "Sign In" to a signed-in visitor. Only requests that
 * carry our session cookie touch the database; without a runtime (pre-rendering at build time)
 * every visitor is anonymous.
 */
async function headerAccount(args: Route.LoaderArgs): Promise<HeaderAccount | null> {
  try {
    const lookup = await lookupSession(args.context, args.request);
    if (lookup.status !== "active") return null;
    const { user } = lookup.current;
    return { home: roleHome[user.role], role: user.role, name: user.name };
  } catch {
    return null;
  }
}

export async function loader(args: Route.LoaderArgs) {
  return { year: new Date().getFullYear(), account: await headerAccount(args) };
}

export default function MarketingLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SkipLink />
      <SiteHeader account={loaderData.account} />
      <main id="main" className="flex-1 pt-16">
        <Outlet />
      </main>
      <SiteFooter year={loaderData.year} />
      <NoticeToasts />
      <PendingOverlay />
    </>
  );
}
