import { describe, expect, it } from "vitest";
import {
  applyHubRequest,
  createRemoteRoomHub,
  createRoomHub,
  type HubRequest,
  isHubMessage,
  type RelayedMessage,
} from "./room-hub.ts";

function recordingHub() {
  const delivered: { to: string; message: RelayedMessage }[] = [];
  const closed: { connection: string; code: number }[] = [];
  const hub = createRoomHub({
    deliver: (to, message) => delivered.push({ to, message }),
    close: (connection, code) => closed.push({ connection, code }),
  });
  return { hub, delivered, closed };
}

/** The doctor (connection 1:a) and the subject (2:b) both in room-1. */
function doctorAndSubjectInRoom1() {
  const recording = recordingHub();
  recording.hub.join("room-1", "doctor", "1:a");
  recording.hub.join("room-1", "subject", "2:b");
  return recording;
}

const offer = { type: "description", description: { type: "offer", sdp: "v=0" } } as const;

describe("the video room's hub", () => {
  it("welcomes the first person alone, then tells each that the other is there", () => {
    const { hub, delivered } = recordingHub();
    hub.join("room-1", "doctor", "1:a");
    expect(delivered).toEqual([
      { to: "1:a", message: { type: "welcome", role: "doctor", peerPresent: false } },
    ]);
    hub.join("room-1", "subject", "2:b");
    expect(delivered.slice(1)).toEqual([
      { to: "2:b", message: { type: "welcome", role: "subject", peerPresent: true } },
      { to: "1:a", message: { type: "peer-joined" } },
    ]);
  });

  it("passes a message to the other person of the same room only", () => {
    const { hub, delivered } = doctorAndSubjectInRoom1();
    hub.join("room-2", "subject", "1:c");
    delivered.length = 0;
    hub.relay("room-1", "doctor", "1:a", offer);
    expect(delivered).toEqual([{ to: "2:b", message: offer }]);
    delivered.length = 0;
    hub.relay("room-2", "subject", "1:c", offer);
    expect(delivered).toEqual([]);
  });

  it("replaces an earlier window of the same role, which is closed and no longer heard", () => {
    const { hub, delivered, closed } = doctorAndSubjectInRoom1();
    hub.join("room-1", "subject", "1:reload");
    expect(closed).toEqual([{ connection: "2:b", code: 4000 }]);
    delivered.length = 0;
    hub.relay("room-1", "subject", "2:b", offer);
    // The replaced window's late close must not tell the doctor the subject left.
    hub.leave("room-1", "subject", "2:b");
    expect(delivered).toEqual([]);
    hub.relay("room-1", "doctor", "1:a", offer);
    expect(delivered).toEqual([{ to: "1:reload", message: offer }]);
  });

  it("tells the other person when someone leaves, and forgets an empty room", () => {
    const { hub, delivered } = doctorAndSubjectInRoom1();
    delivered.length = 0;
    hub.leave("room-1", "subject", "2:b");
    expect(delivered).toEqual([{ to: "1:a", message: { type: "peer-left" } }]);
    hub.leave("room-1", "doctor", "1:a");
    expect(hub.roomCount()).toBe(0);
  });

  it("takes every connection of a process that died out of its rooms", () => {
    const { hub, delivered } = doctorAndSubjectInRoom1();
    hub.join("room-2", "doctor", "2:c");
    delivered.length = 0;
    hub.leaveWhere((connection) => connection.startsWith("2:"));
    expect(delivered).toEqual([{ to: "1:a", message: { type: "peer-left" } }]);
    expect(hub.roomCount()).toBe(1);
  });
});

describe("a cluster worker's view of the hub", () => {
  it("sends each call to the primary, where it runs on the real hub", () => {
    const sent: HubRequest[] = [];
    const remote = createRemoteRoomHub((request) => sent.push(request));
    remote.join("room-1", "doctor", "1:a");
    remote.join("room-1", "subject", "2:b");
    remote.relay("room-1", "doctor", "1:a", offer);
    remote.leave("room-1", "subject", "2:b");
    // What crosses the IPC channel is plain JSON and is recognised as the hub's.
    const received = sent.map((request) => JSON.parse(JSON.stringify(request)) as unknown);
    expect(received.every(isHubMessage)).toBe(true);
    expect(isHubMessage({ channel: "other" })).toBe(false);

    const { hub, delivered } = recordingHub();
    for (const request of received as HubRequest[]) applyHubRequest(hub, request);
    expect(delivered.map((d) => [d.to, d.message.type])).toEqual([
      ["1:a", "welcome"],
      ["2:b", "welcome"],
      ["1:a", "peer-joined"],
      ["2:b", "description"],
      ["1:a", "peer-left"],
    ]);
  });
});
