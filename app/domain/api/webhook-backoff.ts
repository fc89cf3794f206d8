/**
 * Exponential backoff: 30 seconds after the first failure, then four times longer each time
 * (2 min, 8 min, 32 min, about 2 h), at most 6 hours apart, until the delivery's 24 hours are up.
 */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}
