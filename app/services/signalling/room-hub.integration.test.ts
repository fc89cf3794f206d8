import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server.ts";
import type { PeerMessage } from "~/domain/consultations/signal-messages.ts";
import { createTestDatabase } from "../../../tests/support/test-database.ts";
import {
  type RelayedMessage,
  type RoomHost,
  type RoomHostTimings,
  startRoomHost,
} from "./room-hub.ts";

/*
 * Two hosts on one database, as two machines behind a load balancer would be: on PostgreSQL each
 * has a pool of its own; on PGlite (one process) they share the instance, each LISTENing on its
 * own channel. Deliveries arrive asynchronously, so a test waits for what must come, and proves
 * that something did not come by waiting for a later delivery to the same host (each host hears
 * its deliveries in commit order).
 */

let databaseA: DatabaseHandle;
let databaseB: DatabaseHandle;

beforeAll(async () => {
  databaseA = await createTestDatabase({ questionnaires: false });
  databaseB =
    databaseA.engine === "postgres"
      ? await openDatabase({ kind: "postgres", url: databaseA.connectionString! })
      : { ...databaseA, close: async () => {} };
});

afterAll(async () => {
  await databaseB?.close();
  await databaseA?.close();
});

interface RecordingHost {
  host: RoomHost;
  delivered: { to: string; message: RelayedMessage }[];
  closed: { connection: string; code: number }[];
}

const started: RoomHost[] = [];
afterEach(async () => {
  for (const host of started.splice(0)) await host.stop().catch(() => {});
  await databaseA.db.execute(sql`delete from room_member`);
  await databaseA.db.execute(sql`delete from room_host`);
  await databaseA.db.execute(sql`delete from room_message`);
});

/** A host whose timers stay out of the way unless the test asks for them. */
const quiet: RoomHostTimings = {
  heartbeatMs: 3_600_000,
  staleAfterMs: 3_600_000,
  sweepMs: 3_600_000,
};

async function startHost(
  database: DatabaseHandle,
  timings: Partial<RoomHostTimings> = {},
): Promise<RecordingHost> {
  const delivered: RecordingHost["delivered"] = [];
  const closed: RecordingHost["closed"] = [];
  const host = await startRoomHost(
    database,
    {
      deliver: (to, message) => delivered.push({ to, message }),
      close: (connection, code) => closed.push({ connection, code }),
    },
    { timings: { ...quiet, ...timings } },
  );
  started.push(host);
  return { host, delivered, closed };
}

const offer = { type: "description", description: { type: "offer", sdp: "v=0" } } as const;
const answer = { type: "description", description: { type: "answer", sdp: "v=0 a" } } as const;
const candidate = (n: number): PeerMessage => ({
  type: "candidate",
  candidate: { candidate: `candidate:${n} 1 udp 2122260223 192.0.2.1 5${n} typ host` },
});

/** Waits until the list holds `count` entries, then returns them. */
async function received<T>(list: T[], count: number): Promise<T[]> {
  await expect.poll(() => list.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(count);
  return list;
}

async function doctorOnAsubjectOnB() {
  const a = await startHost(databaseA);
  const b = await startHost(databaseB);
  await a.host.join("room-1", "doctor", "a1");
  await b.host.join("room-1", "subject", "b1");
  await received(a.delivered, 2);
  await received(b.delivered, 1);
  a.delivered.length = 0;
  b.delivered.length = 0;
  return { a, b };
}

async function rowCount(table: "room_member" | "room_message" | "room_host"): Promise<number> {
  const result = (await databaseA.db.execute(
    sql.raw(`select count(*)::int as n from ${table}`),
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe("the video room's hub across hosts", () => {
  it("welcomes the first person alone, then tells each, on either host, that the other is there", async () => {
    const a = await startHost(databaseA);
    const b = await startHost(databaseB);
    await a.host.join("room-1", "doctor", "a1");
    expect(await received(a.delivered, 1)).toEqual([
      { to: "a1", message: { type: "welcome", role: "doctor", peerPresent: false } },
    ]);
    await b.host.join("room-1", "subject", "b1");
    expect(await received(b.delivered, 1)).toEqual([
      { to: "b1", message: { type: "welcome", role: "subject", peerPresent: true } },
    ]);
    expect((await received(a.delivered, 2)).slice(1)).toEqual([
      { to: "a1", message: { type: "peer-joined" } },
    ]);
    expect(await rowCount("room_member")).toBe(2);
  });

  it("relays both ways between hosts, to the other person of the same room only", async () => {
    const { a, b } = await doctorOnAsubjectOnB();
    await b.host.join("room-2", "doctor", "b2");
    await received(b.delivered, 1);
    b.delivered.length = 0;

    await a.host.relay("room-1", "doctor", "a1", offer);
    expect(await received(b.delivered, 1)).toEqual([{ to: "b1", message: offer }]);
    await b.host.relay("room-1", "subject", "b1", answer);
    expect(await received(a.delivered, 1)).toEqual([{ to: "a1", message: answer }]);
    // Alone in room-2: heard by nobody. A later message to host B proves nothing came before it.
    await b.host.relay("room-2", "doctor", "b2", offer);
    await a.host.relay("room-1", "doctor", "a1", candidate(1));
    expect(await received(b.delivered, 2)).toEqual([
      { to: "b1", message: offer },
      { to: "b1", message: candidate(1) },
    ]);
  });

  it("keeps one person's messages in the order sent", async () => {
    const { a, b } = await doctorOnAsubjectOnB();
    const sent = [offer, ...Array.from({ length: 20 }, (_, n) => candidate(n))];
    await Promise.all(sent.map((message) => a.host.relay("room-1", "doctor", "a1", message)));
    expect((await received(b.delivered, sent.length)).map((d) => d.message)).toEqual(sent);
  });

  it("replaces a window on one host by the same person's on the other; the old one is closed and no longer heard", async () => {
    const { a, b } = await doctorOnAsubjectOnB();
    await a.host.join("room-1", "subject", "a-reload");
    expect(await received(b.closed, 1)).toEqual([{ connection: "b1", code: 4000 }]);
    expect(await received(a.delivered, 2)).toEqual(
      expect.arrayContaining([
        { to: "a-reload", message: { type: "welcome", role: "subject", peerPresent: true } },
        { to: "a1", message: { type: "peer-joined" } },
      ]),
    );
    a.delivered.length = 0;

    // The replaced window is not heard, and its late close does not tell the doctor anyone left.
    await b.host.relay("room-1", "subject", "b1", answer);
    await b.host.leave("room-1", "subject", "b1");
    await a.host.relay("room-1", "subject", "a-reload", candidate(7));
    expect(await received(a.delivered, 1)).toEqual([{ to: "a1", message: candidate(7) }]);
    await a.host.relay("room-1", "doctor", "a1", offer);
    expect((await received(a.delivered, 2)).slice(1)).toEqual([{ to: "a-reload", message: offer }]);
  });

  it("tells the other person when someone leaves, and keeps no row of an empty room", async () => {
    const { a, b } = await doctorOnAsubjectOnB();
    await b.host.leave("room-1", "subject", "b1");
    expect(await received(a.delivered, 1)).toEqual([{ to: "a1", message: { type: "peer-left" } }]);
    await a.host.leave("room-1", "doctor", "a1");
    expect(await rowCount("room_member")).toBe(0);
  });

  it("sends a message too large for a notification through the table, in order, and deletes its row", async () => {
    const { a, b } = await doctorOnAsubjectOnB();
    const sdp = `v=0\r\n${"a=candidate:1 1 udp 2122260223 192.0.2.1 54321 typ host\r\n".repeat(300)}`;
    expect(sdp.length).toBeGreaterThan(8_000);
    const largeOffer: PeerMessage = { type: "description", description: { type: "offer", sdp } };
    const readsBefore = b.host.statements;
    // The small candidates after it are not delivered before it, though they need no row.
    await a.host.relay("room-1", "doctor", "a1", largeOffer);
    await a.host.relay("room-1", "doctor", "a1", candidate(1));
    expect(await received(b.delivered, 2)).toEqual([
      { to: "b1", message: largeOffer },
      { to: "b1", message: candidate(1) },
    ]);
    // The receiving host read (and deleted) one row; the small message needed no statement there.
    expect(b.host.statements - readsBefore).toBe(1);
    expect(await rowCount("room_message")).toBe(0);
  });

  it("takes the members of a host that stopped beating out of their rooms; the other side hears it and can meet again through the live host", async () => {
    const a = await startHost(databaseA, { heartbeatMs: 100, staleAfterMs: 1_000, sweepMs: 100 });
    // B beats once as it starts and never again, as a process killed with SIGKILL would.
    const b = await startHost(databaseB);
    await a.host.join("room-1", "doctor", "a1");
    await b.host.join("room-1", "subject", "b1");
    await received(a.delivered, 2);
    a.delivered.length = 0;

    // Within the staleness and one sweep (plus the machine's slack), not at A's leisure.
    await expect
      .poll(() => a.delivered, { timeout: 1_000 + 100 + 4_000, interval: 50 })
      .toEqual([{ to: "a1", message: { type: "peer-left" } }]);
    expect(await rowCount("room_member")).toBe(1);

    // The person comes back through host A: the room is whole again.
    await a.host.join("room-1", "subject", "a2");
    expect(await received(a.delivered, 3)).toEqual(
      expect.arrayContaining([
        { to: "a2", message: { type: "welcome", role: "subject", peerPresent: true } },
        { to: "a1", message: { type: "peer-joined" } },
      ]),
    );
    await a.host.relay("room-1", "doctor", "a1", offer);
    expect(await received(a.delivered, 4)).toContainEqual({ to: "a2", message: offer });

    // Were B only paused, its next beat finds it was taken for dead and closes what it held.
    await b.host.heartbeat();
    expect(b.closed).toEqual([{ connection: "b1", code: 1012 }]);
  });

  it("on a clean stop, takes the host's members out at once", async () => {
    const { a, b } = await doctorOnAsubjectOnB();
    await b.host.stop();
    // A never sweeps here: what it hears came from B's stop.
    expect(await received(a.delivered, 1)).toEqual([{ to: "a1", message: { type: "peer-left" } }]);
    expect(await rowCount("room_member")).toBe(1);
    expect(await rowCount("room_host")).toBe(1);
  });

  it("clears, as a host starts, the rooms of a host that died before it", async () => {
    const { a } = await doctorOnAsubjectOnB();
    await databaseA.db.execute(
      sql`update room_host set heartbeat_at = now() - interval '1 hour' where id <> ${a.host.hostId}`,
    );
    // A new process on the dead host's machine, say: its first sweep finds the stale host.
    await startHost(databaseB, { staleAfterMs: 5_000 });
    expect(await received(a.delivered, 1)).toEqual([{ to: "a1", message: { type: "peer-left" } }]);
  });
});
