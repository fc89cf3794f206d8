import type { PlatformRole } from "~/db/schema/auth.ts";

/**
 * How long a session lives (docs/architecture.md §8). Employers: 7 days from sign-in. Doctors and
 * administrators see health data: 30 minutes without a request, and 12 hours at most.
 */
export const sessionPolicy: Record<
  PlatformRole,
  { absoluteSeconds: number; idleSeconds: number | null }
> = {
  employer: { absoluteSeconds: 7 * 24 * 60 * 60, idleSeconds: null },
  doctor: { absoluteSeconds: 12 * 60 * 60, idleSeconds: 30 * 60 },
  admin: { absoluteSeconds: 12 * 60 * 60, idleSeconds: 30 * 60 },
};

/** Slide the expiry no more often than this, so a busy page does not write on every request. */
const SLIDE_GRANULARITY_MS = 60 * 1000;

interface SessionTimes {
  createdAt: Date;
  expiresAt: Date;
}

/** Whether the session is over for this role at `now`, whatever its stored expiry says. */
export function sessionHasEnded(role: PlatformRole, session: SessionTimes, now: Date): boolean {
  const policy = sessionPolicy[role];
  const absoluteEnd = session.createdAt.getTime() + policy.absoluteSeconds * 1000;
  return now.getTime() >= absoluteEnd || now.getTime() >= session.expiresAt.getTime();
}

/**
 * The new expiry after a request at `now` (idle sessions slide, capped by the absolute limit),
 * or null when the stored one is close enough and no write is needed.
 */
export function slidExpiry(role: PlatformRole, session: SessionTimes, now: Date): Date | null {
  const policy = sessionPolicy[role];
  const absoluteEnd = session.createdAt.getTime() + policy.absoluteSeconds * 1000;
  const target =
    policy.idleSeconds === null
      ? absoluteEnd
      : Math.min(absoluteEnd, now.getTime() + policy.idleSeconds * 1000);
  const current = session.expiresAt.getTime();
  // Never lengthen an employer session; shorten any session that outlives its role's limit.
  if (target < current) return new Date(target);
  if (policy.idleSeconds !== null && target - current >= SLIDE_GRANULARITY_MS)
    return new Date(target);
  return null;
}
