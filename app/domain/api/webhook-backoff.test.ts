import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextAttemptDelayMs } from "./webhook-backoff.ts";

const hour = 3_600_000;

describe("webhook retry backoff", () => {
  it("waits longer after each failure, never more than 6 hours", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (attempts) => {
        const delay = nextAttemptDelayMs(attempts);
        expect(delay).toBeGreaterThanOrEqual(nextAttemptDelayMs(attempts - 1));
        expect(delay).toBeLessThanOrEqual(6 * hour);
        expect(delay).toBeGreaterThanOrEqual(30_000);
      }),
    );
  });

  it("makes nine attempts within the 24 hours a delivery is retried", () => {
    let elapsed = 0;
    let attempts = 1;
    while (elapsed + nextAttemptDelayMs(attempts) <= 24 * hour) {
      elapsed += nextAttemptDelayMs(attempts);
      attempts++;
    }
    // The first, then after 30 s, 2 min, 8 min, 32 min, 2 h 8 min, and three times 6 h.
    expect(attempts).toBe(9);
    expect(nextAttemptDelayMs(1)).toBe(30_000);
    expect(nextAttemptDelayMs(2)).toBe(120_000);
  });
});
