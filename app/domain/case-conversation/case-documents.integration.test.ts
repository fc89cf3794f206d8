import { eq, sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import { auditEvent, caseDocument } from "~/db/schema/index.ts";
import { activeContentScanner } from "~/services/files/active-content-scanner.server.ts";
import { createFileScanner } from "~/services/files/scanners.server.ts";
import { caseConversationForTest, refusalCode } from "~tests/support/case-conversation.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import {
  docx,
  eicarTestFile,
  jpegBytes,
  minimalPdf,
  pdfStream,
  windowsProgram,
} from "~tests/support/documents.ts";
import { downloadCaseDocument } from "./download-case-document.server.ts";
import { getCaseDocuments } from "./get-case-documents.server.ts";
import { uploadCaseDocument } from "./upload-case-document.server.ts";

const database = testDatabaseForFile();

// ClamAV's real daemon when the integration project's global setup started one
// (tests/support/clamd-test-daemon.ts), else the active-content check alone.
const clamdSocket = inject("clamdSocket");
const scanner = clamdSocket
  ? {
      ...createFileScanner(
        loadConfig({ ...process.env, CLAMD_SOCKET: clamdSocket, CLAMD_HOST: "" }),
      ),
      name: "active-content+clamd",
    }
  : { ...activeContentScanner, name: "active-content" };

/** A case in the person's review, its HR and a manager not on it, each side's scope, and the scanner. */
async function caseWithPeople() {
  const c = await caseConversationForTest(database.db, { adapters: { fileScanner: scanner } });
  return {
    ...c,
    doctorRecord: c.doctor,
    employer: c.employerScope,
    doctor: c.doctorScope,
    person: c.personScope,
  };
}

const pdfNamed = (words: string) =>
  minimalPdf({ objects: [pdfStream(`BT /F1 12 Tf (${words}) Tj ET`)] });

describe("case documents", () => {
  it("HR's job description reaches the doctor, and the person only once shared; sealed, audited, no name in e-mails", async () => {
    const c = await caseWithPeople();
    const bytes = pdfNamed("Warehouse operative: lifting up to 20 kg");
    const sent = await uploadCaseDocument(c.employer("hr"), {
      referralKey: c.referral.reference,
      kind: "job_description",
      fileName: "Job description - warehouse.pdf",
      bytes,
    });
    expect(sent).toMatchObject({ ok: true });
    if (!sent.ok) throw new Error("unreachable");

    const forDoctor = await getCaseDocuments(c.doctor(), { referralKey: c.referral.id });
    expect(forDoctor.documents).toMatchObject([
      {
        kind: "job_description",
        fileName: "Job description - warehouse.pdf",
        contentType: "application/pdf",
        size: bytes.length,
        uploaderRole: "hr_admin",
        sharedWithPerson: false,
      },
    ]);
    const downloaded = await downloadCaseDocument(c.doctor(), {
      referralId: c.referral.id,
      documentId: sent.documentId,
    });
    expect(new Uint8Array(downloaded.bytes)).toEqual(bytes);
    expect(downloaded).toMatchObject({
      contentType: "application/pdf",
      fileName: "Job description - warehouse.pdf",
    });
    // Not the person's: the employer did not tick "share with the employee".
    expect((await getCaseDocuments(c.person(), { referralKey: "" })).documents).toEqual([]);
    expect(
      await refusalCode(
        downloadCaseDocument(c.person(), {
          referralId: c.referral.id,
          documentId: sent.documentId,
        }),
      ),
    ).toBe("not_found");
    // Shared: the person reads it too.
    await uploadCaseDocument(c.employer("hr"), {
      referralKey: c.referral.id,
      kind: "risk_assessment",
      fileName: "Risk assessment.docx",
      bytes: docx(),
      sharedWithPerson: true,
    });
    expect((await getCaseDocuments(c.person(), { referralKey: "" })).documents).toMatchObject([
      { kind: "risk_assessment", sharedWithPerson: true },
    ]);

    // Sealed at rest: neither the name nor the content is in the row.
    const raw = (await database.db.execute(
      sql`select file_name, content from case_document where referral_id = ${c.referral.id}`,
    )) as unknown as { rows: { file_name: string; content: string }[] };
    for (const row of raw.rows) {
      expect(row.file_name).toMatch(/^enc:v1:/);
      expect(row.content).toMatch(/^enc:v1:/);
    }
    // The doctor is told, with neither the name nor the content.
    const toDoctor = c.mailer.sent.filter((m) => m.to === c.doctorRecord.email);
    expect(toDoctor.length).toBe(2);
    expect(JSON.stringify(toDoctor)).not.toMatch(/warehouse|Risk assessment\.docx/i);
    const audit = await database.db
      .select({ action: auditEvent.action, details: auditEvent.details })
      .from(auditEvent)
      .where(eq(auditEvent.objectId, c.referral.id));
    expect(audit.filter((a) => a.action === "conversation.document_sent")).toHaveLength(2);
    expect(audit.some((a) => a.action === "conversation.document_downloaded")).toBe(true);
    expect(JSON.stringify(audit)).not.toMatch(/warehouse/i);
  });

  it("the person's fit note is the doctor's only: never the employer's, whoever asks", async () => {
    const c = await caseWithPeople();
    const sent = await uploadCaseDocument(c.person(), {
      referralKey: "",
      kind: "fit_note",
      fileName: "fit note.jpg",
      bytes: jpegBytes,
    });
    expect(sent).toMatchObject({ ok: true });
    if (!sent.ok) throw new Error("unreachable");
    expect(
      (await getCaseDocuments(c.doctor(), { referralKey: c.referral.id })).documents,
    ).toMatchObject([{ kind: "fit_note", uploaderRole: "person", contentType: "image/jpeg" }]);
    expect(
      (await getCaseDocuments(c.employer("hr"), { referralKey: c.referral.id })).documents,
    ).toEqual([]);
    expect(
      await refusalCode(
        downloadCaseDocument(c.employer("hr"), {
          referralId: c.referral.id,
          documentId: sent.documentId,
        }),
      ),
    ).toBe("not_found");
    // A manager not on the case, and another doctor, reach nothing of the case at all.
    const other = await caseWithPeople();
    const outsiders = [
      () => getCaseDocuments(c.employer("stranger"), { referralKey: c.referral.id }),
      () => getCaseDocuments(c.doctor(other.doctorRecord.id), { referralKey: c.referral.id }),
      () =>
        uploadCaseDocument(c.employer("stranger"), {
          referralKey: c.referral.id,
          kind: "other",
          fileName: "x.pdf",
          bytes: minimalPdf(),
        }),
    ];
    for (const work of outsiders) expect(await refusalCode(work())).toBe("not_found");
    // The doctor's document in the person's thread is the person's to read, not the employer's.
    const fromDoctor = await uploadCaseDocument(c.doctor(), {
      referralKey: c.referral.id,
      kind: "other",
      fileName: "Leaflet on sleep.pdf",
      bytes: minimalPdf(),
      thread: "person_doctor",
    });
    expect(fromDoctor.ok).toBe(true);
    expect((await getCaseDocuments(c.person(), { referralKey: "" })).documents).toHaveLength(2);
    expect(
      (await getCaseDocuments(c.employer("hr"), { referralKey: c.referral.id })).documents,
    ).toEqual([]);
  });

  it("puts the doctor's document to the employer through the disclosure gate: its name, a Word document's words, and the doctor's confirmation", async () => {
    const c = await caseWithPeople();
    const toEmployer = (fileName: string, bytes: Uint8Array, attested = true) =>
      uploadCaseDocument(c.doctor(), {
        referralKey: c.referral.id,
        kind: "other",
        fileName,
        bytes,
        thread: "employer_doctor",
        attested,
      });
    const plan = docx({
      "word/document.xml": `<w:document xmlns:w="x"><w:body><w:p><w:r><w:t>Return plan: mornings only for </w:t></w:r><w:r><w:t>four weeks.</w:t></w:r></w:p></w:body></w:document>`,
    });
    // Unconfirmed: nothing is read or kept.
    expect(await toEmployer("Return plan.docx", plan, false)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Confirm that you have read this document/),
    });
    // A Word document whose words name a condition nobody agreed to share, split across runs.
    const naming = docx({
      "word/document.xml": `<w:document xmlns:w="x"><w:body><w:p><w:r><w:t>Jo's asth</w:t></w:r><w:r><w:t>ma is well controlled.</w:t></w:r></w:p></w:body></w:document>`,
    });
    const refused = await toEmployer("Return plan.docx", naming);
    expect(refused).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Nothing was sent/),
    });
    // Other wordings, in the ways Word stores them: each refused, none kept.
    for (const xml of [
      "<w:p><w:r><w:t>Low mood; depressive symptoms since March.</w:t></w:r></w:p>",
      "<w:p><w:r><w:t>Her mother has bowel cancer.</w:t></w:r></w:p>",
      "<w:p><w:del><w:r><w:delText>Jo has epilepsy.</w:delText></w:r></w:del></w:p>",
      '<w:p><w:r><w:t>On sertraline</w:t></w:r><w:r><w:t xml:space="preserve"> 50 mg.</w:t></w:r></w:p>',
      "<w:p><w:r><w:t>ＡＳＴＨＭＡ, well controlled.</w:t></w:r></w:p>",
    ]) {
      const bytes = docx({
        "word/document.xml": `<w:document xmlns:w="x"><w:body>${xml}</w:body></w:document>`,
      });
      expect(await toEmployer("Return plan.docx", bytes), xml).toMatchObject({ ok: false });
    }
    // A file's name is read as a message is.
    expect(await toEmployer("Jo_asthma_letter.pdf", minimalPdf())).toMatchObject({ ok: false });
    expect(
      (await getCaseDocuments(c.employer("hr"), { referralKey: c.referral.id })).documents,
    ).toEqual([]);
    const events = await database.db
      .select({ details: auditEvent.details })
      .from(auditEvent)
      .where(eq(auditEvent.action, "conversation.document_refused"));
    const disclosures = events.filter(
      (e) => (e.details as { reason?: string }).reason === "disclosure",
    );
    expect(disclosures.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(disclosures)).not.toMatch(/asthma|Jo_/i);
    // Confirmed, and nothing clinical in its name or words: the employer reads it.
    expect(await toEmployer("Return plan.docx", plan)).toMatchObject({ ok: true });
    expect(
      (await getCaseDocuments(c.employer("hr"), { referralKey: c.referral.id })).documents,
    ).toHaveLength(1);
  });

  it("refuses by content: a program renamed .pdf, a PDF with JavaScript, a macro document; nothing kept", async () => {
    const c = await caseWithPeople();
    const refusals: Record<string, Uint8Array> = {
      "letter.pdf": windowsProgram(),
      "scripted.pdf": minimalPdf({
        objects: ["<< /S /JavaScript /JS (app.alert(1)) >>"],
        catalogExtra: "/OpenAction 4 0 R",
      }),
      "notes.docx": docx({ "word/vbaProject.bin": new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]) }),
    };
    for (const [fileName, bytes] of Object.entries(refusals)) {
      const result = await uploadCaseDocument(c.person(), {
        referralKey: "",
        kind: "fit_note",
        fileName,
        bytes,
      });
      expect(result.ok, fileName).toBe(false);
    }
    expect(
      await uploadCaseDocument(c.person(), {
        referralKey: "",
        kind: "fit_note",
        fileName: "letter.pdf",
        bytes: windowsProgram(),
      }),
    ).toEqual({
      ok: false,
      message: "This file is not a PDF, PNG, JPEG or Word (.docx) document.",
    });
    const kept = await database.db
      .select({ id: caseDocument.id })
      .from(caseDocument)
      .where(eq(caseDocument.referralId, c.referral.id));
    expect(kept).toEqual([]);
    const refused = await database.db
      .select({ details: auditEvent.details, outcome: auditEvent.outcome })
      .from(auditEvent)
      .where(eq(auditEvent.action, "conversation.document_refused"));
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(refused)).not.toMatch(/letter\.pdf|scripted/);
  });

  it.runIf(Boolean(clamdSocket))(
    "refuses the EICAR test file through ClamAV, inside a Word document",
    async () => {
      const c = await caseWithPeople();
      const result = await uploadCaseDocument(c.employer("hr"), {
        referralKey: c.referral.id,
        kind: "job_description",
        fileName: "job.docx",
        bytes: docx({ "word/media/eicar.com": eicarTestFile() }),
      });
      expect(result).toMatchObject({ ok: false, message: expect.stringContaining("virus") });
      const [event] = await database.db
        .select({ details: auditEvent.details })
        .from(auditEvent)
        .where(eq(auditEvent.action, "conversation.document_refused"))
        .orderBy(sql`${auditEvent.occurredAt} desc`)
        .limit(1);
      expect(event?.details).toMatchObject({ reason: "virus" });
    },
  );

  it("holds at most 10 MB a file and 50 MB a case", async () => {
    const c = await caseWithPeople();
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(minimalPdf());
    expect(
      await uploadCaseDocument(c.employer("hr"), {
        referralKey: c.referral.id,
        kind: "other",
        fileName: "big.pdf",
        bytes: big,
      }),
    ).toEqual({
      ok: false,
      message: "This file is larger than 10 MB, the most a document may be.",
    });
    // 49.9 MB already on the case (as sizes: the content itself is not what is counted).
    await database.db.insert(caseDocument).values({
      referralId: c.referral.id,
      thread: "employer_doctor",
      kind: "other",
      uploaderRole: "hr_admin",
      uploaderName: "hr",
      fileName: "earlier.pdf",
      contentType: "application/pdf",
      size: 50 * 1024 * 1024 - 100,
      sha256: "0".repeat(64),
      content: "",
      scannedBy: "active-content",
    });
    expect(
      await uploadCaseDocument(c.employer("hr"), {
        referralKey: c.referral.id,
        kind: "other",
        fileName: "one more.pdf",
        bytes: minimalPdf(),
      }),
    ).toMatchObject({ ok: false, message: expect.stringContaining("50 MB") });
  });
});
