import { and, eq } from "drizzle-orm";
import { caseClinicalNote, referral } from "~/db/schema/index.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { isRole, requireAdmin, requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleClinicalNotes, visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { isUuid } from "~/lib/ids.ts";
import { auditCase, caseNotFound } from "./case-access.server.ts";
import { CLINICAL_NOTES_MAX } from "./clinical-notes.ts";

/*
 * Private clinical notes on a case (docs/decisions/0011-report-audiences.md): the doctor's own
 * reasoning, kept apart from the report so that nothing in them can be signed or released. Only
 * the doctor on the case and an administrator read or write them, and every read and write is
 * audited (what happened and how long, never what the notes say). The employer has no path to
 * them; the person gets them in a subject access export.
 */

export { CLINICAL_NOTES_MAX };

/**
 * The case, if this actor may hold its notes: an administrator (with a second factor) for any
 * case, a doctor only for a case assigned to them. Anything else is `not_found`, so the answer
 * says nothing about a case the actor may not see.
 */
async function authorisedCase(db: Executor, scope: Scope, referralId: string) {
  const admin = isRole(scope, "admin");
  const { actor } = admin ? requireAdmin(scope) : requireDoctor(scope);
  if (!isUuid(referralId)) throw caseNotFound();
  const [row] = await db
    .select({ id: referral.id })
    .from(referral)
    .where(
      and(
        eq(referral.id, referralId),
        visibleReferrals(scope),
        admin ? undefined : eq(referral.assignedDoctorId, actor.userId),
      ),
    );
  if (!row) throw caseNotFound();
  return { ...row, actor };
}

/** The notes of a case, or "" when none were written; a read of stored notes is audited. */
export async function readClinicalNotes(
  scope: Scope,
  referralId: string,
): Promise<{ notes: string; updatedAt: Date | null }> {
  const { db } = scope;
  const c = await authorisedCase(db, scope, referralId);
  const [row] = await db
    .select({ notes: caseClinicalNote.notes, updatedAt: caseClinicalNote.updatedAt })
    .from(caseClinicalNote)
    .where(and(eq(caseClinicalNote.referralId, c.id), visibleClinicalNotes(scope)));
  if (!row) return { notes: "", updatedAt: null };
  await auditCase(db, scope, c.id, "case.clinical_notes_read");
  return { notes: row.notes, updatedAt: row.updatedAt };
}

/** Saves (or clears, with blank text) the notes of a case. Audited with their length only. */
export async function saveClinicalNotes(
  scope: Scope,
  { referralId, notes }: { referralId: string; notes: string },
): Promise<{ ok: true; updatedAt: Date } | { ok: false; message: string }> {
  const text = notes.replace(/\r\n/g, "\n").trim();
  if (text.length > CLINICAL_NOTES_MAX)
    return {
      ok: false,
      message: `Private notes must be at most ${CLINICAL_NOTES_MAX.toLocaleString("en-GB")} characters.`,
    };
  const { db, now } = scope;
  return db.transaction(async (tx) => {
    const c = await authorisedCase(tx, scope, referralId);
    const { actor } = c;
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
    await auditCase(
      tx,
      scope,
      c.id,
      text ? "case.clinical_notes_saved" : "case.clinical_notes_cleared",
      { length: text.length },
    );
    return { ok: true as const, updatedAt: now };
  });
}
