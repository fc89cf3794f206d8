import { differenceInCalendarDays } from "date-fns";

export const inactiveAfterDays = 90;

/**
 * A privileged account that has not signed in for 90 days should be reviewed (and usually
 * revoked). One never used since it was created counts from its creation.
 */
export function isInactive(
  account: { lastSignInAt: Date | null; createdAt: Date },
  now: Date,
): boolean {
  const since = account.lastSignInAt ?? account.createdAt;
  return differenceInCalendarDays(now, since) >= inactiveAfterDays;
}
