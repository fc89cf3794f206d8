import { Outlet } from "react-router";
import { AreaError } from "~/components/account/area-error.tsx";
import { SignedInShell } from "~/components/account/signed-in-shell.tsx";
import { AdminNav } from "~/components/admin/admin-nav.tsx";
import { roleHome } from "~/domain/access/permissions.ts";
import { currentSession, noStore, requireArea, sameOrigin } from "~/middleware/session.server.ts";
import type { Route } from "./+types/layout";

/** Administrators only, with a verified second factor. */
export const middleware: Route.MiddlewareFunction[] = [sameOrigin, noStore, requireArea("admin")];

export function loader({ context }: Route.LoaderArgs) {
  const { user } = currentSession(context);
  return {
    year: new Date().getFullYear(),
    account: { home: roleHome.admin, role: "admin" as const, name: user.name },
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SignedInShell account={loaderData.account} year={loaderData.year}>
      <AdminNav />
      <Outlet />
    </SignedInShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AreaError error={error} />;
}
