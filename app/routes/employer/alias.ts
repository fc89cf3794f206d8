import { redirect } from "react-router";
import { pagePath } from "~/middleware/session.server.ts";
import type { Route } from "./+types/alias";

/** The seed's short aliases, inside the employer area so the guard applies first. */
const targets: Record<string, string> = {
  "/referrals": "/employer-referrals",
  "/subscriptions": "/employer-subscription",
  "/reports": "/employer-reports",
};

export function loader({ request }: Route.LoaderArgs) {
  const { pathname, search } = pagePath(request);
  throw redirect((targets[pathname] ?? "/employer-dashboard") + search);
}
