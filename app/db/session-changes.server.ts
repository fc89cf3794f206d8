import { type ChannelListener, listenToChannel } from "./channel-listener.server.ts";
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

/**
 * Hears the session changes of every process on this database (app/db/channel-listener.server.ts).
 * On PostgreSQL the pooled connections LISTEN too (openDatabase), so this process's own writes are
 * heard before they return, not a moment after, and the next request cannot race its own
 * notification.
 */
export function followSessionChanges(
  handle: DatabaseHandle,
  handlers: SessionChangeHandlers,
): Promise<ChannelListener> {
  return listenToChannel(
    handle,
    sessionChangesChannel,
    {
      onNotification: (payload) => handlers.onChange(parseSessionChange(payload ?? "")),
      onListening: (listening) => handlers.onListening(listening),
    },
    { applicationName: "referoh session changes", pooled: true },
  );
}
