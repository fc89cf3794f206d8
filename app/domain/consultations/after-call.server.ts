import { and, desc, eq, isNotNull } from "drizzle-orm";
import { consultation } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { type Consultation, offerConsultation } from "./booking.server.ts";
import {
  type ConsultationDeps,
  ConsultationError,
  doctorAudit,
  type RequestOrigin,
  requireDoctor,
} from "./deps.ts";

export const MAX_NOTES_LENGTH = 20_000;

/**
 * The doctor's notes of the call, saved to the case; saving them marks the consultation
 * completed. Editable later by the same doctor. The audit records that notes changed, never what
 * they say.
 */
export async function saveConsultationNotes(
  deps: Pick<ConsultationDeps, "db">,
  {
    actor,
    consultationId,
    notes,
    origin,
    now = new Date(),
  }: { actor: Actor; consultationId: string; notes: string; origin?: RequestOrigin; now?: Date },
): Promise<Consultation> {
  requireDoctor(actor);
  const text = notes.trim();
  if (!text) throw new ConsultationError("invalid_state", "Enter the consultation notes.");
  if (text.length > MAX_NOTES_LENGTH)
    throw new ConsultationError(
      "invalid_state",
      `Notes must be at most ${MAX_NOTES_LENGTH} characters.`,
    );
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(consultation)
      .where(and(eq(consultation.id, consultationId), eq(consultation.doctorId, actor.userId)))
      .for("update");
    if (!row) throw new ConsultationError("not_found", "No such consultation.");
    if (row.status !== "booked" && row.status !== "completed")
      throw new ConsultationError(
        "invalid_state",
        "Notes belong to a consultation that took place.",
      );
    if (row.status === "booked" && row.startsAt && row.startsAt.getTime() > now.getTime())
      throw new ConsultationError("too_early", "The consultation has not started yet.");
    const [saved] = (await tx
      .update(consultation)
      .set({
        notes: text,
        notesUpdatedAt: now,
        status: "completed",
        endedAt: row.endedAt ?? now,
        updatedAt: now,
      })
      .where(eq(consultation.id, row.id))
      .returning()) as [Consultation];
    await recordAuditEvent(tx, {
      action: row.notes ? "consultation.notes_updated" : "consultation.notes_saved",
      outcome: "success",
      actor: doctorAudit(actor),
      object: { type: "consultation", id: row.id },
      request: origin,
      details: { referralId: row.referralId, length: text.length },
    });
    return saved;
  });
}

/** Reading the notes is access to health data: audited like every other read of it. */
export async function readConsultationNotes(
  deps: Pick<ConsultationDeps, "db">,
  {
    actor,
    consultationId,
    origin,
  }: { actor: Actor; consultationId: string; origin?: RequestOrigin },
): Promise<string | null> {
  requireDoctor(actor);
  const [row] = await deps.db
    .select({ notes: consultation.notes, referralId: consultation.referralId })
    .from(consultation)
    .where(and(eq(consultation.id, consultationId), eq(consultation.doctorId, actor.userId)));
  if (!row) throw new ConsultationError("not_found", "No such consultation.");
  if (row.notes !== null)
    await recordAuditEvent(deps.db, {
      action: "consultation.notes_viewed",
      outcome: "success",
      actor: doctorAudit(actor),
      object: { type: "consultation", id: consultationId },
      request: origin,
      details: { referralId: row.referralId },
    });
  return row.notes;
}

/**
 * The notes of the case's consultations for its report editor (the doctor writes the
 * report with them beside the draft), newest first; each read audited as above.
 */
export async function readCaseConsultationNotes(
  deps: Pick<ConsultationDeps, "db">,
  { actor, referralId, origin }: { actor: Actor; referralId: string; origin?: RequestOrigin },
): Promise<{ consultationId: string; startsAt: Date | null; notes: string }[]> {
  requireDoctor(actor);
  const rows = await deps.db
    .select({ id: consultation.id, startsAt: consultation.startsAt })
    .from(consultation)
    .where(
      and(
        eq(consultation.referralId, referralId),
        eq(consultation.doctorId, actor.userId),
        isNotNull(consultation.notes),
      ),
    )
    .orderBy(desc(consultation.startsAt));
  const result: { consultationId: string; startsAt: Date | null; notes: string }[] = [];
  for (const row of rows) {
    const notes = await readConsultationNotes(deps, { actor, consultationId: row.id, origin });
    if (notes !== null) result.push({ consultationId: row.id, startsAt: row.startsAt, notes });
  }
  return result;
}

/**
 * The subject did not come: recorded once the start has passed, and the subject is offered new
 * times at once in a fresh consultation (its own room and calendar event).
 */
export async function recordNoShow(
  deps: ConsultationDeps,
  {
    actor,
    consultationId,
    newTimes,
    origin,
    now = new Date(),
  }: { actor: Actor; consultationId: string; newTimes: Date[]; origin?: RequestOrigin; now?: Date },
): Promise<{ missed: Consultation; next: Consultation }> {
  requireDoctor(actor);
  if (newTimes.length === 0)
    throw new ConsultationError("no_times", "Choose at least one new time to offer.");
  const missed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(consultation)
      .where(and(eq(consultation.id, consultationId), eq(consultation.doctorId, actor.userId)))
      .for("update");
    if (!row) throw new ConsultationError("not_found", "No such consultation.");
    if (row.status !== "booked")
      throw new ConsultationError("invalid_state", "Only a booked consultation can be missed.");
    if (!row.startsAt || row.startsAt.getTime() > now.getTime())
      throw new ConsultationError("too_early", "The consultation has not started yet.");
    const [updated] = (await tx
      .update(consultation)
      .set({ status: "no_show", endedAt: now, updatedAt: now })
      .where(eq(consultation.id, row.id))
      .returning()) as [Consultation];
    await recordAuditEvent(tx, {
      action: "consultation.no_show",
      outcome: "success",
      actor: doctorAudit(actor),
      object: { type: "consultation", id: row.id },
      request: origin,
      details: { referralId: row.referralId },
    });
    return updated;
  });
  const next = await offerConsultation(deps, {
    actor,
    referralId: missed.referralId,
    times: newTimes,
    origin,
    kind: "no_show",
    now,
  });
  return { missed, next };
}
