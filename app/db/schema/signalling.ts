import { bigserial, index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns.ts";

/*
 * The video room's signalling, shared by every server process on this database, on one machine or
 * several (docs/decisions/0020-room-signalling-in-postgresql.md). Nothing here is health data:
 * rooms are consultation ids, and the relayed messages are session descriptions and ICE
 * candidates, kept only until the process holding the recipient's connection has read them.
 */

/** One row per live server process (a host), kept fresh by its heartbeat. */
export const roomHost = pgTable(
  "room_host",
  {
    /** 32 hex digits; the host hears its connections' messages on `room_host_<id>`. */
    id: text("id").primaryKey(),
    startedAt: instant("started_at").notNull().defaultNow(),
    heartbeatAt: instant("heartbeat_at").notNull().defaultNow(),
  },
  (t) => [index("room_host_heartbeat_at_idx").on(t.heartbeatAt)],
);

/** Who is in which room: at most one connection per role, held by the host that serves it. */
export const roomMember = pgTable(
  "room_member",
  {
    room: text("room").notNull(),
    role: text("role", { enum: ["doctor", "subject"] }).notNull(),
    connection: text("connection").notNull(),
    hostId: text("host_id").notNull(),
    joinedAt: instant("joined_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.room, t.role] }), index("room_member_host_id_idx").on(t.hostId)],
);

/**
 * A message too large for a NOTIFY payload (8,000 bytes; an SDP offer can be larger): the
 * notification carries only this row's id, and the recipient's host deletes the row as it reads it.
 */
export const roomMessage = pgTable(
  "room_message",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The host holding the recipient's connection; the sweep drops rows of hosts gone. */
    hostId: text("host_id").notNull(),
    /** The delivery as the notification would have carried it: recipient and message. */
    payload: text("payload").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("room_message_host_id_idx").on(t.hostId)],
);
