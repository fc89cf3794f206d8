import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { caseClinicalNote, referral } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { CLINICAL_NOTES_MAX } from "./clinical-notes.ts";
import { assertDoctor, auditActor, DoctorCaseError } from "./doctor-actor.ts";

/*
 * Private clinical notes on a case (docs/decisions/0011-report-audiences.md): the doctor's own
 * reasoning, kept apart from the report so that nothing in them can be signed or released. Only
 * the doctor on the case and an administrator read or write them, and every read and write is
 * audited (what happened and how long, never what the notes say). The employer has no path to
 * them; the person gets them in a subject access export.
 */

export { CLINICAL_NOTES_MAX };

type RequestOrigin = { ip: string | null; requestId: string };

/**
 * The case, if this actor may hold its notes: an administrator (with a second factor) for any
 * case, a doctor only for a case assigned to them. Anything else is `not_found`, so the answer
 * says nothing about a case the actor may not see.
 */
async function authorisedCase(db: Pick<Database, "select">, actor: Actor, referralId: string) {
  if (actor.role === "admin") {
    if (!actor.twoFactorVerified)
      throw new DoctorCaseError("second_factor", "Sign in with your authenticator code first.");
  } else assertDoctor(actor);
  if (!/^[0-9a-f-]{36}$/i.test(referralId))
    throw new DoctorCaseError("not_found", "Case not found.");
  const [row] = await db
    .select({ id: referral.id, assignedDoctorId: referral.assignedDoctorId })
    .from(referral)
    .where(eq(referral.id, referralId));
  if (!row || (actor.role !== "admin" && row.assignedDoctorId !== actor.userId))
    throw new DoctorCaseError("not_found", "Case not found.");
  return row;
}

/** The notes of a case, or "" when none were written; a read of stored notes is audited. */
export async function readClinicalNotes(
  db: Database,
  { actor, referralId, request }: { actor: Actor; referralId: string; request?: RequestOrigin },
): Promise<{ notes: string; updatedAt: Date | null }> {
  const c = await authorisedCase(db, actor, referralId);
  const [row] = await db
    .select({ notes: caseClinicalNote.notes, updatedAt: caseClinicalNote.updatedAt })
    .from(caseClinicalNote)
    .where(eq(caseClinicalNote.referralId, c.id));
  if (!row) return { notes: "", updatedAt: null };
  await recordAuditEvent(db, {
    action: "case.clinical_notes_read",
    outcome: "success",
    actor: auditActor(actor),
    object: { type: "referral", id: c.id },
    request,
  });
  return { notes: row.notes, updatedAt: row.updatedAt };
}

/** Saves (or clears, with blank text) the notes of a case. Audited with their length only. */
export async function saveClinicalNotes(
  db: Database,
  {
    actor,
    referralId,
    notes,
    request,
    now = new Date(),
  }: { actor: Actor; referralId: string; notes: string; request?: RequestOrigin; now?: Date },
): Promise<{ ok: true; updatedAt: Date } | { ok: false; message: string }> {
  const text = notes.replace(/\r\n/g, "\n").trim();
  if (text.length > CLINICAL_NOTES_MAX)
    return {
      ok: false,
      message: `Private notes must be at most ${CLINICAL_NOTES_MAX.toLocaleString("en-GB")} characters.`,
    };
  return db.transaction(async (tx) => {
    const c = await authorisedCase(tx, actor, referralId);
    if (text) {
      await tx
        .insert(caseClinicalNote)
        .values({ referralId: c.id, doctorId: actor.userId, notes: text, updatedAt: now })
        .onConflictDoUpdate({
          target: caseClinicalNote.referralId,
          set: { notes: text, doctorId: actor.userId, updatedAt: now },
        });
    } else {
      await tx.delete(caseClinicalNote).where(eq(caseClinicalNote.referralId, c.id));
    }
    await recordAuditEvent(tx, {
      action: text ? "case.clinical_notes_saved" : "case.clinical_notes_cleared",
      outcome: "success",
      actor: auditActor(actor),
      object: { type: "referral", id: c.id },
      request,
      details: { length: text.length },
    });
    return { ok: true as const, updatedAt: now };
  });
}
