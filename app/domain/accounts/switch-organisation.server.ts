import { and, eq } from "drizzle-orm";
import { member, organisation, session } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";

/**
 * The account menu's switcher (docs/architecture.md §4): a person who belongs to several
 * organisations chooses which one this session acts for. Membership is checked here, not trusted
 * from the menu: an organisation the person does not belong to is not found, whatever id was
 * posted, and nothing changes. Only this session moves; the person's other sign-ins (another
 * browser, a phone) keep their own choice. Another tab of this browser shares the session, which
 * is why every employer form carries the organisation its page was for
 * (`app/middleware/organisation-guard.server.ts`).
 */
export async function switchOrganisation(
  scope: Scope,
  input: { sessionId: string; organisationId: string },
): Promise<{ id: string; name: string }> {
  const employer = requireEmployer(scope);
  const { db, actor } = employer;
  const [target] = await db
    .select({ id: organisation.id, name: organisation.name })
    .from(member)
    .innerJoin(organisation, eq(organisation.id, member.organisationId))
    .where(and(eq(member.userId, actor.userId), eq(member.organisationId, input.organisationId)));
  if (!target) throw new DomainError("not_found", "Organisation not found.");
  await db.transaction(async (tx) => {
    // The session must be the actor's own: a session id of someone else's changes nothing.
    const moved = await tx
      .update(session)
      .set({ activeOrganisationId: target.id, updatedAt: scope.now })
      .where(and(eq(session.id, input.sessionId), eq(session.userId, actor.userId)))
      .returning({ id: session.id });
    if (moved.length === 0) throw new DomainError("not_found", "Session not found.");
    await recordAuditEventAs(
      employer,
      {
        action: "team.organisation_switched",
        object: { type: "organisation", id: target.id },
        details: { from: actor.organisationId, to: target.id },
      },
      tx,
    );
  });
  return target;
}
