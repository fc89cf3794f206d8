import { consultationException } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { auditAvailability } from "./availability-audit.server.ts";
import type { DaysOff } from "./slots.ts";

/** Days the doctor offers no consultations, whatever their weekly hours. */
export async function addDaysOff(
  scope: Scope,
  { daysOff, label }: { daysOff: DaysOff; label: string },
) {
  const { db, actor } = requireDoctor(scope);
  if (daysOff.endDate < daysOff.startDate)
    throw new DomainError("invalid_input", "The last day must not be before the first.");
  const [row] = await db
    .insert(consultationException)
    .values({ doctorId: actor.userId, ...daysOff, label: label.trim().slice(0, 100) })
    .returning();
  await auditAvailability(scope, "consultation.days_off_added", {
    type: "consultation_exception",
    id: row!.id,
  });
  return row!;
}
