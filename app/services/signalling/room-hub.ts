import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { type ChannelListener, listenToChannel } from "~/db/channel-listener.server.ts";
import type { DatabaseHandle } from "~/db/client.server.ts";
import type { RoomRole } from "~/domain/consultations/join.server.ts";
import type { PeerMessage, ServerMessage } from "~/domain/consultations/signal-messages.ts";

export type RelayedMessage = PeerMessage | ServerMessage;

/** The connections this host serves: the hub tells it what to send or close on each. */
export interface RoomConnections {
  deliver(connection: string, message: RelayedMessage): void;
  close(connection: string, code: number, reason: string): void;
}

/** The video room's membership: who is in which room, and who hears whom. */
interface RoomHub {
  join(room: string, role: RoomRole, connection: string): Promise<void>;
  relay(room: string, role: RoomRole, connection: string, message: PeerMessage): Promise<void>;
  leave(room: string, role: RoomRole, connection: string): Promise<void>;
}

export interface RoomHost extends RoomHub {
  /** 32 hex digits, fresh for each process: the host's row and its channel are named by it. */
  readonly hostId: string;
  /** Statements this host has sent the database (the benchmark's count per message). */
  readonly statements: number;
  /** Keeps this host's row fresh; runs on its own timer too. */
  heartbeat(): Promise<void>;
  /** Takes the members of hosts that stopped beating out of their rooms; runs on a timer too. */
  sweep(): Promise<void>;
  /**
   * A clean stop: this host's members leave their rooms at once (their peers hear "peer-left"),
   * its row goes, and it stops listening. The database must still be open.
   */
  stop(): Promise<void>;
}

export interface RoomHostTimings {
  /** How often the host's row is touched. */
  heartbeatMs: number;
  /** A host whose row is older than this is taken for dead. */
  staleAfterMs: number;
  /** How often this host looks for dead hosts. */
  sweepMs: number;
}

/**
 * A host that dies (SIGKILL, a lost machine) is noticed within staleAfterMs + sweepMs of its last
 * beat, 6 s here: the other person hears "peer-left" within 10 s with room for a loaded machine
 * (at 8 s, a multi-host run beside the test suite missed 10). A live host is taken for dead only
 * after five missed beats.
 */
const defaultRoomHostTimings: RoomHostTimings = {
  heartbeatMs: 1_000,
  staleAfterMs: 5_000,
  sweepMs: 1_000,
};

/**
 * NOTIFY refuses payloads of 8,000 bytes or more. A delivery whose message (and the recipient's
 * id around it) could reach that goes through room_message.
 */
const NOTIFY_PAYLOAD_LIMIT = 8_000;
const DELIVERY_ENVELOPE_BYTES = 200;
/** Undelivered large messages older than this are dropped whatever their host's state. */
const UNDELIVERED_MESSAGE_MAX_AGE_MS = 60_000;

const channelOf = (hostId: string) => `room_host_${hostId}`;

/** What one host tells another about one of its connections, as a NOTIFY payload. */
type Delivery =
  | { to: string; m: RelayedMessage }
  | { to: string; close: number; reason: string }
  | { stored: number };

const peerLeft: RelayedMessage = { type: "peer-left" };

/**
 * The video room's hub, shared by every host (server process) on one database
 * (docs/decisions/0020-room-signalling-in-postgresql.md). Membership is the `room_member` table;
 * each host LISTENs on a channel of its own and is sent, by NOTIFY, what to deliver to or close
 * on its connections. Every delivery, this host's own connections' included, comes through its
 * channel in commit order, so a connection hears its welcome before anything else and a peer's
 * messages in the order they were sent.
 *
 * The rules: a room holds at most its two people, one per role; a second connection of the same
 * role (a reload, another window, another host) replaces the first, which is closed with 4000. A
 * connection that has been replaced is no longer heard, and its late close does not tell the
 * peer anyone left. Joins and leaves of one room take a transaction-level advisory lock on it, so
 * two hosts acting on one room at once see each other's change.
 *
 * Messages are never logged: they are not health data, but they are the people's own.
 */
export async function startRoomHost(
  database: DatabaseHandle,
  connections: RoomConnections,
  options: {
    timings?: Partial<RoomHostTimings>;
    /** Told once when this host finds it was taken for dead and has closed its connections. */
    onPresumedDead?(): void;
    onListening?(listening: boolean): void;
  } = {},
): Promise<RoomHost> {
  const timings = { ...defaultRoomHostTimings, ...options.timings };
  const hostId = randomUUID().replaceAll("-", "");
  const { db } = database;
  let statements = 0;
  const run = <T extends Record<string, unknown>>(
    executor: Pick<typeof db, "execute">,
    query: ReturnType<typeof sql>,
  ) => {
    statements += 1;
    // Both drivers answer with `rows`.
    return executor.execute(query) as unknown as Promise<{ rows: T[] }>;
  };
  const rowsOf = <T>(result: { rows: T[] }): T[] => result.rows;

  /** This host's own connections, so it can close them if it is ever taken for dead. */
  const mine = new Set<string>();

  // Deliveries in the order they were heard: a large message waits for its row, and what was
  // sent after it waits for it.
  let received: Promise<void> = Promise.resolve();
  const hear = (payload: string | undefined) => {
    received = received.then(() => deliver(payload)).catch(() => {});
  };
  async function deliver(payload: string | undefined) {
    if (!payload) return;
    let delivery = JSON.parse(payload) as Delivery;
    if ("stored" in delivery) {
      const [row] = rowsOf<{ payload: string }>(
        await run(
          db,
          sql`delete from room_message where id = ${delivery.stored} returning payload`,
        ),
      );
      if (!row) return;
      delivery = JSON.parse(row.payload) as Delivery;
      if ("stored" in delivery) return;
    }
    if ("m" in delivery) connections.deliver(delivery.to, delivery.m);
    else {
      mine.delete(delivery.to);
      connections.close(delivery.to, delivery.close, delivery.reason);
    }
  }

  // Calls for one connection run one after another, in the order made: its join is in the table
  // before its first message is relayed, and two messages cannot overtake on two pooled
  // connections.
  const queues = new Map<string, Promise<void>>();
  function inOrder(connection: string, work: () => Promise<void>): Promise<void> {
    const next = (queues.get(connection) ?? Promise.resolve()).then(work);
    const settled = next.catch(() => {});
    queues.set(connection, settled);
    void settled.then(() => {
      if (queues.get(connection) === settled) queues.delete(connection);
    });
    return next;
  }

  const notify = (executor: Pick<typeof db, "execute">, host: string, delivery: Delivery) =>
    run(executor, sql`select pg_notify(${channelOf(host)}, ${JSON.stringify(delivery)})`);

  async function leaveNow(room: string, role: RoomRole, connection: string) {
    await db.transaction(async (tx) => {
      statements += 2;
      await lockRoom(tx, room);
      // The other person is told only if this connection was still the member: a replaced
      // window's late close says nothing.
      await run(
        tx,
        sql`with gone as (
              delete from room_member
              where room = ${room} and role = ${role} and connection = ${connection}
              returning room, role
            )
            select pg_notify('room_host_' || other.host_id,
                             json_build_object('to', other.connection, 'm', ${JSON.stringify(peerLeft)}::json)::text)
            from gone join room_member other on other.room = gone.room and other.role <> gone.role`,
      );
    });
  }

  const lockRoom = (tx: Pick<typeof db, "execute">, room: string) =>
    run(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`room_member:${room}`}, 0))`);

  /** Whether this host's row was written once: a later insert means another host removed it. */
  let beaten = false;
  async function heartbeat() {
    const [row] = rowsOf<{ inserted: boolean }>(
      await run(
        db,
        sql`insert into room_host (id) values (${hostId})
            on conflict (id) do update set heartbeat_at = now()
            returning (xmax = 0) as inserted`,
      ),
    );
    if (row?.inserted && beaten) {
      // Another host found this one silent for too long (a pause, a lost database) and took its
      // members out of their rooms; their peers were told they left. Close them so the browsers
      // see it too, rather than keep talking into a room that no longer holds them.
      const closing = [...mine];
      mine.clear();
      for (const connection of closing)
        connections.close(connection, 1012, "The server lost its place; join again");
      options.onPresumedDead?.();
    }
    beaten = true;
  }

  async function sweep() {
    // One statement, so the hosts found dead and the members taken out are one consistent view:
    // a member goes only with a host whose row went (now, or at an earlier sweep).
    const orphans = rowsOf<{ room: string; role: RoomRole; connection: string }>(
      await run(
        db,
        sql`with dead as (
              delete from room_host
              where heartbeat_at < now() - make_interval(secs => ${timings.staleAfterMs / 1000})
              returning id
            )
            select room, role, connection from room_member m
            where m.host_id in (select id from dead)
               or not exists (select 1 from room_host h where h.id = m.host_id)`,
      ),
    );
    for (const { room, role, connection } of orphans) await leaveNow(room, role, connection);
    await run(
      db,
      sql`delete from room_message m
          where m.created_at < now() - make_interval(secs => ${UNDELIVERED_MESSAGE_MAX_AGE_MS / 1000})
             or not exists (select 1 from room_host h where h.id = m.host_id)`,
    );
  }

  const listener: ChannelListener = await listenToChannel(
    database,
    channelOf(hostId),
    { onNotification: hear, onListening: options.onListening },
    { applicationName: "referoh room signalling" },
  );
  await heartbeat();
  // Members left behind by a host that died (this machine's previous process, say) go now.
  await sweep().catch(() => {});

  let stopping = false;
  const repeat = (work: () => Promise<void>, everyMs: number) => {
    const timer = setInterval(() => {
      if (!stopping) void work().catch(() => {});
    }, everyMs);
    timer.unref();
    return timer;
  };
  const heartbeatTimer = repeat(heartbeat, timings.heartbeatMs);
  const sweepTimer = repeat(sweep, timings.sweepMs);

  return {
    hostId,
    get statements() {
      return statements;
    },
    join: (room, role, connection) =>
      inOrder(connection, async () => {
        mine.add(connection);
        await db.transaction(async (tx) => {
          statements += 2;
          await lockRoom(tx, room);
          const members = rowsOf<{ role: RoomRole; connection: string; host_id: string }>(
            await run(
              tx,
              sql`select role, connection, host_id from room_member where room = ${room}`,
            ),
          );
          await run(
            tx,
            sql`insert into room_member (room, role, connection, host_id)
                values (${room}, ${role}, ${connection}, ${hostId})
                on conflict (room, role) do update
                set connection = excluded.connection, host_id = excluded.host_id,
                    joined_at = now()`,
          );
          const previous = members.find((member) => member.role === role);
          const other = members.find((member) => member.role !== role);
          await notify(tx, hostId, {
            to: connection,
            m: { type: "welcome", role, peerPresent: Boolean(other) },
          });
          if (previous && previous.connection !== connection)
            await notify(tx, previous.host_id, {
              to: previous.connection,
              close: 4000,
              reason: "Joined from another window",
            });
          if (other)
            await notify(tx, other.host_id, { to: other.connection, m: { type: "peer-joined" } });
        });
      }),
    relay: (room, role, connection, message) =>
      inOrder(connection, async () => {
        const text = JSON.stringify(message);
        // Only a connection that is still its role's member is heard, and only by the other role.
        const recipient = sql`
          select other.host_id, other.connection
          from room_member self
          join room_member other on other.room = self.room and other.role <> self.role
          where self.room = ${room} and self.role = ${role} and self.connection = ${connection}`;
        if (Buffer.byteLength(text) + DELIVERY_ENVELOPE_BYTES < NOTIFY_PAYLOAD_LIMIT) {
          await run(
            db,
            sql`select pg_notify('room_host_' || r.host_id,
                                 json_build_object('to', r.connection, 'm', ${text}::json)::text)
                from (${recipient}) r`,
          );
        } else {
          await run(
            db,
            sql`with stored as (
                  insert into room_message (host_id, payload)
                  select r.host_id, json_build_object('to', r.connection, 'm', ${text}::json)::text
                  from (${recipient}) r
                  returning id, host_id
                )
                select pg_notify('room_host_' || host_id, json_build_object('stored', id)::text)
                from stored`,
          );
        }
      }),
    leave: (room, role, connection) =>
      inOrder(connection, async () => {
        mine.delete(connection);
        await leaveNow(room, role, connection);
      }),
    heartbeat,
    sweep,
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(heartbeatTimer);
      clearInterval(sweepTimer);
      await Promise.all(queues.values());
      const members = rowsOf<{ room: string; role: RoomRole; connection: string }>(
        await run(
          db,
          sql`select room, role, connection from room_member where host_id = ${hostId}`,
        ),
      );
      for (const { room, role, connection } of members) await leaveNow(room, role, connection);
      await run(db, sql`delete from room_host where id = ${hostId}`);
      await listener.stop();
      await received;
    },
  };
}
