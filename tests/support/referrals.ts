import type { Database } from "~/db/client.server.ts";
import type { MemberRole } from "~/db/schema/auth.ts";
import type { EmployerActor } from "~/domain/kernel/actor.ts";
import { createScope, type Scope } from "~/domain/kernel/scope.ts";

/** A test's employer: who they are and the organisation they act for. */
export interface TestEmployer {
  userId: string;
  organisationId: string;
  organisationName: string;
  memberRole?: MemberRole;
}

/**
 * Test helper: the scope an employer's request would carry (docs/architecture.md §3b), at `now`
 * when a test moves the clock.
 */
export function employerScopeForTest(
  db: Database,
  employer: TestEmployer,
  now: Date = new Date(),
): Scope<EmployerActor> {
  return createScope(
    db,
    { role: "employer", memberRole: "owner", ...employer },
    { ip: null, requestId: "test" },
    now,
  );
}
