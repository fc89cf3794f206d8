import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { organisation } from "~/db/schema/index.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";

/** The employer's name as e-mails and the assessment pages show it. */
export async function organisationDisplayName(
  db: Database,
  organisationId: string,
): Promise<string> {
  const [row] = await db
    .select({ name: organisation.name })
    .from(organisation)
    .where(eq(organisation.id, organisationId));
  return row?.name ?? "your employer";
}

/** The employer who referred the person holding the link, as their pages name it. */
export async function referringOrganisationName(scope: Scope): Promise<string> {
  const subject = requireSubject(scope);
  return organisationDisplayName(subject.db, subject.actor.organisationId);
}
