import pg from "pg";
import type { DatabaseHandle } from "./client.server.ts";

/**
 * The channel drizzle/0034_session_changes_notify.sql announces changes on: a session, a user, a
 * membership, an organisation or a doctor's profile that a session lookup reads
 * (docs/decisions/0013-session-cache.md).
 */
export const sessionChangesChannel = "session_changes";

export type SessionChange =
  | { kind: "user"; id: string }
  | { kind: "organisation"; id: string }
  /** A table was truncated, or the payload was not understood: forget everything. */
  | { kind: "all" };

export function parseSessionChange(payload: string): SessionChange {
  const colon = payload.indexOf(":");
  const kind = payload.slice(0, colon);
  const id = payload.slice(colon + 1);
  if (colon > 0 && id && (kind === "user" || kind === "organisation")) return { kind, id };
  return { kind: "all" };
}

interface SessionChangeHandlers {
  onChange(change: SessionChange): void;
  /**
   * Whether every change is being heard. While false (connecting, or the connection was lost),
   * nothing cached may be trusted: changes made meanwhile would not be heard.
   */
  onListening(listening: boolean): void;
}

interface SessionChangeFeed {
  stop(): Promise<void>;
}

/** How long to wait before each try to reconnect a lost listener, staying at the last value. */
const reconnectDelaysMs = [100, 500, 1_000, 2_000, 5_000];
/**
 * A connection can die without an error reaching us (a cable, a NAT table): the listener asks the
 * server something this often and treats no answer in time as a lost connection.
 */
const heartbeatMs = 10_000;
const heartbeatTimeoutMs = 5_000;

/**
 * Hears the session changes of every process on this database.
 *
 * PGlite lives in this process: its `listen` hears each change as the write that made it commits,
 * before that write returns. On PostgreSQL a dedicated connection LISTENs (reconnecting when it is
 * lost, and reporting `onListening(false)` until it listens again); the pooled connections LISTEN
 * too (openDatabase), so this process's own writes are heard before they return, not a moment
 * after, and the next request cannot race its own notification.
 */
export async function followSessionChanges(
  handle: DatabaseHandle,
  handlers: SessionChangeHandlers,
): Promise<SessionChangeFeed> {
  const deliver = (payload: string | undefined) =>
    handlers.onChange(parseSessionChange(payload ?? ""));

  if (handle.pglite) {
    const unlisten = await handle.pglite.listen(sessionChangesChannel, deliver);
    handlers.onListening(true);
    return {
      async stop() {
        handlers.onListening(false);
        await unlisten().catch(() => {});
      },
    };
  }

  const connectionString = handle.connectionString;
  if (!connectionString) throw new Error("followSessionChanges: a PostgreSQL handle has a URL");
  const unsubscribeOwn = handle.onPooledNotification?.((channel, payload) => {
    if (channel === sessionChangesChannel) deliver(payload);
  });

  let stopped = false;
  let client: pg.Client | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    clearInterval(heartbeat);
    handlers.onListening(false);
    current.removeAllListeners("notification");
    current.end().catch(() => {});
    if (stopped) return;
    const delay = reconnectDelaysMs[Math.min(failures, reconnectDelaysMs.length - 1)]!;
    failures += 1;
    retry = setTimeout(connect, delay);
  };

  async function connect() {
    if (stopped) return;
    const current = new pg.Client({
      connectionString,
      keepAlive: true,
      application_name: "referoh session changes",
    });
    client = current;
    // Errors on an idle connection arrive as events; without a handler they would crash the process.
    current.on("error", () => lost(current));
    current.on("end", () => lost(current));
    current.on("notification", (message) => {
      if (message.channel === sessionChangesChannel) deliver(message.payload);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${sessionChangesChannel}`);
    } catch {
      lost(current);
      return;
    }
    if (client !== current) return;
    failures = 0;
    handlers.onListening(true);
    heartbeat = setInterval(() => {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("heartbeat timed out")), heartbeatTimeoutMs).unref(),
      );
      Promise.race([current.query("select 1"), timeout]).catch(() => lost(current));
    }, heartbeatMs);
    heartbeat.unref();
  }

  handlers.onListening(false);
  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      unsubscribeOwn?.();
      handlers.onListening(false);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
