import { AreaError } from "~/components/account/area-error.tsx";
import { staleOrganisationScreen } from "~/components/account/organisation-refusals.tsx";
import { SignedInArea } from "~/components/account/signed-in-area.tsx";
import { samePageOrganisation } from "~/middleware/organisation-guard.server.ts";
import {
  noStore,
  pagePath,
  requireArea,
  sameOrigin,
  signedInShell,
} from "~/middleware/session.server.ts";
import type { Route } from "./+types/layout";

const enrolmentPath = "/account/two-factor";

/**
 * Any signed-in role. Doctors and administrators without two-factor may open only the enrolment
 * page, which the area gates send them to.
 */
export const middleware: Route.MiddlewareFunction[] = [
  sameOrigin,
  noStore,
  (args, next) =>
    requireArea(pagePath(args.request).pathname === enrolmentPath ? "enrolment" : "account")(
      args,
      next,
    ),
  // The company details act on the active organisation: a tab left on another one is refused.
  samePageOrganisation("allow"),
];

export function loader({ context }: Route.LoaderArgs) {
  return signedInShell(context);
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return <SignedInArea shell={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const stale = staleOrganisationScreen(error);
  if (stale) return stale;
  return <AreaError error={error} />;
}
