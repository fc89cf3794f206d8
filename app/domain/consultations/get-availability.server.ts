import { and, eq, gte } from "drizzle-orm";
import { consultationAvailability, consultationException } from "~/db/schema/index.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { londonDateOf } from "./london-time.ts";

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
