import { redirect } from "react-router";
import { runtimeContext } from "~/context.ts";
import { verifyEmailAddress } from "~/domain/accounts/email-verification.server.ts";
import { requestMeta } from "~/middleware/session.server.ts";
import type { Route } from "./+types/verify-email";

/** The link in the verification e-mail: verifies, then back to /login to sign in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = token
    ? await verifyEmailAddress(context.get(runtimeContext), {
        token,
        request: requestMeta(context, request),
      })
    : "invalid";
  throw redirect(
    result === "verified" ? "/login?notice=email-verified" : "/login?notice=verify-failed",
    {
      headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
    },
  );
}
