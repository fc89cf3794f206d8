import { createHash } from "node:crypto";

/** The fields of one event as PostgreSQL prints them (see audit_event_canonical, migration 0010). */
export interface ChainedEventText {
  id: string;
  chainSeq: string | null;
  occurredAt: string;
  actorId: string | null;
  actorRole: string | null;
  organisationId: string | null;
  action: string;
  objectType: string | null;
  objectId: string | null;
  outcome: string;
  ip: string | null;
  requestId: string | null;
  details: string;
  prevHash: string | null;
  hash: string | null;
}

export const GENESIS_HASH = "0".repeat(64);

/** `<octet length>:<text>` per field, `-` for NULL, joined by `|`: no two rows share a text. */
function canonicalEventText(e: ChainedEventText): string {
  return [
    e.chainSeq,
    e.id,
    e.occurredAt,
    e.actorId,
    e.actorRole,
    e.organisationId,
    e.action,
    e.objectType,
    e.objectId,
    e.outcome,
    e.ip,
    e.requestId,
    e.details,
  ]
    .map((f) => (f === null ? "-" : `${Buffer.byteLength(f, "utf8")}:${f}`))
    .join("|");
}

function eventHash(prevHash: string, e: ChainedEventText): string {
  return createHash("sha256")
    .update(`${prevHash}\n${canonicalEventText(e)}`, "utf8")
    .digest("hex");
}

export type ChainBreak = {
  eventId: string;
  reason: "unlinked" | "sequence-gap" | "prev-hash-mismatch" | "hash-mismatch";
};

/**
 * Walks events in chain order, carrying the last good link between batches. Returns the first
 * break, or null; `state` is updated in place so the next batch continues from here.
 */
export function checkChainBatch(
  events: ChainedEventText[],
  state: { lastSeq: number; lastHash: string },
): ChainBreak | null {
  for (const e of events) {
    if (e.chainSeq === null || e.prevHash === null || e.hash === null) {
      return { eventId: e.id, reason: "unlinked" };
    }
    if (Number(e.chainSeq) !== state.lastSeq + 1) return { eventId: e.id, reason: "sequence-gap" };
    if (e.prevHash !== state.lastHash) return { eventId: e.id, reason: "prev-hash-mismatch" };
    if (eventHash(e.prevHash, e) !== e.hash) return { eventId: e.id, reason: "hash-mismatch" };
    state.lastSeq += 1;
    state.lastHash = e.hash;
  }
  return null;
}
