import { Outlet } from "react-router";
import { AreaError } from "~/components/account/area-error.tsx";
import { SignedInShell } from "~/components/account/signed-in-shell.tsx";
import { roleHome } from "~/domain/access/permissions.ts";
import {
  currentSession,
  noStore,
  pagePath,
  requireArea,
  sameOrigin,
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
];

export function loader({ context }: Route.LoaderArgs) {
  const { user } = currentSession(context);
  return {
    year: new Date().getFullYear(),
    account: { home: roleHome[user.role], role: user.role, name: user.name },
  };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SignedInShell account={loaderData.account} year={loaderData.year}>
      <Outlet />
    </SignedInShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AreaError error={error} />;
}
