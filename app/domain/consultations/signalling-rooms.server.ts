import { actorOfSession, loadSession } from "~/domain/accounts/load-session.server.ts";
import type { AccountsDeps } from "~/domain/accounts/types.ts";
import type { RequestOrigin } from "~/domain/kernel/actor.ts";
import { createScope } from "~/domain/kernel/scope.ts";
import { authoriseRoomJoin, ROOM_DOOR, type RoomRole } from "./join.server.ts";
import {
  type PeerMessage,
  parsePeerMessage,
  readCookie,
  SUBJECT_ROOM_COOKIE,
} from "./signal-messages.ts";

/**
 * What the signalling relay (app/services/signalling/consultation-signalling.server.ts) asks of
 * the domain: who an upgrade request is, whether they may join this room, and which messages may
 * pass. The relay is the adapter; these rules stay here (docs/architecture.md §3).
 */
export interface SignallingRooms {
  admit(request: {
    consultationId: string;
    cookieHeader: string | undefined;
    origin: RequestOrigin;
  }): Promise<{ ok: true; role: RoomRole } | { ok: false }>;
  parseMessage(raw: string): PeerMessage | null;
}

export function consultationSignallingRooms(deps: AccountsDeps): SignallingRooms {
  return {
    async admit({ consultationId, cookieHeader, origin }) {
      const headers = new Headers();
      if (cookieHeader) headers.set("cookie", cookieHeader);
      // The doctor's session, or else the person's link cookie for this room.
      const lookup = await loadSession(deps, headers);
      const actor = (lookup.status === "active" && actorOfSession(lookup.current)) || null;
      const scope = createScope(
        deps.database.db,
        actor ?? { role: "system", name: ROOM_DOOR },
        origin,
        deps.adapters,
      );
      const decision = await authoriseRoomJoin(scope, {
        consultationId,
        subjectToken: readCookie(cookieHeader, SUBJECT_ROOM_COOKIE),
        channel: "signalling",
      });
      return decision.ok ? { ok: true, role: decision.role } : { ok: false };
    },
    parseMessage: parsePeerMessage,
  };
}
