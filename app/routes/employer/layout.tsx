import { Outlet } from "react-router";
import { AreaError } from "~/components/account/area-error.tsx";
import { SignedInShell } from "~/components/account/signed-in-shell.tsx";
import { roleHome } from "~/domain/access/permissions.ts";
import { currentSession, noStore, requireArea, sameOrigin } from "~/middleware/session.server.ts";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [
  sameOrigin,
  noStore,
  requireArea("employer"),
];

export function loader({ context }: Route.LoaderArgs) {
  const { user, organisation } = currentSession(context);
  return {
    year: new Date().getFullYear(),
    account: { home: roleHome.employer, role: "employer" as const, name: user.name },
    organisationName: organisation?.name ?? null,
  };
}

export default function EmployerLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SignedInShell account={loaderData.account} year={loaderData.year}>
      <Outlet />
    </SignedInShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AreaError error={error} />;
}
