import { AreaError } from "~/components/account/area-error.tsx";
import { SignedInArea } from "~/components/account/signed-in-area.tsx";
import { AdminNav } from "~/components/admin/admin-nav.tsx";
import { noStore, requireArea, sameOrigin, signedInShell } from "~/middleware/session.server.ts";
import type { Route } from "./+types/layout";

/** Administrators only, with a verified second factor. */
export const middleware: Route.MiddlewareFunction[] = [sameOrigin, noStore, requireArea("admin")];

export function loader({ context }: Route.LoaderArgs) {
  return signedInShell(context);
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SignedInArea shell={loaderData}>
      <AdminNav />
    </SignedInArea>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AreaError error={error} />;
}
