import { AreaError } from "~/components/account/area-error.tsx";
import { SignedInArea } from "~/components/account/signed-in-area.tsx";
import { noStore, requireArea, sameOrigin, signedInShell } from "~/middleware/session.server.ts";
import type { Route } from "./+types/layout";

/** Doctors only, with a verified second factor and access not revoked (checked on every request). */
export const middleware: Route.MiddlewareFunction[] = [sameOrigin, noStore, requireArea("doctor")];

export function loader({ context }: Route.LoaderArgs) {
  return signedInShell(context);
}

export default function DoctorLayout({ loaderData }: Route.ComponentProps) {
  return <SignedInArea shell={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AreaError error={error} />;
}
