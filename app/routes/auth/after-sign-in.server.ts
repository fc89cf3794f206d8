import type { PlatformRole } from "~/db/schema/auth.ts";
import {
  destinationAfterSignIn,
  redirectWithCookies,
  withNotice,
} from "~/middleware/responses.server.ts";

/**
 * The answer to a completed sign-in, by password alone or after its second factor: on to the
 * remembered page or the role's home, with the toast that says so, setting the session's cookies.
 */
export function redirectAfterSignIn(
  signedIn: { role: PlatformRole; setCookies: string[] },
  redirectTo: string | null | undefined,
  notice: "signed-in" | "doctor-signed-in",
) {
  return redirectWithCookies(
    withNotice(destinationAfterSignIn(signedIn.role, redirectTo), notice),
    signedIn.setCookies,
  );
}
