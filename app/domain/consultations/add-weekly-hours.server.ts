import { consultationAvailability } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { auditAvailability } from "./availability-audit.server.ts";
import { validWeeklyHours, type WeeklyHours } from "./slots.ts";

/** A stretch of the week the doctor offers consultations in, every week. */
export async function addWeeklyHours(scope: Scope, hours: WeeklyHours) {
  const { db, actor } = requireDoctor(scope);
  if (!validWeeklyHours(hours))
    throw new DomainError("invalid_input", "The end must be after the start.");
  const [row] = await db
    .insert(consultationAvailability)
    .values({ doctorId: actor.userId, ...hours })
    .returning();
  await auditAvailability(scope, "consultation.hours_added", {
    type: "consultation_availability",
    id: row!.id,
  });
  return row!;
}
