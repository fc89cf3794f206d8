import type { Database } from "~/db/client.server.ts";
import type { EmployerActor, SystemActor } from "~/domain/kernel/actor.ts";
import { createScope, type Scope, systemScope } from "~/domain/kernel/scope.ts";

/** A signed-in employer's scope for billing tests: the owner of the organisation, at `now`. */
export function employerScopeFor(
  db: Database,
  member: { userId: string; organisationId: string },
  now = new Date(),
): Scope<EmployerActor> {
  return createScope(
    db,
    {
      role: "employer",
      userId: member.userId,
      organisationId: member.organisationId,
      organisationName: "Test organisation",
      memberRole: "owner",
    },
    { ip: null, requestId: `test:${member.userId}` },
    now,
  );
}

/** The payment provider's word, as webhooks and the demo payment page apply it. */
export function providerScope(db: Database, now = new Date()): Scope<SystemActor> {
  return systemScope(db, "test-provider", { now });
}
