import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { safetyContactAttempt, user } from "~/db/schema/index.ts";

/** The contact log of a case, newest first, with the doctor's name. */
export async function listContactAttempts(db: Pick<Database, "select">, referralId: string) {
  return db
    .select({
      id: safetyContactAttempt.id,
      attemptedAt: safetyContactAttempt.attemptedAt,
      method: safetyContactAttempt.method,
      outcome: safetyContactAttempt.outcome,
      note: safetyContactAttempt.note,
      doctorName: user.name,
    })
    .from(safetyContactAttempt)
    .leftJoin(user, eq(user.id, safetyContactAttempt.doctorId))
    .where(eq(safetyContactAttempt.referralId, referralId))
    .orderBy(desc(safetyContactAttempt.attemptedAt), desc(safetyContactAttempt.createdAt));
}
