import { describe, expect, it } from "vitest";
import { parsePeerMessage, readCookie } from "./signal-messages.ts";

describe("signalling messages", () => {
  it("accepts descriptions, candidates and bye", () => {
    expect(
      parsePeerMessage('{"type":"description","description":{"type":"offer","sdp":"v=0"}}'),
    ).toEqual({
      type: "description",
      description: { type: "offer", sdp: "v=0" },
    });
    expect(
      parsePeerMessage(
        '{"type":"candidate","candidate":{"candidate":"","sdpMid":"0","sdpMLineIndex":0}}',
      )?.type,
    ).toBe("candidate");
    expect(parsePeerMessage('{"type":"bye"}')).toEqual({ type: "bye" });
  });

  it("refuses anything else", () => {
    expect(parsePeerMessage("not json")).toBeNull();
    expect(parsePeerMessage('{"type":"chat","text":"hi"}')).toBeNull();
    expect(
      parsePeerMessage('{"type":"description","description":{"type":"pranswer","sdp":"v=0"}}'),
    ).toBeNull();
    expect(
      parsePeerMessage(
        `{"type":"description","description":{"type":"offer","sdp":"${"x".repeat(20_001)}"}}`,
      ),
    ).toBeNull();
  });

  it("reads one cookie", () => {
    expect(
      readCookie("a=1; referoh_consultation_link=abc%2D; b=2", "referoh_consultation_link"),
    ).toBe("abc-");
    expect(readCookie("a=1", "referoh_consultation_link")).toBeNull();
    expect(readCookie(undefined, "a")).toBeNull();
  });
});
