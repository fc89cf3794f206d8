import { and, eq, gte, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import {
  consultation,
  consultationAvailability,
  consultationException,
} from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import {
  type ConsultationDeps,
  ConsultationError,
  doctorAudit,
  OFFER_NOTICE_MS,
  requireDoctor,
} from "./deps.ts";
import { londonDateOf } from "./london-time.ts";
import { type DaysOff, generateSlots, validWeeklyHours, type WeeklyHours } from "./slots.ts";

export async function getAvailability(db: Database, actor: Actor) {
  requireDoctor(actor);
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
        gte(consultationException.endDate, londonDateOf(new Date())),
      ),
    )
    .orderBy(consultationException.startDate);
  return { hours, daysOff };
}

export async function addWeeklyHours(
  db: Database,
  { actor, hours }: { actor: Actor; hours: WeeklyHours },
) {
  requireDoctor(actor);
  if (!validWeeklyHours(hours))
    throw new ConsultationError("invalid_state", "The end must be after the start.");
  const [row] = await db
    .insert(consultationAvailability)
    .values({ doctorId: actor.userId, ...hours })
    .returning();
  await recordAuditEvent(db, {
    action: "consultation.hours_added",
    outcome: "success",
    actor: doctorAudit(actor),
    object: { type: "consultation_availability", id: row!.id },
  });
  return row!;
}

export async function removeWeeklyHours(db: Database, { actor, id }: { actor: Actor; id: string }) {
  requireDoctor(actor);
  const removed = await db
    .delete(consultationAvailability)
    .where(
      and(eq(consultationAvailability.id, id), eq(consultationAvailability.doctorId, actor.userId)),
    )
    .returning({ id: consultationAvailability.id });
  if (removed.length === 0) throw new ConsultationError("not_found", "No such hours.");
  await recordAuditEvent(db, {
    action: "consultation.hours_removed",
    outcome: "success",
    actor: doctorAudit(actor),
    object: { type: "consultation_availability", id },
  });
}

export async function addDaysOff(
  db: Database,
  { actor, daysOff, label }: { actor: Actor; daysOff: DaysOff; label: string },
) {
  requireDoctor(actor);
  if (daysOff.endDate < daysOff.startDate)
    throw new ConsultationError("invalid_state", "The last day must not be before the first.");
  const [row] = await db
    .insert(consultationException)
    .values({ doctorId: actor.userId, ...daysOff, label: label.trim().slice(0, 100) })
    .returning();
  await recordAuditEvent(db, {
    action: "consultation.days_off_added",
    outcome: "success",
    actor: doctorAudit(actor),
    object: { type: "consultation_exception", id: row!.id },
  });
  return row!;
}

export async function removeDaysOff(db: Database, { actor, id }: { actor: Actor; id: string }) {
  requireDoctor(actor);
  const removed = await db
    .delete(consultationException)
    .where(and(eq(consultationException.id, id), eq(consultationException.doctorId, actor.userId)))
    .returning({ id: consultationException.id });
  if (removed.length === 0) throw new ConsultationError("not_found", "No such days off.");
  await recordAuditEvent(db, {
    action: "consultation.days_off_removed",
    outcome: "success",
    actor: doctorAudit(actor),
    object: { type: "consultation_exception", id },
  });
}

/** The times this doctor can offer now: their hours, less days off and times already booked. */
export async function offerableSlots(
  db: Pick<ConsultationDeps, "db">["db"],
  { doctorId, now = new Date(), days = 21 }: { doctorId: string; now?: Date; days?: number },
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
