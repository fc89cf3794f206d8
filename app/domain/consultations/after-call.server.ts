import { and, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import { consultation } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { DoctorActor } from "~/domain/kernel/actor.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleConsultations } from "~/domain/kernel/visibility.server.ts";
import { type Consultation, lockVisibleConsultation, offerConsultation } from "./booking.server.ts";
import { CONSULTATION_NOTES_MAX as MAX_NOTES_LENGTH } from "./consultation-forms.ts";

/**
 * The consultations this doctor held, through their visibility: the notes are theirs to read, not
 * every doctor's who may see the case.
 */
function heldBy(doctor: Scope<DoctorActor>): SQL {
  return and(eq(consultation.doctorId, doctor.actor.userId), visibleConsultations(doctor)) as SQL;
}

/** The doctor's own consultation, locked for the change they make; anyone else's is not found. */
async function lockOwnConsultation(
  tx: Tx,
  doctor: Scope<DoctorActor>,
  consultationId: string,
): Promise<Consultation> {
  const row = await lockVisibleConsultation(
    tx,
    doctor,
    and(eq(consultation.id, consultationId), eq(consultation.doctorId, doctor.actor.userId)),
  );
  if (!row) throw new DomainError("not_found", "No such consultation.");
  return row;
}

/**
 * The doctor's notes of the call, saved to the case; saving them marks the consultation
 * completed. Editable later by the same doctor. The audit records that notes changed, never what
 * they say.
 */
export async function saveConsultationNotes(
  scope: Scope,
  { consultationId, notes }: { consultationId: string; notes: string },
): Promise<Consultation> {
  const doctor = requireDoctor(scope);
  const { db, now } = doctor;
  const text = notes.trim();
  if (!text) throw new DomainError("invalid_input", "Enter the consultation notes.");
  if (text.length > MAX_NOTES_LENGTH)
    throw new DomainError("invalid_input", `Notes must be at most ${MAX_NOTES_LENGTH} characters.`);
  return db.transaction(async (tx) => {
    const row = await lockOwnConsultation(tx, doctor, consultationId);
    if (row.status !== "booked" && row.status !== "completed")
      throw new DomainError("invalid_state", "Notes belong to a consultation that took place.");
    if (row.status === "booked" && row.startsAt && row.startsAt.getTime() > now.getTime())
      throw new DomainError("invalid_state", "The consultation has not started yet.");
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
    await recordAuditEventAs(
      doctor,
      {
        action: row.notes ? "consultation.notes_updated" : "consultation.notes_saved",
        outcome: "success",
        object: { type: "consultation", id: row.id },
        details: { referralId: row.referralId, length: text.length },
      },
      tx,
    );
    return saved;
  });
}

/** Reading the notes is access to health data: audited like every other read of it. */
export async function readConsultationNotes(
  scope: Scope,
  consultationId: string,
): Promise<string | null> {
  const doctor = requireDoctor(scope);
  const [row] = await doctor.db
    .select({ notes: consultation.notes, referralId: consultation.referralId })
    .from(consultation)
    .where(and(eq(consultation.id, consultationId), heldBy(doctor)));
  if (!row) throw new DomainError("not_found", "No such consultation.");
  if (row.notes !== null)
    await recordAuditEventAs(doctor, {
      action: "consultation.notes_viewed",
      outcome: "success",
      object: { type: "consultation", id: consultationId },
      details: { referralId: row.referralId },
    });
  return row.notes;
}

/**
 * The notes of the case's consultations for its report editor (the doctor writes the
 * report with them beside the draft), newest first; each read audited as above.
 */
export async function readCaseConsultationNotes(
  scope: Scope,
  referralId: string,
): Promise<{ consultationId: string; startsAt: Date | null; notes: string }[]> {
  const doctor = requireDoctor(scope);
  const rows = await doctor.db
    .select({ id: consultation.id, startsAt: consultation.startsAt })
    .from(consultation)
    .where(
      and(eq(consultation.referralId, referralId), heldBy(doctor), isNotNull(consultation.notes)),
    )
    .orderBy(desc(consultation.startsAt));
  const result: { consultationId: string; startsAt: Date | null; notes: string }[] = [];
  for (const row of rows) {
    const notes = await readConsultationNotes(scope, row.id);
    if (notes !== null) result.push({ consultationId: row.id, startsAt: row.startsAt, notes });
  }
  return result;
}

/**
 * The subject did not come: recorded once the start has passed, and the subject is offered new
 * times at once in a fresh consultation (its own room and calendar event).
 */
export async function recordNoShow(
  scope: Scope,
  { consultationId, newTimes }: { consultationId: string; newTimes: Date[] },
): Promise<{ missed: Consultation; next: Consultation }> {
  const doctor = requireDoctor(scope);
  const { db, now } = doctor;
  if (newTimes.length === 0)
    throw new DomainError("invalid_input", "Choose at least one new time to offer.");
  const missed = await db.transaction(async (tx) => {
    const row = await lockOwnConsultation(tx, doctor, consultationId);
    if (row.status !== "booked")
      throw new DomainError("invalid_state", "Only a booked consultation can be missed.");
    if (!row.startsAt || row.startsAt.getTime() > now.getTime())
      throw new DomainError("invalid_state", "The consultation has not started yet.");
    const [updated] = (await tx
      .update(consultation)
      .set({ status: "no_show", endedAt: now, updatedAt: now })
      .where(eq(consultation.id, row.id))
      .returning()) as [Consultation];
    await recordAuditEventAs(
      doctor,
      {
        action: "consultation.no_show",
        outcome: "success",
        object: { type: "consultation", id: row.id },
        details: { referralId: row.referralId },
      },
      tx,
    );
    return updated;
  });
  const next = await offerConsultation(scope, {
    referralId: missed.referralId,
    times: newTimes,
    kind: "no_show",
  });
  return { missed, next };
}
