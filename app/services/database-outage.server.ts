import type { Logger } from "./logger.server.ts";

/**
 * One log line when the database goes away and one when it is back, with the count of what
 * failed between, instead of a line (or three) for every request that failed: a 19 s outage once
 * wrote 5,629 lines, which buried everything else (docs/decisions/0010-hardening-at-the-edge.md).
 * Whether the database is back is asked of the database itself, once a second, and only while it
 * is away.
 */
export interface DatabaseOutage {
  /** A request, job or listener failed because the database was unreachable. */
  noteUnavailable(error: unknown): void;
  /** True from the first such failure until the database answers again. */
  readonly down: boolean;
  stop(): void;
}

export function createDatabaseOutage(options: {
  logger: Logger;
  /** A trivial query; resolves once the database answers. */
  ping: () => Promise<void>;
  checkEveryMs?: number;
  now?: () => number;
}): DatabaseOutage {
  const { logger, ping, checkEveryMs = 1000, now = Date.now } = options;
  let since: number | null = null;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let checking = false;

  async function check() {
    // A ping may wait out the pool's connection timeout (5 s): never two at once.
    if (checking || since === null) return;
    checking = true;
    try {
      await ping();
    } catch {
      return;
    } finally {
      checking = false;
    }
    if (since === null) return;
    const seconds = Math.round((now() - since) / 100) / 10;
    logger.warn(
      { outage: { seconds, failures } },
      `database back after ${seconds} s (${failures} failures while it was unavailable)`,
    );
    since = null;
    failures = 0;
    if (timer) clearInterval(timer);
    timer = null;
  }

  return {
    noteUnavailable(error) {
      failures++;
      if (since !== null) return;
      since = now();
      const at = new Date(since).toISOString();
      logger.error({ err: error, outage: { since: at } }, `database unavailable since ${at}`);
      timer = setInterval(() => void check(), checkEveryMs);
      timer.unref();
    },
    get down() {
      return since !== null;
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
