import { redirect } from "react-router";
import { runtimeContext } from "~/context.ts";
import { signOut } from "~/domain/accounts/sign-out.server.ts";
import { redirectWithCookies } from "~/middleware/responses.server.ts";
import { lookupSession, requestMeta, sameOrigin } from "~/middleware/session.server.ts";
import type { Route } from "./+types/logout";

export const middleware: Route.MiddlewareFunction[] = [sameOrigin];

/** Sign out is a POST (a link or prefetch must not sign anyone out). */
export async function action({ request, context }: Route.ActionArgs) {
  const lookup = await lookupSession(context, request);
  const setCookies = await signOut(context.get(runtimeContext), {
    actor: lookup.status === "active" ? lookup.current.actor : null,
    request: requestMeta(context, request),
  });
  return redirectWithCookies("/login?notice=signed-out", setCookies);
}

export function loader() {
  throw redirect("/login");
}
