import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import { loadSession } from "~/domain/accounts/load-session.server.ts";
import { authoriseRoomJoin, type RoomRole } from "~/domain/consultations/join.server.ts";
import {
  parsePeerMessage,
  readCookie,
  type ServerMessage,
  SUBJECT_ROOM_COOKIE,
} from "~/domain/consultations/signal-messages.ts";
import type { Runtime } from "../runtime.server.ts";

const PATH = /^\/consultation\/([^/?#]+)\/signal(?:\?.*)?$/;
/** Per connection: enough for ICE trickle, far too little to use the relay for anything else. */
const MAX_MESSAGES_PER_10S = 200;

function refuse(socket: Duplex, status: 403 | 400) {
  socket.write(
    `HTTP/1.1 ${status} ${status === 403 ? "Forbidden" : "Bad Request"}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
  );
  socket.destroy();
}

/**
 * The WebSocket relay for the video room's signalling. Who may connect is decided on the upgrade
 * request, before a WebSocket exists: the Origin must be ours, and the doctor's session or the
 * subject's link cookie must admit them to this room (authoriseRoomJoin). A room holds at most
 * its two people, one per role; a second connection of the same role (a reload) replaces the
 * first. Only validated messages are passed on, and nothing is stored: media flows browser to
 * browser and is never recorded.
 *
 * Rooms live in this process's memory: with several app processes, the load balancer must send
 * a room's two connections to the same process (sticky on the path).
 */
export function attachConsultationSignalling(server: Server, runtime: Runtime): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const rooms = new Map<string, Map<RoomRole, WebSocket>>();
  const allowedOrigin = new URL(runtime.config.PUBLIC_URL).origin;

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = PATH.exec(req.url ?? "");
    // Not ours (in development, Vite's own WebSocket): leave it to its handler.
    if (!match) return;
    socket.on("error", () => socket.destroy());
    void admit(req, socket, head, match[1]!).catch((error) => {
      runtime.logger.error({ err: error }, "signalling upgrade failed");
      refuse(socket, 400);
    });
  });

  async function admit(req: IncomingMessage, socket: Duplex, head: Buffer, consultationId: string) {
    const host = req.headers.host ?? "";
    const origin = req.headers.origin;
    const sameOrigin =
      origin === allowedOrigin || origin === `http://${host}` || origin === `https://${host}`;
    const ip = req.socket.remoteAddress ?? null;
    const requestOrigin = { ip, requestId: randomUUID() };
    if (!sameOrigin) {
      runtime.logger.warn({ origin }, "signalling refused: foreign origin");
      return refuse(socket, 403);
    }
    const headers = new Headers();
    if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
    const lookup = await loadSession(runtime, headers);
    const actor = lookup.status === "active" ? lookup.current.actor : null;
    const decision = await authoriseRoomJoin(runtime.database.db, {
      consultationId,
      actor,
      subjectToken: actor ? null : readCookie(req.headers.cookie, SUBJECT_ROOM_COOKIE),
      origin: requestOrigin,
      channel: "signalling",
    });
    if (!decision.ok) return refuse(socket, 403);
    wss.handleUpgrade(req, socket, head, (ws) => join(ws, consultationId, decision.role));
  }

  function send(ws: WebSocket | undefined, message: ServerMessage | object) {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }

  function join(ws: WebSocket, roomId: string, role: RoomRole) {
    let room = rooms.get(roomId);
    if (!room) {
      room = new Map();
      rooms.set(roomId, room);
    }
    const previous = room.get(role);
    room.set(role, ws);
    if (previous) previous.close(4000, "Joined from another window");
    const otherRole: RoomRole = role === "doctor" ? "subject" : "doctor";
    const other = () => room.get(otherRole);
    send(ws, { type: "welcome", role, peerPresent: Boolean(other()) } satisfies ServerMessage);
    send(other(), { type: "peer-joined" } satisfies ServerMessage);

    let windowStart = Date.now();
    let count = 0;
    ws.on("message", (data, isBinary) => {
      const now = Date.now();
      if (now - windowStart > 10_000) {
        windowStart = now;
        count = 0;
      }
      const message = isBinary ? null : parsePeerMessage(data.toString());
      if (!message || ++count > MAX_MESSAGES_PER_10S) {
        ws.close(1008, "Message refused");
        return;
      }
      send(other(), message);
    });
    ws.on("close", () => {
      if (room.get(role) !== ws) return;
      room.delete(role);
      send(other(), { type: "peer-left" } satisfies ServerMessage);
      if (room.size === 0) rooms.delete(roomId);
    });
    ws.on("error", () => ws.terminate());
  }
}
