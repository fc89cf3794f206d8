import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { rateLimit } from "~/db/schema/index.ts";
import type { SystemActor } from "./actor.ts";
import type { Executor } from "./database.ts";
import type { Scope } from "./scope.ts";

const minute = 60 * 1000;

export interface RateLimit {
  /** Attempts allowed in one window; the next is refused (or, with `lockMs`, locks). */
  max: number;
  /** A fixed window, starting at the first attempt counted in it. */
  windowMs: number;
  /** Reaching `max` locks the subject this long, whatever the window says. */
  lockMs?: number;
}

/**
 * Every rate limit of the product, by name (docs/architecture.md §3b). Each is counted per
 * subject (a client address, an account key) in one table, `rate_limit`, so the limits hold
 * across app processes and restarts. What counts as an attempt is the caller's to say: sign-in
 * records failures only (an office behind one NAT signs in successfully all day), the e-mail
 * sending actions record every request.
 */
export const rateLimits = {
  /** Failed sign-ins per client address. */
  signIn: { max: 50, windowMs: 15 * minute },
  /** Failed second-factor codes per client address. */
  secondFactor: { max: 50, windowMs: 15 * minute },
  /** Sign-ups per client address; each may send an e-mail. */
  signUp: { max: 20, windowMs: 60 * minute },
  /** Password-reset requests per client address. */
  reset: { max: 20, windowMs: 15 * minute },
  /** Verification e-mails asked for again, per client address. */
  verifyResend: { max: 20, windowMs: 15 * minute },
  /** Sign-ups per account key (a hash of the address): e-mails to one inbox. */
  signUpAccount: { max: 5, windowMs: 60 * minute },
  /** Password-reset e-mails per account key. */
  resetAccount: { max: 5, windowMs: 60 * minute },
  /** Verification e-mails per account key. */
  verifyResendAccount: { max: 5, windowMs: 60 * minute },
  /**
   * Failed sign-ins and second factors per account key, whatever addresses they come from:
   * 10 in 5 minutes lock the account for 15 minutes, for known and unknown addresses alike.
   */
  accountLockout: { max: 10, windowMs: 5 * minute, lockMs: 15 * minute },
  /** Stored submissions of the public forms (contact, register interest) per client address. */
  enquiry: { max: 10, windowMs: 10 * minute },
  /** Team invitations sent (and sent again) per organisation: each is an e-mail to an inbox. */
  teamInvitation: { max: 30, windowMs: 60 * minute },
  /** Calls to /api/v1 per API key (docs/api.md): an HR system's sync, not a flood. */
  apiKey: { max: 300, windowMs: minute },
  /** Failed assessment-link lookups per client address; then every lookup is refused. */
  assessmentLink: { max: 10, windowMs: 15 * minute },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof rateLimits;

type RateLimitVerdict =
  | { limited: false }
  | { limited: true; locked: boolean; retryAfterSeconds: number };

function keyOf(name: RateLimitName, subject: string): string {
  return `${name}:${subject}`;
}

const secondsUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** Whether the subject has used up this limit (or is locked by it) at `now`. */
export async function checkRateLimit(
  db: Executor,
  name: RateLimitName,
  subject: string,
  now: Date = new Date(),
): Promise<RateLimitVerdict> {
  const limit: RateLimit = rateLimits[name];
  const [row] = await db
    .select()
    .from(rateLimit)
    .where(eq(rateLimit.key, keyOf(name, subject)));
  if (!row) return { limited: false };
  if (row.lockedUntil && row.lockedUntil > now)
    return { limited: true, locked: true, retryAfterSeconds: secondsUntil(row.lockedUntil, now) };
  // A limit with a lockout refuses through its lock only; the count is what sets it.
  if (limit.lockMs === undefined && row.windowEndsAt > now && row.attempts >= limit.max)
    return { limited: true, locked: false, retryAfterSeconds: secondsUntil(row.windowEndsAt, now) };
  return { limited: false };
}

/**
 * Counts one attempt, atomically (one upsert), so concurrent requests on several app processes
 * cannot under-count. An attempt after the window ended starts a new one. With a lockout, the
 * attempt that reaches `max` locks the subject; `lockedNow` says so, for the audit trail.
 */
export async function recordRateLimitAttempt(
  db: Executor,
  name: RateLimitName,
  subject: string,
  now: Date = new Date(),
): Promise<{ attempts: number; lockedNow: boolean }> {
  const limit: RateLimit = rateLimits[name];
  const windowEndsAt = new Date(now.getTime() + limit.windowMs);
  const at = sql`${now.toISOString()}::timestamptz`;
  const ended = sql`${rateLimit.windowEndsAt} <= ${at}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ key: keyOf(name, subject), attempts: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        attempts: sql`case when ${ended} then 1 else ${rateLimit.attempts} + 1 end`,
        windowEndsAt: sql`case when ${ended} then ${windowEndsAt.toISOString()}::timestamptz else ${rateLimit.windowEndsAt} end`,
      },
    })
    .returning({ attempts: rateLimit.attempts });
  const attempts = row?.attempts ?? 1;
  if (limit.lockMs === undefined || attempts < limit.max) return { attempts, lockedNow: false };
  await db
    .update(rateLimit)
    .set({ lockedUntil: new Date(now.getTime() + limit.lockMs) })
    .where(eq(rateLimit.key, keyOf(name, subject)));
  return { attempts, lockedNow: true };
}

/** Forgets the subject's count and lock for this limit. */
export async function clearRateLimit(
  db: Executor,
  name: RateLimitName,
  subject: string,
): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, keyOf(name, subject)));
}

/** Drops rows whose window and lock have both ended (a daily job and start-up). */
export async function pruneRateLimits({ db, now }: Scope<SystemActor>): Promise<number> {
  const rows = await db
    .delete(rateLimit)
    .where(
      and(
        lte(rateLimit.windowEndsAt, now),
        or(isNull(rateLimit.lockedUntil), lte(rateLimit.lockedUntil, now)),
      ),
    )
    .returning({ key: rateLimit.key });
  return rows.length;
}
