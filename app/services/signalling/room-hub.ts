// Relative imports, types only: the cluster's primary process (server/cluster.ts) runs this file
// straight from source, where the `~` alias does not resolve.
import type { RoomRole } from "../../domain/consultations/join.server.ts";
import type { PeerMessage, ServerMessage } from "../../domain/consultations/signal-messages.ts";

export type RelayedMessage = PeerMessage | ServerMessage;

/** Where a room's connections live: this process, or the worker processes of a cluster. */
export interface RoomConnections {
  deliver(connection: string, message: RelayedMessage): void;
  close(connection: string, code: number, reason: string): void;
}

/** The video room's membership: who is in which room, and who hears whom. */
export interface RoomHub {
  join(room: string, role: RoomRole, connection: string): void;
  relay(room: string, role: RoomRole, connection: string, message: PeerMessage): void;
  leave(room: string, role: RoomRole, connection: string): void;
}

const otherRole = (role: RoomRole): RoomRole => (role === "doctor" ? "subject" : "doctor");

/**
 * A room holds at most its two people, one per role; a second connection of the same role (a
 * reload, another window) replaces the first, which is closed with 4000. A connection that has
 * been replaced is no longer heard, and its late close does not tell the peer anyone left.
 * Connections are opaque ids, so the same rules serve one process or a whole cluster.
 */
export function createRoomHub(connections: RoomConnections): RoomHub & {
  /** Every connection the predicate picks leaves its room (a worker process that died). */
  leaveWhere(picked: (connection: string) => boolean): void;
  roomCount(): number;
} {
  const rooms = new Map<string, Map<RoomRole, string>>();

  function leave(room: string, role: RoomRole, connection: string) {
    const members = rooms.get(room);
    if (members?.get(role) !== connection) return;
    members.delete(role);
    const other = members.get(otherRole(role));
    if (other) connections.deliver(other, { type: "peer-left" });
    if (members.size === 0) rooms.delete(room);
  }

  return {
    join(room, role, connection) {
      let members = rooms.get(room);
      if (!members) {
        members = new Map();
        rooms.set(room, members);
      }
      const previous = members.get(role);
      members.set(role, connection);
      if (previous) connections.close(previous, 4000, "Joined from another window");
      const other = members.get(otherRole(role));
      connections.deliver(connection, { type: "welcome", role, peerPresent: Boolean(other) });
      if (other) connections.deliver(other, { type: "peer-joined" });
    },
    relay(room, role, connection, message) {
      const members = rooms.get(room);
      if (members?.get(role) !== connection) return;
      const other = members.get(otherRole(role));
      if (other) connections.deliver(other, message);
    },
    leave,
    leaveWhere(picked) {
      for (const [room, members] of [...rooms])
        for (const [role, connection] of [...members])
          if (picked(connection)) leave(room, role, connection);
    },
    roomCount: () => rooms.size,
  };
}

/** A worker process asks the cluster's primary, which holds the one hub (server/cluster.ts). */
export type HubRequest = { channel: "room-hub" } & (
  | { op: "join"; room: string; role: RoomRole; connection: string }
  | { op: "relay"; room: string; role: RoomRole; connection: string; message: PeerMessage }
  | { op: "leave"; room: string; role: RoomRole; connection: string }
);

/** The primary tells the worker holding a connection what to do with it. */
export type HubEvent = { channel: "room-hub" } & (
  | { op: "deliver"; connection: string; message: RelayedMessage }
  | { op: "close"; connection: string; code: number; reason: string }
);

export function isHubMessage(value: unknown): value is HubRequest | HubEvent {
  return (
    typeof value === "object" &&
    value !== null &&
    "channel" in value &&
    value.channel === "room-hub"
  );
}

/** A cluster worker's view of the primary's hub: every call becomes a message to the primary. */
export function createRemoteRoomHub(send: (request: HubRequest) => void): RoomHub {
  return {
    join: (room, role, connection) =>
      send({ channel: "room-hub", op: "join", room, role, connection }),
    relay: (room, role, connection, message) =>
      send({ channel: "room-hub", op: "relay", room, role, connection, message }),
    leave: (room, role, connection) =>
      send({ channel: "room-hub", op: "leave", room, role, connection }),
  };
}

/** The primary's side: runs a worker's request on the hub. */
export function applyHubRequest(hub: RoomHub, request: HubRequest): void {
  if (request.op === "join") hub.join(request.room, request.role, request.connection);
  else if (request.op === "relay")
    hub.relay(request.room, request.role, request.connection, request.message);
  else hub.leave(request.room, request.role, request.connection);
}
