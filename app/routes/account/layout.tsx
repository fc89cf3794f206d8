import { AreaError } from "~/components/account/area-error.tsx";
import { SignedInArea } from "~/components/account/signed-in-area.tsx";
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
];

export function loader({ context }: Route.LoaderArgs) {
  return signedInShell(context);
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return <SignedInArea shell={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AreaError error={error} />;
}
