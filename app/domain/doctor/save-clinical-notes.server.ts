import { eq } from "drizzle-orm";
import { caseClinicalNote } from "~/db/schema/index.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { auditCase } from "./case-access.server.ts";
import { CLINICAL_NOTES_MAX } from "./clinical-notes.ts";
import { authorisedCase } from "./clinical-notes-access.server.ts";

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
