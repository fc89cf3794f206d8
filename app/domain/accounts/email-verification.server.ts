import { eq } from "drizzle-orm";
import { user } from "~/db/schema/index.ts";
import { accountKey, normaliseEmail } from "./account-key.ts";
import { auditAuthEvent } from "./audit.server.ts";
import { authErrorCode } from "./auth-errors.ts";
import { checkThrottle, recordAttempt } from "./throttle.server.ts";
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
export async function resendVerificationEmail(
  deps: AccountsDeps,
  input: { email: string; request: RequestMeta },
): Promise<void> {
  const { db } = deps.database;
  const email = normaliseEmail(input.email);
  const key = accountKey(email);
  const verdict = await checkThrottle(db, {
    action: "verify_resend",
    ip: input.request.ip,
    accountKey: key,
  });
  if (!verdict.allowed) {
    await auditAuthEvent(db, input.request, {
      action: "auth.verification_resent",
      outcome: "denied",
      details: { reason: verdict.reason, accountKey: key },
    });
    return;
  }
  await recordAttempt(db, {
    action: "verify_resend",
    ip: input.request.ip,
    accountKey: key,
    succeeded: true,
  });
  // No cookie passed: better-auth then answers uniformly and pads the time (500 ms floor).
  await deps.auth.api.sendVerificationEmail({ body: { email } });
  const [found] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(user.email, email));
  await auditAuthEvent(db, input.request, {
    action: "auth.verification_resent",
    outcome: "success",
    actor: found ? { id: found.id, role: found.role } : null,
  });
}
