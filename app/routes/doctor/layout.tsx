import { Outlet } from "react-router";
import { AreaError } from "~/components/account/area-error.tsx";
import { SignedInShell } from "~/components/account/signed-in-shell.tsx";
import { roleHome } from "~/domain/access/permissions.ts";
import { currentSession, noStore, requireArea, sameOrigin } from "~/middleware/session.server.ts";
import type { Route } from "./+types/layout";

/** Doctors only, with a verified second factor and access not revoked (checked on every request). */
export const middleware: Route.MiddlewareFunction[] = [sameOrigin, noStore, requireArea("doctor")];

export function loader({ context }: Route.LoaderArgs) {
  const { user } = currentSession(context);
  return {
    year: new Date().getFullYear(),
    account: { home: roleHome.doctor, role: "doctor" as const, name: user.name },
  };
}

export default function DoctorLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SignedInShell account={loaderData.account} year={loaderData.year}>
      <Outlet />
    </SignedInShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AreaError error={error} />;
}
