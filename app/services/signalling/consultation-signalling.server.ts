import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import type { RoomRole } from "~/domain/consultations/join.server.ts";
import type { SignallingRooms } from "~/domain/consultations/signalling-rooms.server.ts";
import type { Runtime } from "../runtime.server.ts";
import {
  type RelayedMessage,
  type RoomConnections,
  type RoomHost,
  type RoomHostTimings,
  startRoomHost,
} from "./room-hub.ts";

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
 * subject's link cookie must admit them to this room (`rooms.admit`, the domain's rule, handed in
 * by the caller: app/domain/consultations/signalling-rooms.server.ts). Room membership (one
 * person per role, a reload replaces the earlier window) is the hub's (room-hub.ts). Only
 * validated messages are passed on, and nothing is stored: media flows browser to browser and is
 * never recorded.
 *
 * Room membership lives in the database (room-hub.ts, docs/decisions/0020-room-signalling-in-postgresql.md),
 * so the two people of a room may be connected to different processes or machines: each process
 * is a host that delivers what the database tells it to its own connections. Each connection's
 * host is logged with the room (ids only), so an operator can see where a room was served.
 */
export function attachConsultationSignalling(
  server: Server,
  runtime: Pick<Runtime, "config" | "logger" | "database" | "beforeShutdown">,
  rooms: SignallingRooms,
  options: { timings?: Partial<RoomHostTimings> } = {},
): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const allowedOrigin = new URL(runtime.config.PUBLIC_URL).origin;
  /** This process's open connections, by the id the hub knows them by. */
  const sockets = new Map<string, WebSocket>();
  const here: RoomConnections = {
    deliver: (connection, message) => send(sockets.get(connection), message),
    close: (connection, code, reason) => sockets.get(connection)?.close(code, reason),
  };
  const hostStarting: Promise<RoomHost> = startRoomHost(runtime.database, here, {
    timings: options.timings,
    onPresumedDead: () =>
      runtime.logger.warn("signalling: this host was taken for dead; its connections were closed"),
  });
  hostStarting.then(
    (host) => runtime.logger.info({ host: host.hostId }, "signalling: room host started"),
    (error) => runtime.logger.error({ err: error }, "signalling: room host did not start"),
  );
  // Before the database closes: this host's members leave their rooms, and the peers hear it.
  runtime.beforeShutdown(async () => {
    const host = await hostStarting.catch(() => null);
    await host?.stop();
  });

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
    const decision = await rooms.admit({
      consultationId,
      cookieHeader: req.headers.cookie,
      origin: requestOrigin,
    });
    if (!decision.ok) return refuse(socket, 403);
    wss.handleUpgrade(req, socket, head, (ws) => void join(ws, consultationId, decision.role));
  }

  function send(ws: WebSocket | undefined, message: RelayedMessage) {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }

  async function join(ws: WebSocket, roomId: string, role: RoomRole) {
    const connection = randomUUID();
    sockets.set(connection, ws);
    // A failure names the step only: a message's content is never logged.
    const failed = (step: string) => (error: unknown) => {
      runtime.logger.error({ err: error, room: roomId, step }, "signalling: room hub failed");
      ws.close(1011, "Signalling failed");
    };
    ws.on("close", () => {
      sockets.delete(connection);
      void hostStarting.then((host) => host.leave(roomId, role, connection)).catch(failed("leave"));
    });
    ws.on("error", () => ws.terminate());

    let host: RoomHost;
    try {
      host = await hostStarting;
    } catch (error) {
      return failed("start")(error);
    }
    runtime.logger.info(
      { host: host.hostId, room: roomId, role },
      "signalling: connection joined a room on this host",
    );
    void host.join(roomId, role, connection).catch(failed("join"));

    let windowStart = Date.now();
    let count = 0;
    ws.on("message", (data, isBinary) => {
      const now = Date.now();
      if (now - windowStart > 10_000) {
        windowStart = now;
        count = 0;
      }
      const message = isBinary ? null : rooms.parseMessage(data.toString());
      if (!message || ++count > MAX_MESSAGES_PER_10S) {
        ws.close(1008, "Message refused");
        return;
      }
      void host.relay(roomId, role, connection, message).catch(failed("relay"));
    });
  }
}
