import { and, eq } from "drizzle-orm";
import { consultationAvailability } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { auditAvailability } from "./availability-audit.server.ts";

/** The doctor withdraws one of their weekly stretches; only their own. */
export async function removeWeeklyHours(scope: Scope, id: string) {
  const { db, actor } = requireDoctor(scope);
  const removed = await db
    .delete(consultationAvailability)
    .where(
      and(eq(consultationAvailability.id, id), eq(consultationAvailability.doctorId, actor.userId)),
    )
    .returning({ id: consultationAvailability.id });
  if (removed.length === 0) throw new DomainError("not_found", "No such hours.");
  await auditAvailability(scope, "consultation.hours_removed", {
    type: "consultation_availability",
    id,
  });
}
