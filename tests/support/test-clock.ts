/**
 * A clock a test hands the runtime (`startRuntime(config, { clock: testClock.now })`) and moves
 * instead of waiting (docs/architecture.md §5, "The test clock"). It runs on from real time by an
 * offset, so time still passes between requests as it would, and it only moves forward: a server
 * never sees its own time go back, as no real server would.
 */
export interface TestClock {
  /** The server's time now; pass this function as the runtime's clock. */
  now: () => Date;
  /** Moves the clock on by `ms`. */
  advance(ms: number): void;
  /** Moves the clock on to `at`, if it is not there already. */
  advanceTo(at: Date): void;
}

export function createTestClock(): TestClock {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  return {
    now,
    advance(ms) {
      if (ms < 0) throw new Error("the test clock only moves forward");
      offsetMs += ms;
    },
    advanceTo(at) {
      offsetMs += Math.max(0, at.getTime() - now().getTime());
    },
  };
}
