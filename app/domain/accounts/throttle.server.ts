import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { user } from "~/db/schema/index.ts";
import {
  checkRateLimit,
  type RateLimitName,
  recordRateLimitAttempt,
} from "~/domain/kernel/rate-limit.server.ts";
import { accountKey } from "./account-key.ts";
import { auditAuthEvent } from "./audit.server.ts";
import type { RequestMeta } from "./types.ts";

export type ThrottledAction = "sign_in" | "sign_up" | "reset" | "second_factor" | "verify_resend";

/**
 * Which named limits (app/domain/kernel/rate-limit.server.ts) guard each account action. Per
 * client address: sign-in and second factor count failures only (an office behind one NAT signs
 * in successfully all day); the others count every request, since each sends an e-mail. Per
 * account key: the e-mail sending actions at most 5 an hour, and failures of sign-in and second
 * factor towards one lockout.
 */
const policies: Record<
  ThrottledAction,
  { ip: RateLimitName; failuresOnly: boolean; account?: RateLimitName; locks: boolean }
> = {
  sign_in: { ip: "signIn", failuresOnly: true, locks: true },
  second_factor: { ip: "secondFactor", failuresOnly: true, locks: true },
  sign_up: { ip: "signUp", failuresOnly: false, account: "signUpAccount", locks: false },
  reset: { ip: "reset", failuresOnly: false, account: "resetAccount", locks: false },
  verify_resend: {
    ip: "verifyResend",
    failuresOnly: false,
    account: "verifyResendAccount",
    locks: false,
  },
};

type ThrottleVerdict =
  | { allowed: true }
  | { allowed: false; reason: "ip" | "account" | "locked"; retryAfterSeconds: number };

type Refusal = Extract<ThrottleVerdict, { allowed: false }>;

/** What the person is told of a refused attempt: their account is locked, or they must wait. */
export type ThrottledStatus =
  | { status: "locked"; retryAfterSeconds: number }
  | { status: "throttled"; retryAfterSeconds: number };

export function throttledStatus(refusal: Refusal): ThrottledStatus {
  return refusal.reason === "locked"
    ? { status: "locked", retryAfterSeconds: refusal.retryAfterSeconds }
    : { status: "throttled", retryAfterSeconds: refusal.retryAfterSeconds };
}

export async function checkThrottle(
  db: Database,
  input: { action: ThrottledAction; ip: string | null; accountKey: string | null; now?: Date },
): Promise<ThrottleVerdict> {
  const policy = policies[input.action];
  const now = input.now ?? new Date();
  if (input.accountKey && policy.locks) {
    const lock = await checkRateLimit(db, "accountLockout", input.accountKey, now);
    if (lock.limited)
      return { allowed: false, reason: "locked", retryAfterSeconds: lock.retryAfterSeconds };
  }
  if (input.ip) {
    const byIp = await checkRateLimit(db, policy.ip, input.ip, now);
    if (byIp.limited)
      return { allowed: false, reason: "ip", retryAfterSeconds: byIp.retryAfterSeconds };
  }
  if (policy.account && input.accountKey) {
    const byAccount = await checkRateLimit(db, policy.account, input.accountKey, now);
    if (byAccount.limited)
      return { allowed: false, reason: "account", retryAfterSeconds: byAccount.retryAfterSeconds };
  }
  return { allowed: true };
}

/**
 * The account a second-factor code is entered for, with its key and the limits' verdict: the
 * sign-in's second step and the doctor's signing step-up count against the same per-account and
 * per-address limits. Null when the account no longer exists.
 */
export async function checkSecondFactorLimits(
  db: Database,
  request: Pick<RequestMeta, "ip">,
  userId: string,
  now?: Date,
) {
  const [account] = await db
    .select({ id: user.id, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.id, userId));
  if (!account) return null;
  const key = accountKey(account.email);
  const verdict = await checkThrottle(db, {
    action: "second_factor",
    ip: request.ip,
    accountKey: key,
    now,
  });
  return { account, key, verdict };
}

/**
 * Records one attempt against the action's limits. A failure that makes 10 in 5 minutes for the
 * account locks it for 15 minutes; the answer says so, so the caller can audit the lockout.
 */
export async function recordAttempt(
  db: Database,
  input: {
    action: ThrottledAction;
    ip: string | null;
    accountKey: string | null;
    succeeded: boolean;
    now?: Date;
  },
): Promise<{ lockedNow: boolean }> {
  const policy = policies[input.action];
  const now = input.now ?? new Date();
  const counts = !input.succeeded || !policy.failuresOnly;
  if (input.ip && counts) await recordRateLimitAttempt(db, policy.ip, input.ip, now);
  if (input.accountKey && policy.account)
    await recordRateLimitAttempt(db, policy.account, input.accountKey, now);
  if (input.succeeded || !input.accountKey || !policy.locks) return { lockedNow: false };
  return {
    lockedNow: (await recordRateLimitAttempt(db, "accountLockout", input.accountKey, now))
      .lockedNow,
  };
}

/** The request an attempt came from, as the throttle counts it and the audit trail names it. */
type AttemptRequest = Pick<RequestMeta, "ip" | "requestId">;

/** What the audit trail records of an attempt; its outcome follows from which attempt it was. */
interface AttemptEvent {
  action: string;
  actor?: { id: string; role: string } | null;
  details: Record<string, unknown>;
}

/**
 * A right password or code: counted where the action's limits count successes, and audited with
 * its outcome: a success, or a refusal for another reason, which is no step towards the lockout.
 */
export async function recordRightAttempt(
  db: Database,
  request: AttemptRequest,
  attempt: { action: ThrottledAction; accountKey: string },
  event: AttemptEvent & { outcome: "success" | "denied" },
): Promise<void> {
  await recordAttempt(db, { ...attempt, ip: request.ip, succeeded: true });
  await auditAuthEvent(db, request, event);
}

/**
 * A wrong password or code: counted against the action's limits and the account's lockout, and
 * audited as a failure, with the lockout audited too when this failure is the one that locks.
 */
export async function recordFailedAttempt(
  db: Database,
  request: AttemptRequest,
  attempt: { action: ThrottledAction; accountKey: string },
  event: AttemptEvent,
): Promise<void> {
  const { lockedNow } = await recordAttempt(db, {
    action: attempt.action,
    ip: request.ip,
    accountKey: attempt.accountKey,
    succeeded: false,
  });
  await auditAuthEvent(db, request, { ...event, outcome: "failure" });
  if (lockedNow) {
    await auditAuthEvent(db, request, {
      action: "auth.lockout",
      outcome: "denied",
      actor: event.actor,
      details: { accountKey: attempt.accountKey, minutes: 15 },
    });
  }
}
