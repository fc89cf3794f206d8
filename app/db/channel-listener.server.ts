import pg from "pg";
import type { DatabaseHandle } from "./client.server.ts";

interface ChannelHandlers {
  onNotification(payload: string | undefined): void;
  /**
   * Whether every notification is being heard. While false (connecting, or the connection was
   * lost), notifications sent meanwhile are missed.
   */
  onListening?(listening: boolean): void;
}

export interface ChannelListener {
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

/** Channel names are built by our code; lower-case letters, digits and `_` need no quoting rules. */
const channelName = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Hears one NOTIFY channel of this database, from every process that uses it.
 *
 * PGlite lives in this process: its `listen` hears each notification as the transaction that sent
 * it commits, before that write returns. On PostgreSQL a dedicated connection LISTENs, reconnecting
 * when it is lost and reporting `onListening(false)` until it listens again. With `pooled`, the
 * pool's own connections LISTEN on the channel too (openDatabase does it for the session changes),
 * and what they hear is delivered as well, so this process's own writes are heard before they
 * return rather than a moment after.
 */
export async function listenToChannel(
  handle: DatabaseHandle,
  channel: string,
  handlers: ChannelHandlers,
  options: { applicationName: string; pooled?: boolean },
): Promise<ChannelListener> {
  if (!channelName.test(channel)) throw new Error(`listenToChannel: bad channel name ${channel}`);
  const deliver = (payload: string | undefined) => handlers.onNotification(payload);
  const onListening = (listening: boolean) => handlers.onListening?.(listening);

  if (handle.pglite) {
    const unlisten = await handle.pglite.listen(channel, deliver);
    onListening(true);
    return {
      async stop() {
        onListening(false);
        await unlisten().catch(() => {});
      },
    };
  }

  const connectionString = handle.connectionString;
  if (!connectionString) throw new Error("listenToChannel: a PostgreSQL handle has a URL");
  const unsubscribePooled = options.pooled
    ? handle.onPooledNotification?.((heard, payload) => {
        if (heard === channel) deliver(payload);
      })
    : undefined;

  let stopped = false;
  let client: pg.Client | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;

  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = null;
    clearInterval(heartbeat);
    onListening(false);
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
      application_name: options.applicationName,
    });
    client = current;
    // Errors on an idle connection arrive as events; without a handler they would crash the process.
    current.on("error", () => lost(current));
    current.on("end", () => lost(current));
    current.on("notification", (message) => {
      if (message.channel === channel) deliver(message.payload);
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${channel}`);
    } catch {
      lost(current);
      return;
    }
    if (client !== current) return;
    failures = 0;
    onListening(true);
    heartbeat = setInterval(() => {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("heartbeat timed out")), heartbeatTimeoutMs).unref(),
      );
      Promise.race([current.query("select 1"), timeout]).catch(() => lost(current));
    }, heartbeatMs);
    heartbeat.unref();
  }

  onListening(false);
  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      unsubscribePooled?.();
      onListening(false);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
