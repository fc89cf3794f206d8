import { and, eq } from "drizzle-orm";
import { consultationException } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { auditAvailability } from "./availability-audit.server.ts";

/** The doctor takes back days off they had given; only their own. */
export async function removeDaysOff(scope: Scope, id: string) {
  const { db, actor } = requireDoctor(scope);
  const removed = await db
    .delete(consultationException)
    .where(and(eq(consultationException.id, id), eq(consultationException.doctorId, actor.userId)))
    .returning({ id: consultationException.id });
  if (removed.length === 0) throw new DomainError("not_found", "No such days off.");
  await auditAvailability(scope, "consultation.days_off_removed", {
    type: "consultation_exception",
    id,
  });
}
