import { and, eq } from "drizzle-orm";
import { caseClinicalNote } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleClinicalNotes } from "~/domain/kernel/visibility.server.ts";
import { auditCase } from "./case-access.server.ts";
import { CLINICAL_NOTES_MAX } from "./clinical-notes.ts";
import { authorisedCase } from "./clinical-notes-access.server.ts";

/*
 * Private clinical notes on a case (docs/decisions/0011-report-audiences.md): the doctor's own
 * reasoning, kept apart from the report so that nothing in them can be signed or released. Only
 * the doctor on the case and an administrator read or write them, and every read and write is
 * audited (what happened and how long, never what the notes say). The employer has no path to
 * them; the person gets them in a subject access export.
 */

export { CLINICAL_NOTES_MAX };

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
