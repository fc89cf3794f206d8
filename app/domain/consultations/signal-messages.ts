import { z } from "zod";

/** The cookie that carries the subject's link into the room (scoped to that room's path). */
export const SUBJECT_ROOM_COOKIE = "referoh_consultation_link";

export const signallingPath = (consultationId: string) => `/consultation/${consultationId}/signal`;

const sdp = z.string().min(1).max(20_000);

/**
 * What one browser may send the other through our server: session descriptions, ICE candidates
 * and a goodbye. Anything else is refused and the connection closed, so the relay is never a
 * general message channel.
 */
export const peerMessage = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("description"),
    description: z.object({ type: z.enum(["offer", "answer"]), sdp }),
  }),
  z.object({
    type: z.literal("candidate"),
    candidate: z.object({
      candidate: z.string().max(2_000),
      sdpMid: z.string().max(64).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
      usernameFragment: z.string().max(256).nullable().optional(),
    }),
  }),
  z.object({ type: z.literal("bye") }),
]);
export type PeerMessage = z.infer<typeof peerMessage>;

/** What the server itself says. */
export type ServerMessage =
  | { type: "welcome"; role: "doctor" | "subject"; peerPresent: boolean }
  | { type: "peer-joined" }
  | { type: "peer-left" };

export function parsePeerMessage(raw: string): PeerMessage | null {
  try {
    const parsed = peerMessage.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readCookie(header: string | undefined | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name)
      return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}
