import { eq, like, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { auditEvent, referral } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { exportSubjectData } from "~/domain/governance/export-subject-data.server.ts";
import { createScope } from "~/domain/kernel/scope.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { createInvitedReferralForTest } from "~tests/support/assessments.ts";
import { doctorActor } from "~tests/support/consultations.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { scopeFor } from "~tests/support/doctor.ts";
import { CLINICAL_NOTES_MAX, readClinicalNotes } from "./clinical-notes.server.ts";
import { saveClinicalNotes } from "./save-clinical-notes.server.ts";

const database = testDatabaseForFile();

const doctor = (userId: string, extra: Partial<Actor> = {}): Actor => ({
  ...doctorActor(userId),
  ...extra,
});
const admin: Actor = {
  userId: "admin-notes",
  role: "admin",
  organisationId: null,
  memberRole: null,
  doctorActive: null,
  twoFactorVerified: true,
};
const request = { ip: "198.51.100.9", requestId: "req-notes" };

/** The doctor saves the case's notes through the notes form, signed in with a second factor. */
const saveAsDoctor = (doctorId: string, referralId: string, notes: string) =>
  saveClinicalNotes(scopeFor(database.db, doctor(doctorId)), { referralId, notes });

/** A case in review with `doctorId` on it, for a person at `email`. */
async function caseOf(doctorId: string, email: string) {
  const { referral: r, actor } = await createInvitedReferralForTest(database.db, {
    type: "management",
  });
  await database.db
    .update(referral)
    .set({ status: "in_review", assignedDoctorId: doctorId, subjectEmail: email })
    .where(eq(referral.id, r.id));
  return { id: r.id, reference: r.reference, organisationId: actor.organisationId };
}

describe("private clinical notes", () => {
  it("are written and read by the doctor on the case, sealed at rest, each access audited without content", async () => {
    const c = await caseOf("doc-a", "notes-a@example.org");
    const text = "SECRET-NOTE: query bipolar II, ask GP for letter";
    const saved = await saveClinicalNotes(
      scopeFor(database.db, doctor("doc-a"), undefined, request),
      {
        referralId: c.id,
        notes: `  ${text}\r\n`,
      },
    );
    expect(saved.ok).toBe(true);

    const raw = (await database.db.execute(
      sql`select notes from case_clinical_note where referral_id = ${c.id}`,
    )) as unknown as { rows: { notes: string }[] };
    expect(raw.rows[0]?.notes).toMatch(/^enc:v1:/);
    expect(raw.rows[0]?.notes).not.toContain("SECRET");

    const read = await readClinicalNotes(
      scopeFor(database.db, doctor("doc-a"), undefined, request),
      c.id,
    );
    expect(read.notes).toBe(text);

    // Saving again replaces the one text of the case.
    await saveClinicalNotes(scopeFor(database.db, doctor("doc-a"), undefined, request), {
      referralId: c.id,
      notes: `${text} (revised)`,
    });
    expect(
      (await readClinicalNotes(scopeFor(database.db, doctor("doc-a"), undefined, request), c.id))
        .notes,
    ).toBe(`${text} (revised)`);

    const events = await database.db
      .select()
      .from(auditEvent)
      .where(like(auditEvent.action, "case.clinical_notes_%"));
    const mine = events.filter((e) => e.objectId === c.id);
    expect(mine.map((e) => e.action).sort()).toEqual([
      "case.clinical_notes_read",
      "case.clinical_notes_read",
      "case.clinical_notes_saved",
      "case.clinical_notes_saved",
    ]);
    expect(mine.find((e) => e.requestId === "req-notes")?.actorId).toBe("doc-a");
    expect(JSON.stringify(mine)).not.toContain("SECRET");
  });

  it("are refused to another doctor, an employer and anyone without a second factor", async () => {
    const c = await caseOf("doc-b", "notes-b@example.org");
    await saveAsDoctor("doc-b", c.id, "SECRET-B");
    const refused: Actor[] = [
      doctor("doc-other"),
      doctor("doc-b", { twoFactorVerified: false }),
      doctor("doc-b", { doctorActive: false }),
      { ...admin, twoFactorVerified: false },
      {
        userId: "employer-1",
        role: "employer",
        organisationId: c.organisationId,
        memberRole: "owner",
        doctorActive: null,
        twoFactorVerified: true,
      },
    ];
    for (const actor of refused) {
      await expect(readClinicalNotes(scopeFor(database.db, actor), c.id)).rejects.toThrow();
      await expect(
        saveClinicalNotes(scopeFor(database.db, actor), { referralId: c.id, notes: "overwritten" }),
      ).rejects.toThrow();
    }
    // Another doctor's case answers exactly as a case that does not exist.
    await expect(
      readClinicalNotes(scopeFor(database.db, doctor("doc-other")), c.id),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      readClinicalNotes(
        scopeFor(database.db, doctor("doc-other")),
        "00000000-0000-4000-8000-000000000000",
      ),
    ).rejects.toMatchObject({ code: "not_found" });
    // An administrator reads them; the text is untouched by the refused writes.
    expect((await readClinicalNotes(scopeFor(database.db, admin), c.id)).notes).toBe("SECRET-B");
  });

  it("refuse over-long text and clear on blank", async () => {
    const c = await caseOf("doc-c", "notes-c@example.org");
    const long = await saveAsDoctor("doc-c", c.id, "x".repeat(CLINICAL_NOTES_MAX + 1));
    expect(long.ok).toBe(false);
    await saveAsDoctor("doc-c", c.id, "A");
    await saveAsDoctor("doc-c", c.id, " ");
    expect(await readClinicalNotes(scopeFor(database.db, doctor("doc-c")), c.id)).toEqual({
      notes: "",
      updatedAt: null,
    });
  });

  it("are part of the person's subject access export, and nobody else's", async () => {
    const mineCase = await caseOf("doc-d", "dana@example.org");
    const otherCase = await caseOf("doc-d", "eli@example.org");
    await saveAsDoctor("doc-d", mineCase.id, "DANA-NOTE: reassess in 6 weeks");
    await saveAsDoctor("doc-d", otherCase.id, "ELI-NOTE");
    const result = await exportSubjectData(
      createScope(
        database.db,
        { role: "admin", userId: admin.userId, twoFactorVerified: true },
        request,
        testAdapters(),
      ),
      "dana@example.org",
    );
    const files = unzipSync(result.zip);
    const notesFile = files[`referrals/${mineCase.reference}/clinical-notes.json`];
    expect(notesFile).toBeDefined();
    expect(JSON.parse(strFromU8(notesFile!)).notes).toBe("DANA-NOTE: reassess in 6 weeks");
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join("\n");
    expect(everything).not.toContain("ELI-NOTE");
    expect(everything).not.toContain("enc:v1:");
  });
});
