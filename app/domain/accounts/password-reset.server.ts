import { eq } from "drizzle-orm";
import { user } from "~/db/schema/index.ts";
import { accountKey, normaliseEmail } from "./account-key.ts";
import { auditAuthEvent } from "./audit.server.ts";
import { authErrorCode } from "./auth-errors.ts";
import { passwordOwnerOf, passwordProblem } from "./check-password.server.ts";
import { checkThrottle, recordAttempt } from "./throttle.server.ts";
import type { AccountsDeps, RequestMeta } from "./types.ts";

/**
 * "Forgot password": always the same answer. better-auth stores the token hashed, valid 1 hour and
 * once; over the limit nothing is sent, still with the same answer.
 */
export async function requestPasswordReset(
  deps: AccountsDeps,
  input: { email: string; request: RequestMeta },
): Promise<void> {
  const { db } = deps.database;
  const email = normaliseEmail(input.email);
  const key = accountKey(email);
  const verdict = await checkThrottle(db, {
    action: "reset",
    ip: input.request.ip,
    accountKey: key,
  });
  if (!verdict.allowed) {
    await auditAuthEvent(db, input.request, {
      action: "auth.password_reset_requested",
      outcome: "denied",
      details: { reason: verdict.reason, accountKey: key },
    });
    return;
  }
  await recordAttempt(db, {
    action: "reset",
    ip: input.request.ip,
    accountKey: key,
    succeeded: true,
  });
  await deps.auth.api.requestPasswordReset({ body: { email } });
  const [found] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(user.email, email));
  await auditAuthEvent(db, input.request, {
    action: "auth.password_reset_requested",
    outcome: "success",
    actor: found ? { id: found.id, role: found.role } : null,
    details: found ? {} : { accountKey: key, unknownAddress: true },
  });
}

export type ResetResult =
  | { status: "ok" }
  | { status: "invalid-token" }
  | { status: "weak-password"; message: string };

/**
 * Sets a new password from an e-mailed link (reset, doctor invitation, admin set-up). Ends every
 * session of the account; opening the link proves the address, so it is marked verified.
 */
export async function resetPasswordWithToken(
  deps: AccountsDeps,
  input: { token: string; newPassword: string; request: RequestMeta },
): Promise<ResetResult> {
  const { db } = deps.database;
  const { internalAdapter } = await deps.auth.$context;
  const verification = await internalAdapter.findVerificationValue(`reset-password:${input.token}`);
  const userId = verification && verification.expiresAt > new Date() ? verification.value : null;
  // Judged against the account's own name, address and company (an invalid link has none).
  const owner = userId ? await passwordOwnerOf(db, userId) : {};
  const problem = await passwordProblem(input.newPassword, owner);
  if (problem) return { status: "weak-password", message: problem };
  try {
    await deps.auth.api.resetPassword({
      body: { newPassword: input.newPassword, token: input.token },
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === null) throw error;
    await auditAuthEvent(db, input.request, {
      action: "auth.password_reset",
      outcome: "failure",
      details: { reason: code },
    });
    return { status: "invalid-token" };
  }
  if (userId) {
    const [updated] = await db
      .update(user)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(eq(user.id, userId))
      .returning({ id: user.id, role: user.role });
    await auditAuthEvent(db, input.request, {
      action: "auth.password_reset",
      outcome: "success",
      actor: updated ? { id: updated.id, role: updated.role } : null,
      details: { sessionsRevoked: true },
    });
  }
  return { status: "ok" };
}
