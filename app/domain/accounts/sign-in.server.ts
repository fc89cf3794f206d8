import { and, eq } from "drizzle-orm";
import { doctorProfile, session, user } from "~/db/schema/index.ts";
import { accountKey, normaliseEmail } from "./account-key.ts";
import { auditAuthEvent } from "./audit.server.ts";
import { authErrorCode } from "./auth-errors.ts";
import { setPendingSecondFactor } from "./pending-second-factor.server.ts";
import {
  checkThrottle,
  recordAttempt,
  recordFailedAttempt,
  recordRightAttempt,
  type ThrottledStatus,
  throttledStatus,
} from "./throttle.server.ts";
import type { AccountsDeps, RequestMeta, SignedIn } from "./types.ts";

type SignInResult =
  | SignedIn
  | { status: "second-factor"; setCookies: string[] }
  /** Wrong address or password, or (at the doctor portal) not a doctor: one answer for all. */
  | { status: "invalid" }
  | { status: "unverified" }
  | { status: "revoked" }
  | ThrottledStatus;

/**
 * Password sign-in for /login (every role) and /doctor-login (doctors only). Rate-limited per
 * address and per account before better-auth is asked; every outcome is audited.
 */
export async function signInWithPassword(
  deps: AccountsDeps,
  input: { email: string; password: string; portal: "main" | "doctor"; request: RequestMeta },
): Promise<SignInResult> {
  const { db } = deps.database;
  const email = normaliseEmail(input.email);
  const key = accountKey(email);
  const request = input.request;
  const verdict = await checkThrottle(db, { action: "sign_in", ip: request.ip, accountKey: key });
  if (!verdict.allowed) {
    await auditAuthEvent(db, request, {
      action: "auth.sign_in",
      outcome: "denied",
      details: { reason: verdict.reason, portal: input.portal, accountKey: key },
    });
    return throttledStatus(verdict);
  }

  const fail = (reason: string, actor?: { id: string; role: string } | null) =>
    recordFailedAttempt(
      db,
      request,
      { action: "sign_in", accountKey: key },
      { action: "auth.sign_in", actor, details: { reason, portal: input.portal, accountKey: key } },
    );

  // The password was right but the sign-in is refused: not a failure towards the lockout.
  const refuseRightPassword = async (
    details: Record<string, unknown>,
    actor?: { id: string; role: string },
  ) => {
    await recordRightAttempt(
      db,
      request,
      { action: "sign_in", accountKey: key },
      { action: "auth.sign_in", outcome: "denied", actor, details },
    );
  };

  let result: { headers: Headers; response: unknown };
  try {
    result = await deps.auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "EMAIL_NOT_VERIFIED") {
      // Said only after the password was checked, so it tells nobody an address exists.
      await refuseRightPassword({
        reason: "email_not_verified",
        portal: input.portal,
        accountKey: key,
      });
      return { status: "unverified" };
    }
    if (code === null) throw error;
    await fail(code === "INVALID_EMAIL_OR_PASSWORD" ? "invalid_credentials" : code);
    return { status: "invalid" };
  }

  const setCookies = result.headers.getSetCookie();
  const body = result.response as { twoFactorRedirect?: boolean; token?: string };
  const [account] = await db
    .select({ id: user.id, role: user.role, active: doctorProfile.active })
    .from(user)
    .leftJoin(doctorProfile, eq(doctorProfile.userId, user.id))
    .where(eq(user.email, email));
  if (!account) throw new Error("signed-in user not found");
  const actor = { id: account.id, role: account.role };

  // Undo a session better-auth just created for someone who may not have it.
  const dropNewSession = async () => {
    if (body.token) await db.delete(session).where(and(eq(session.token, body.token)));
  };

  if (input.portal === "doctor" && account.role !== "doctor") {
    await dropNewSession();
    await fail("not_a_doctor", actor);
    return { status: "invalid" };
  }
  if (account.role === "doctor" && account.active !== true) {
    await dropNewSession();
    await refuseRightPassword({ reason: "doctor_access_revoked", portal: input.portal }, actor);
    return { status: "revoked" };
  }

  await recordAttempt(db, { action: "sign_in", ip: request.ip, accountKey: key, succeeded: true });
  if (body.twoFactorRedirect) {
    await auditAuthEvent(db, request, {
      action: "auth.sign_in",
      outcome: "success",
      actor,
      details: { step: "password", next: "second_factor", portal: input.portal },
    });
    const pending = await setPendingSecondFactor(deps, account.id);
    return { status: "second-factor", setCookies: [...setCookies, pending] };
  }
  await auditAuthEvent(db, request, {
    action: "auth.sign_in",
    outcome: "success",
    actor,
    details: { portal: input.portal },
  });
  return { status: "signed-in", role: account.role, setCookies };
}
