import type { Database } from "~/db/client.server.ts";
import type { Actor as SessionActor } from "~/domain/access/permissions.ts";
import { actorOfDoctor } from "~/domain/doctor/doctor-queue.ts";
import type { Actor } from "~/domain/kernel/actor.ts";
import type { Adapters } from "~/domain/kernel/adapters.ts";
import { createScope, type Scope } from "~/domain/kernel/scope.ts";
import { testAdapters } from "~tests/support/adapters.ts";

/**
 * The kernel scope for a test's signed-in user (the session's actor shape the other areas' test
 * helpers still hand out), so the doctor area's tests call its functions as a route would.
 */
export function scopeFor(
  db: Database,
  actor: SessionActor,
  now = new Date(),
  origin: { ip: string | null; requestId: string } = { ip: null, requestId: "test" },
  adapters: Adapters = testAdapters(),
): Scope {
  const kernel: Actor =
    actor.role === "admin"
      ? { role: "admin", userId: actor.userId, twoFactorVerified: actor.twoFactorVerified }
      : actor.role === "doctor"
        ? actorOfDoctor({
            userId: actor.userId,
            doctorActive: actor.doctorActive === true,
            twoFactorVerified: actor.twoFactorVerified,
          })
        : {
            role: "employer",
            userId: actor.userId,
            organisationId: actor.organisationId ?? "",
            organisationName: "",
            memberRole: actor.memberRole ?? "manager",
          };
  return createScope(db, kernel, origin, adapters, now);
}
