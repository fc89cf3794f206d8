import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { session, twoFactor } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { can } from "~/domain/access/permissions.ts";
import type { Database } from "~/domain/kernel/database.ts";
import { accountKey } from "./account-key.ts";
import { auditAuthEvent } from "./audit.server.ts";
import { authErrorCode } from "./auth-errors.ts";
import {
  clearPendingSecondFactor,
  readPendingSecondFactor,
} from "./pending-second-factor.server.ts";
import {
  checkSecondFactorLimits,
  recordFailedAttempt,
  recordRightAttempt,
  type ThrottledStatus,
  throttledStatus,
} from "./throttle.server.ts";
import { base32Encode, matchingStep } from "./totp.ts";
import type { AccountsDeps, RequestMeta, SignedIn } from "./types.ts";

async function decryptSecret(
  deps: Pick<AccountsDeps, "auth">,
  encrypted: string,
): Promise<Uint8Array> {
  const { secretConfig } = await deps.auth.$context;
  const secret = await symmetricDecrypt({ key: secretConfig, data: encrypted });
  // Same key bytes as better-auth's plugin: the generated secret string as UTF-8.
  return new TextEncoder().encode(secret);
}

/**
 * Accepts a TOTP code for this user only if its time step is later than the last one used, and
 * records it in the same statement: a code works once, even when two requests race.
 */
export async function consumeTotpStep(
  deps: Pick<AccountsDeps, "database" | "auth">,
  userId: string,
  code: string,
  now = new Date(),
): Promise<"ok" | "invalid" | "reused"> {
  const { db } = deps.database;
  const [row] = await db
    .select({ secret: twoFactor.secret, lastUsedStep: twoFactor.lastUsedStep })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  if (!row) return "invalid";
  const step = matchingStep(await decryptSecret(deps, row.secret), code.trim(), now);
  if (step === null) return "invalid";
  const updated = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ id: twoFactor.id });
  return updated.length === 1 ? "ok" : "reused";
}

/**
 * Why a refused code is refused, as the audit log says it: a code used before (someone may have
 * watched it typed) is told apart from a wrong one, wherever a TOTP code is checked.
 */
export function totpRefusalReason(step: "invalid" | "reused"): "code_reused" | "invalid_code" {
  return step === "reused" ? "code_reused" : "invalid_code";
}

type SecondFactorResult =
  | SignedIn
  | { status: "invalid" }
  | { status: "expired" }
  | ThrottledStatus;

/** The second step of signing in: an authenticator code or a backup code. */
export async function verifySignInSecondFactor(
  deps: AccountsDeps,
  input: { code: string; method: "totp" | "backup"; request: RequestMeta },
): Promise<SecondFactorResult> {
  const { db } = deps.database;
  const { request } = input;
  const userId = await readPendingSecondFactor(deps, request.headers.get("cookie"));
  if (!userId) return { status: "expired" };
  const limits = await checkSecondFactorLimits(db, request, userId);
  if (!limits) return { status: "expired" };
  const { account, key, verdict } = limits;
  const actor = { id: account.id, role: account.role };

  if (!verdict.allowed) {
    await auditAuthEvent(db, request, {
      action: "auth.second_factor",
      outcome: "denied",
      actor,
      details: { reason: verdict.reason, method: input.method },
    });
    return throttledStatus(verdict);
  }

  const fail = (reason: string) =>
    recordFailedAttempt(
      db,
      request,
      { action: "second_factor", accountKey: key },
      { action: "auth.second_factor", actor, details: { reason, method: input.method } },
    );

  if (input.method === "totp") {
    const step = await consumeTotpStep(deps, account.id, input.code);
    if (step !== "ok") {
      await fail(totpRefusalReason(step));
      return { status: "invalid" };
    }
  }
  let result: { headers: Headers };
  try {
    result =
      input.method === "totp"
        ? await deps.auth.api.verifyTOTP({
            body: { code: input.code.trim() },
            headers: request.headers,
            returnHeaders: true,
          })
        : await deps.auth.api.verifyBackupCode({
            body: { code: input.code.trim() },
            headers: request.headers,
            returnHeaders: true,
          });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === null) throw error;
    if (code === "INVALID_TWO_FACTOR_COOKIE") return { status: "expired" };
    await fail(code);
    return { status: "invalid" };
  }
  await recordRightAttempt(
    db,
    request,
    { action: "second_factor", accountKey: key },
    { action: "auth.second_factor", outcome: "success", actor, details: { method: input.method } },
  );
  return {
    status: "signed-in",
    role: account.role,
    setCookies: [...result.headers.getSetCookie(), clearPendingSecondFactor(deps)],
  };
}

export interface EnrolmentStart {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
  backupCodes?: string[];
}

async function describeSecret(email: string, key: Uint8Array) {
  const secret = base32Encode(key);
  const label = `ReferOH:${email}`;
  const params = new URLSearchParams({ secret, issuer: "ReferOH", digits: "6", period: "30" });
  const otpauthUri = `otpauth://totp/${encodeURIComponent(label)}?${params.toString()}`;
  // Loaded on the first enrolment, not at start: qrcode and pngjs are 57 files every restart
  // would load for a screen few visit (docs/perf-notes-startup.md).
  const { default: QRCode } = await import("qrcode");
  const qrSvg = await QRCode.toString(otpauthUri, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#0b1f3a", light: "#ffffff" },
  });
  return { secret, otpauthUri, qrSvg };
}

/** Step 1 of turning on two-factor: the password again, then a new secret and backup codes. */
export async function startTwoFactorEnrolment(
  deps: AccountsDeps,
  input: { actor: Actor; email: string; password: string; request: RequestMeta },
): Promise<
  | { status: "ok"; enrolment: EnrolmentStart }
  | { status: "wrong-password" }
  | { status: "already-enabled" }
> {
  const { db } = deps.database;
  const actor = { id: input.actor.userId, role: input.actor.role };
  try {
    const response = await deps.auth.api.enableTwoFactor({
      body: { password: input.password },
      headers: input.request.headers,
    });
    const [row] = await db
      .select({ secret: twoFactor.secret })
      .from(twoFactor)
      .where(eq(twoFactor.userId, input.actor.userId));
    const described = await describeSecret(input.email, await decryptSecret(deps, row!.secret));
    await auditAuthEvent(db, input.request, {
      action: "auth.two_factor.enrolment_started",
      outcome: "success",
      actor,
    });
    return {
      status: "ok",
      enrolment: { ...described, backupCodes: (response as { backupCodes: string[] }).backupCodes },
    };
  } catch (error) {
    if (
      await refusedWrongPassword(db, input, error, {
        action: "auth.two_factor.enrolment_started",
        actor,
      })
    )
      return { status: "wrong-password" };
    if (authErrorCode(error) === "TOTP_ALREADY_ENABLED") return { status: "already-enabled" };
    throw error;
  }
}

/**
 * A wrong password given to change the second factor counts as a failed sign-in, towards the
 * account's lockout, and is audited as a refusal of that change. True when `error` was one.
 */
async function refusedWrongPassword(
  db: Database,
  input: { email: string; request: RequestMeta },
  error: unknown,
  event: { action: string; actor: { id: string; role: string } },
): Promise<boolean> {
  if (authErrorCode(error) !== "INVALID_PASSWORD") return false;
  await recordFailedAttempt(
    db,
    input.request,
    { action: "sign_in", accountKey: accountKey(input.email) },
    { ...event, details: { reason: "wrong_password" } },
  );
  return true;
}

/** The secret of an enrolment started but not yet confirmed, to show the QR code again. */
export async function pendingEnrolment(
  deps: AccountsDeps,
  actor: Actor,
  email: string,
): Promise<EnrolmentStart | null> {
  const [row] = await deps.database.db
    .select({ secret: twoFactor.secret, verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, actor.userId));
  if (!row || row.verified) return null;
  return describeSecret(email, await decryptSecret(deps, row.secret));
}

/** Step 2: the first code from the app turns two-factor on and marks this session as verified. */
export async function confirmTwoFactorEnrolment(
  deps: AccountsDeps,
  input: { actor: Actor; email: string; code: string; request: RequestMeta },
): Promise<{ status: "ok"; setCookies: string[] } | { status: "invalid" }> {
  const { db } = deps.database;
  const actor = { id: input.actor.userId, role: input.actor.role };
  const key = accountKey(input.email);
  const step = await consumeTotpStep(deps, input.actor.userId, input.code);
  // A wrong first code counts towards the account's lockout like any second factor, and the
  // lockout it may cause is audited with it.
  const fail = (reason: string) =>
    recordFailedAttempt(
      db,
      input.request,
      { action: "second_factor", accountKey: key },
      { action: "auth.two_factor.enabled", actor, details: { reason } },
    );
  if (step !== "ok") {
    await fail(totpRefusalReason(step));
    return { status: "invalid" };
  }
  let result: { headers: Headers };
  try {
    result = await deps.auth.api.verifyTOTP({
      body: { code: input.code.trim() },
      headers: input.request.headers,
      returnHeaders: true,
    });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === null) throw error;
    await fail(code);
    return { status: "invalid" };
  }
  // Sessions opened with the password alone (other browsers) end now.
  await db
    .delete(session)
    .where(and(eq(session.userId, input.actor.userId), eq(session.twoFactorVerified, false)));
  await auditAuthEvent(db, input.request, {
    action: "auth.two_factor.enabled",
    outcome: "success",
    actor,
  });
  return { status: "ok", setCookies: result.headers.getSetCookie() };
}

/** Employers only: doctors and administrators cannot work without a second factor. */
export async function disableTwoFactor(
  deps: AccountsDeps,
  input: { actor: Actor; email: string; password: string; request: RequestMeta },
): Promise<
  | { status: "ok"; setCookies: string[] }
  | { status: "wrong-password" }
  | { status: "forbidden" }
  | { status: "stale-session" }
> {
  const { db } = deps.database;
  const actor = { id: input.actor.userId, role: input.actor.role };
  if (!can(input.actor, "two-factor:disable")) {
    await auditAuthEvent(db, input.request, {
      action: "auth.two_factor.disabled",
      outcome: "denied",
      actor,
    });
    return { status: "forbidden" };
  }
  try {
    const result = await deps.auth.api.disableTwoFactor({
      body: { password: input.password },
      headers: input.request.headers,
      returnHeaders: true,
    });
    await auditAuthEvent(db, input.request, {
      action: "auth.two_factor.disabled",
      outcome: "success",
      actor,
    });
    return { status: "ok", setCookies: result.headers.getSetCookie() };
  } catch (error) {
    if (await refusedWrongPassword(db, input, error, { action: "auth.two_factor.disabled", actor }))
      return { status: "wrong-password" };
    if (authErrorCode(error) === "SESSION_NOT_FRESH") return { status: "stale-session" };
    throw error;
  }
}
