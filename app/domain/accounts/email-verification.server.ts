import { auditAuthEvent } from "./audit.server.ts";
import { authErrorCode } from "./auth-errors.ts";
import { sendAccountLink } from "./send-account-link.server.ts";
import type { AccountsDeps, RequestMeta } from "./types.ts";

/** The link in the verification e-mail. */
export async function verifyEmailAddress(
  deps: AccountsDeps,
  input: { token: string; request: RequestMeta },
): Promise<"verified" | "invalid"> {
  const { db } = deps.database;
  try {
    await deps.auth.api.verifyEmail({ query: { token: input.token } });
  } catch (error) {
    if (authErrorCode(error) === null) throw error;
    await auditAuthEvent(db, input.request, {
      action: "auth.email_verified",
      outcome: "failure",
      details: { reason: authErrorCode(error) },
    });
    return "invalid";
  }
  await auditAuthEvent(db, input.request, { action: "auth.email_verified", outcome: "success" });
  return "verified";
}

/** "Resend the link": the same answer whether or not the address exists or is already verified. */
export function resendVerificationEmail(
  deps: AccountsDeps,
  input: { email: string; request: RequestMeta },
): Promise<void> {
  return sendAccountLink(deps, input, {
    throttle: "verify_resend",
    audit: "auth.verification_resent",
    // No cookie passed: better-auth then answers uniformly and pads the time (500 ms floor).
    send: (email) => deps.auth.api.sendVerificationEmail({ body: { email } }),
  });
}
