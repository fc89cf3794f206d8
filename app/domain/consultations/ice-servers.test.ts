import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { iceServersFor } from "./ice-servers.ts";

describe("iceServersFor", () => {
  it("splits STUN and TURN and mints expiring TURN credentials from coturn's shared secret", () => {
    const servers = iceServersFor(
      {
        ICE_SERVER_URLS: "stun:turn.example.org:3478, turn:turn.example.org:3478?transport=udp",
        TURN_SECRET: "s3cret",
      },
      { roomId: "room-1", now: new Date("2026-01-01T00:00:00Z"), validForSeconds: 60 },
    );
    expect(servers[0]).toEqual({ urls: ["stun:turn.example.org:3478"] });
    const expiry = Date.parse("2026-01-01T00:00:00Z") / 1000 + 60;
    expect(servers[1]).toEqual({
      urls: ["turn:turn.example.org:3478?transport=udp"],
      username: `${expiry}:room-1`,
      credential: createHmac("sha1", "s3cret").update(`${expiry}:room-1`).digest("base64"),
    });
  });

  it("leaves out TURN without credentials, and is empty when nothing is configured", () => {
    expect(iceServersFor({ ICE_SERVER_URLS: "turn:t.example.org" }, { roomId: "r" })).toEqual([]);
    expect(iceServersFor({ ICE_SERVER_URLS: "" }, { roomId: "r" })).toEqual([]);
  });
});
