import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  auditEvent,
  caseDocument,
  caseMessage,
  caseReview,
  contactMessage,
  questionnaireResponse,
  referral,
  report,
  reportVersion,
  user,
} from "~/db/schema/index.ts";
import { actorOfDoctor } from "~/domain/doctor/doctor-queue.ts";
import type { Actor } from "~/domain/kernel/actor.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { createScope } from "~/domain/kernel/scope.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { createInvitedReferralForTest } from "~tests/support/assessments.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { exportSubjectData, subjectKey } from "./export-subject-data.server.ts";

const database = testDatabaseForFile();

const admin: Actor = { role: "admin", userId: "admin-1", twoFactorVerified: true };
const request = { ip: "198.51.100.4", requestId: "req-sar" };

/** One person's case with answers and a released report with its PDF. */
async function personWithCase(name: string, email: string, secret: string) {
  const { referral: r } = await createInvitedReferralForTest(database.db, { type: "management" });
  await database.db
    .update(referral)
    .set({ subjectName: name, subjectEmail: email, reason: `Reason: ${secret}` })
    .where(eq(referral.id, r.id));
  await database.db.insert(questionnaireResponse).values({
    referralId: r.id,
    definitionUrl: "urn:test",
    definitionVersion: "1",
    derivedFrom: [],
    buildContext: { kind: "management", referralReason: `Reason: ${secret}`, version: "1" },
    status: "completed",
    answers: { condition: secret },
  });
  const [rep] = await database.db
    .insert(report)
    .values({
      reference: `REP-${r.reference.slice(-6)}`,
      referralId: r.id,
      organisationId: r.organisationId,
      type: "management",
      status: "released",
      releasedVersion: 1,
      doctorId: "doctor-1",
    })
    .returning();
  await database.db.insert(reportVersion).values({
    reportId: rep!.id,
    version: 1,
    body: { kind: "management", summary: `Opinion on ${secret}` } as never,
    authorDoctorId: "doctor-1",
    authorName: "Dr Ada Clinician",
    authorGmcNumber: "7654321",
    pdf: Buffer.from(`%PDF-1.4 report about ${secret}`),
    pdfSha256: "x",
  });
  // The case conversation: the person's thread, a message the doctor shared from the employer's
  // thread, and one they did not share.
  await database.db.insert(caseMessage).values([
    {
      referralId: r.id,
      thread: "person_doctor",
      authorRole: "person",
      authorName: name,
      body: `PERSON-THREAD ${secret}`,
    },
    {
      referralId: r.id,
      thread: "employer_doctor",
      authorRole: "doctor",
      authorName: "Dr Ada Clinician",
      body: `SHARED-WITH-PERSON ${secret}`,
      sharedWithPerson: true,
    },
    {
      referralId: r.id,
      thread: "employer_doctor",
      authorRole: "hr_admin",
      authorName: "HR",
      body: "EMPLOYER-ONLY rota question",
    },
  ]);
  // Documents: the person's own, one the employer shared with them, one it did not.
  const documentRow = (
    thread: "person_doctor" | "employer_doctor",
    fileName: string,
    text: string,
    sharedWithPerson = false,
  ) => ({
    referralId: r.id,
    thread,
    kind: "other" as const,
    uploaderRole: thread === "person_doctor" ? ("person" as const) : ("hr_admin" as const),
    uploaderName: thread === "person_doctor" ? name : "HR",
    sharedWithPerson,
    fileName,
    contentType: "application/pdf",
    size: text.length,
    sha256: "0".repeat(64),
    content: Buffer.from(text).toString("base64"),
    scannedBy: "active-content",
  });
  await database.db
    .insert(caseDocument)
    .values([
      documentRow("person_doctor", "fit note.pdf", `%PDF-1.4 FIT-NOTE ${secret}`),
      documentRow("employer_doctor", "rota.pdf", "%PDF-1.4 SHARED-ROTA", true),
      documentRow("employer_doctor", "hr notes.pdf", "%PDF-1.4 EMPLOYER-ONLY-DOC"),
    ]);
  return r;
}

describe("subject access export", () => {
  it("holds everything about the requested person and nothing about anyone else", async () => {
    const alice = await personWithCase("Alice Example", "Alice@Example.org", "ALICE-ASTHMA");
    await personWithCase("Bob Other", "bob@example.org", "BOB-BACKPAIN");
    await database.db.insert(user).values({
      id: "user-alice",
      name: "Alice Example",
      email: "alice@example.org",
      role: "employer",
    });
    await database.db.insert(contactMessage).values([
      { name: "Alice Example", email: "alice@example.org", message: "ALICE-QUESTION" },
      { name: "Bob Other", email: "bob@example.org", message: "BOB-QUESTION" },
    ]);

    const result = await exportSubjectData(
      createScope(database.db, admin, request, testAdapters()),
      " alice@EXAMPLE.org ",
    );
    const files = unzipSync(result.zip);
    const names = Object.keys(files).sort();
    expect(names).toEqual(
      [
        "README.json",
        "account/account.json",
        "account/activity.json",
        "account/sessions.json",
        "enquiries.json",
        `referrals/${alice.reference}/consents.json`,
        `referrals/${alice.reference}/invitations.json`,
        `referrals/${alice.reference}/messages.json`,
        `referrals/${alice.reference}/documents.json`,
        `referrals/${alice.reference}/documents/1-fit note.pdf`,
        `referrals/${alice.reference}/documents/2-rota.pdf`,
        `referrals/${alice.reference}/questionnaire-response.json`,
        `referrals/${alice.reference}/referral.json`,
        `referrals/${alice.reference}/report.json`,
        `referrals/${alice.reference}/report-REP-${alice.reference.slice(-6)}-v1.pdf`,
      ].sort(),
    );
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join("\n");
    // Alice's health data, decrypted, and her PDF.
    expect(everything).toContain("ALICE-ASTHMA");
    expect(everything).toContain("ALICE-QUESTION");
    expect(everything).toContain("%PDF-1.4 report about ALICE-ASTHMA");
    // Her thread with the doctor, and what the doctor shared with her; not the employer's own.
    expect(everything).toContain("PERSON-THREAD ALICE-ASTHMA");
    expect(everything).toContain("SHARED-WITH-PERSON ALICE-ASTHMA");
    expect(everything).not.toContain("EMPLOYER-ONLY");
    expect(everything).toContain("%PDF-1.4 FIT-NOTE ALICE-ASTHMA");
    expect(everything).toContain("SHARED-ROTA");
    // Nothing about Bob, nothing secret.
    expect(everything).not.toMatch(/bob/i);
    expect(everything).not.toContain("BOB-");
    expect(everything).not.toMatch(/token|tokenHash|enc:v1:/);
    expect(result.summary).toEqual({ referrals: 1, pdfs: 1, account: true, enquiries: 1 });

    const [event] = await database.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.action, "subject-access.exported"));
    expect(event).toMatchObject({
      actorId: "admin-1",
      actorRole: "admin",
      objectType: "subject",
      objectId: subjectKey("alice@example.org"),
      requestId: "req-sar",
    });
    expect(JSON.stringify(event?.details)).not.toMatch(/alice/i);
  });

  it("covers every case about the person in the organisation, under any name, with their review dates", async () => {
    const first = await personWithCase("Cara Case", "cara@example.org", "CARA-FIRST");
    const [firstReport] = await database.db
      .select({ id: report.id })
      .from(report)
      .where(eq(report.referralId, first.id));
    await database.db.insert(caseReview).values({
      referralId: first.id,
      organisationId: first.organisationId,
      reportId: firstReport!.id,
      reportVersion: 1,
      kind: "adjustment_review",
      dueOn: "2026-09-14",
    });
    // A later case in the same organisation under her married name, the address typed otherwise.
    const { referral: later } = await createInvitedReferralForTest(database.db, {
      type: "management",
    });
    await database.db
      .update(referral)
      .set({
        organisationId: first.organisationId,
        subjectName: "Cara Married",
        subjectEmail: " CARA@example.org",
      })
      .where(eq(referral.id, later.id));

    const result = await exportSubjectData(
      createScope(database.db, admin, request, testAdapters()),
      "cara@example.org",
    );
    const files = unzipSync(result.zip);
    expect(result.summary.referrals).toBe(2);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        `referrals/${first.reference}/referral.json`,
        `referrals/${first.reference}/reviews.json`,
        `referrals/${later.reference}/referral.json`,
      ]),
    );
    expect(
      JSON.parse(strFromU8(files[`referrals/${later.reference}/referral.json`]!)),
    ).toMatchObject({
      subjectName: "Cara Married",
    });
    expect(JSON.parse(strFromU8(files[`referrals/${first.reference}/reviews.json`]!))).toEqual([
      { kind: "adjustment_review", dueOn: "2026-09-14", reportVersion: 1, remindedAt: null },
    ]);
  });

  it("is refused to anyone but an administrator with a second factor", async () => {
    const refused: Actor[] = [
      { ...admin, twoFactorVerified: false },
      actorOfDoctor({ userId: "admin-1", doctorActive: true, twoFactorVerified: true }),
      {
        role: "employer",
        userId: "admin-1",
        organisationId: "org-1",
        organisationName: "Org 1",
        memberRole: "owner",
      },
      { role: "system", name: "not-an-administrator" },
    ];
    for (const actor of refused) {
      await expect(
        exportSubjectData(
          createScope(database.db, actor, request, testAdapters()),
          "alice@example.org",
        ),
      ).rejects.toBeInstanceOf(DomainError);
    }
  });
});
