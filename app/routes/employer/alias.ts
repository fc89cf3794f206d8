import { redirect } from "react-router";
import type { Route } from "./+types/alias";

/** The seed's short aliases, inside the employer area so the guard applies first. */
const targets: Record<string, string> = {
  "/referrals": "/employer-referrals",
  "/subscriptions": "/employer-subscription",
  "/reports": "/employer-reports",
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  throw redirect((targets[url.pathname] ?? "/employer-dashboard") + url.search);
}
