import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { authAttempt, authLockout } from "~/db/schema/index.ts";

export type ThrottledAction = "sign_in" | "sign_up" | "reset" | "second_factor" | "verify_resend";

const minute = 60 * 1000;

/**
 * Per client address. Sign-in and second factor count failures only (an office behind one NAT
 * signs in successfully all day); the others count every request, since each sends an e-mail.
 */
export const ipLimits: Record<
  ThrottledAction,
  { max: number; windowMs: number; failuresOnly: boolean }
> = {
  sign_in: { max: 50, windowMs: 15 * minute, failuresOnly: true },
  second_factor: { max: 50, windowMs: 15 * minute, failuresOnly: true },
  sign_up: { max: 20, windowMs: 60 * minute, failuresOnly: false },
  reset: { max: 20, windowMs: 15 * minute, failuresOnly: false },
  verify_resend: { max: 20, windowMs: 15 * minute, failuresOnly: false },
};

/** Per account, whatever addresses the attempts come from. */
export const accountLockout = { failures: 10, windowMs: 5 * minute, lockMs: 15 * minute } as const;

/** Per account, for actions that send e-mail: at most this many in the window. */
export const accountMailLimits: Partial<
  Record<ThrottledAction, { max: number; windowMs: number }>
> = {
  reset: { max: 5, windowMs: 60 * minute },
  verify_resend: { max: 5, windowMs: 60 * minute },
  sign_up: { max: 5, windowMs: 60 * minute },
};

/** Failures of these actions count towards the account lockout. */
const lockingActions = ["sign_in", "second_factor"] as const;

export type ThrottleVerdict =
  | { allowed: true }
  | { allowed: false; reason: "ip" | "account" | "locked"; retryAfterSeconds: number };

export async function checkThrottle(
  db: Database,
  input: { action: ThrottledAction; ip: string | null; accountKey: string | null; now?: Date },
): Promise<ThrottleVerdict> {
  const now = input.now ?? new Date();
  if (input.accountKey && (input.action === "sign_in" || input.action === "second_factor")) {
    const [lock] = await db
      .select({ lockedUntil: authLockout.lockedUntil })
      .from(authLockout)
      .where(eq(authLockout.accountKey, input.accountKey));
    if (lock && lock.lockedUntil > now) {
      return {
        allowed: false,
        reason: "locked",
        retryAfterSeconds: Math.ceil((lock.lockedUntil.getTime() - now.getTime()) / 1000),
      };
    }
  }
  const ipLimit = ipLimits[input.action];
  if (input.ip) {
    const since = new Date(now.getTime() - ipLimit.windowMs);
    const [row] = await db
      .select({ n: count() })
      .from(authAttempt)
      .where(
        and(
          eq(authAttempt.action, input.action),
          eq(authAttempt.ip, input.ip),
          gte(authAttempt.occurredAt, since),
          ipLimit.failuresOnly ? eq(authAttempt.succeeded, false) : undefined,
        ),
      );
    if ((row?.n ?? 0) >= ipLimit.max) {
      return {
        allowed: false,
        reason: "ip",
        retryAfterSeconds: Math.ceil(ipLimit.windowMs / 1000),
      };
    }
  }
  const mailLimit = accountMailLimits[input.action];
  if (mailLimit && input.accountKey) {
    const since = new Date(now.getTime() - mailLimit.windowMs);
    const [row] = await db
      .select({ n: count() })
      .from(authAttempt)
      .where(
        and(
          eq(authAttempt.action, input.action),
          eq(authAttempt.accountKey, input.accountKey),
          gte(authAttempt.occurredAt, since),
        ),
      );
    if ((row?.n ?? 0) >= mailLimit.max) {
      return {
        allowed: false,
        reason: "account",
        retryAfterSeconds: Math.ceil(mailLimit.windowMs / 1000),
      };
    }
  }
  return { allowed: true };
}

/**
 * Records one attempt. A failure that makes 10 in 5 minutes for the account locks it for 15
 * minutes; the answer says so, so the caller can audit the lockout.
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
  const now = input.now ?? new Date();
  await db.insert(authAttempt).values({
    action: input.action,
    ip: input.ip,
    accountKey: input.accountKey,
    succeeded: input.succeeded,
    occurredAt: now,
  });
  if (
    input.succeeded ||
    !input.accountKey ||
    !(lockingActions as readonly string[]).includes(input.action)
  ) {
    return { lockedNow: false };
  }
  const since = new Date(now.getTime() - accountLockout.windowMs);
  const [row] = await db
    .select({ n: count() })
    .from(authAttempt)
    .where(
      and(
        eq(authAttempt.accountKey, input.accountKey),
        inArray(authAttempt.action, [...lockingActions]),
        eq(authAttempt.succeeded, false),
        gte(authAttempt.occurredAt, since),
      ),
    );
  if ((row?.n ?? 0) < accountLockout.failures) return { lockedNow: false };
  const lockedUntil = new Date(now.getTime() + accountLockout.lockMs);
  await db
    .insert(authLockout)
    .values({ accountKey: input.accountKey, lockedUntil })
    .onConflictDoUpdate({ target: authLockout.accountKey, set: { lockedUntil } });
  return { lockedNow: true };
}

/** Attempts older than a day are no longer needed by any limit. */
export async function purgeOldAttempts(db: Database, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - 24 * 60 * minute);
  await db.delete(authAttempt).where(sql`${authAttempt.occurredAt} < ${cutoff}`);
  await db.delete(authLockout).where(sql`${authLockout.lockedUntil} < ${now}`);
}
