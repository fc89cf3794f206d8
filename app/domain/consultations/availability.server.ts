import { and, eq, gte, inArray } from "drizzle-orm";
import {
  consultation,
  consultationAvailability,
  consultationException,
} from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { auditActorOf } from "~/domain/kernel/actor.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { londonDateOf } from "./london-time.ts";
import { type DaysOff, generateSlots, validWeeklyHours, type WeeklyHours } from "./slots.ts";
import { OFFER_NOTICE_MS } from "./timing.ts";

/** The doctor's weekly hours and the days off still to come. */
export async function getAvailability(scope: Scope) {
  const { db, actor, now } = requireDoctor(scope);
  const hours = await db
    .select()
    .from(consultationAvailability)
    .where(eq(consultationAvailability.doctorId, actor.userId))
    .orderBy(consultationAvailability.weekday, consultationAvailability.startMinute);
  const daysOff = await db
    .select()
    .from(consultationException)
    .where(
      and(
        eq(consultationException.doctorId, actor.userId),
        gte(consultationException.endDate, londonDateOf(now)),
      ),
    )
    .orderBy(consultationException.startDate);
  return { hours, daysOff };
}

/** Each change to the doctor's availability is audited by what changed, on which row. */
async function auditAvailability(
  scope: Scope,
  action: string,
  object: { type: "consultation_availability" | "consultation_exception"; id: string },
) {
  await recordAuditEvent(scope.db, {
    action,
    outcome: "success",
    actor: auditActorOf(scope.actor),
    object,
    request: scope.origin,
  });
}

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

/** The times the signed-in doctor can offer now (`days` ahead). */
export async function offerableSlots(scope: Scope, { days = 21 }: { days?: number } = {}) {
  const { db, actor, now } = requireDoctor(scope);
  return slotsOf(db, { doctorId: actor.userId, now, days });
}

/** A doctor's offerable times: their hours, less days off and times already booked. */
export async function slotsOf(
  db: Executor,
  { doctorId, now, days = 21 }: { doctorId: string; now: Date; days?: number },
): Promise<Date[]> {
  const hours = await db
    .select()
    .from(consultationAvailability)
    .where(eq(consultationAvailability.doctorId, doctorId));
  const daysOff = await db
    .select()
    .from(consultationException)
    .where(eq(consultationException.doctorId, doctorId));
  const booked = await db
    .select({ startsAt: consultation.startsAt })
    .from(consultation)
    .where(and(eq(consultation.doctorId, doctorId), inArray(consultation.status, ["booked"])));
  return generateSlots({
    hours,
    daysOff,
    from: new Date(now.getTime() + OFFER_NOTICE_MS),
    days,
    taken: booked.flatMap((b) => (b.startsAt ? [b.startsAt] : [])),
  });
}
