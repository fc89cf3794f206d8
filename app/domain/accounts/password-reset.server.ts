import { eq } from "drizzle-orm";
import { user } from "~/db/schema/index.ts";
import { auditAuthEvent } from "./audit.server.ts";
import { authErrorCode } from "./auth-errors.ts";
import { passwordOwnerOf, passwordProblem, type WeakPassword } from "./check-password.server.ts";
import { sendAccountLink } from "./send-account-link.server.ts";
import type { AccountsDeps, RequestMeta } from "./types.ts";

/**
 * "Forgot password": always the same answer. better-auth stores the token hashed, valid 1 hour and
 * once; over the limit nothing is sent, still with the same answer.
 */
export function requestPasswordReset(
  deps: AccountsDeps,
  input: { email: string; request: RequestMeta },
): Promise<void> {
  return sendAccountLink(deps, input, {
    throttle: "reset",
    audit: "auth.password_reset_requested",
    send: (email) => deps.auth.api.requestPasswordReset({ body: { email } }),
    noteUnknownAddress: true,
  });
}

type ResetResult = { status: "ok" } | { status: "invalid-token" } | WeakPassword;

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
