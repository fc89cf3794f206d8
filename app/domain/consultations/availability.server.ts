import { and, eq, inArray } from "drizzle-orm";
import {
  consultation,
  consultationAvailability,
  consultationException,
} from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { generateSlots } from "./slots.ts";
import { OFFER_NOTICE_MS } from "./timing.ts";

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
