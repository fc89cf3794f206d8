import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, migrateDatabase, openDatabase } from "~/db/client.server.ts";
import { caseDocument, caseMessage, referral } from "~/db/schema/index.ts";
import { currentDataKeyring, isCiphertext } from "./keyring.ts";
import { resealEncryptedColumns } from "./reseal.server.ts";

/*
 * The employer's free text about the person (reason, job details, existing adjustments, notes) is
 * health data: it must never reach the database files in the clear. Always on the embedded
 * engine, whose data directory this test can read (a PostgreSQL server's is not ours to grep).
 */

/** Phrases planted in the case conversation: a message, a document's name and its content. */
const plantedConversation = {
  message: "PLANTED her GP has started her on citalopram",
  fileName: "PLANTED psychiatry letter.pdf",
  document: "PLANTED diagnosis of bipolar disorder",
};

/** Phrases planted in the free text: none may appear in any file of the data directory. */
const planted = {
  reason: "PLANTED struggling with anxiety since the restructure",
  jobDetails: "PLANTED night porter who lifts patients alone",
  existingAdjustments: "PLANTED off sick with stress, phased return agreed",
  additionalNotes: "PLANTED diabetic, needs regular breaks",
};

let dataDir: string;
let database: DatabaseHandle;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

/** Files of the data directory that hold `phrase` as UTF-8 bytes. */
function filesContaining(dir: string, phrase: string): string[] {
  const needle = Buffer.from(phrase, "utf8");
  return filesUnder(dir).filter((file) => fs.readFileSync(file).includes(needle));
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-free-text-"));
  database = await openDatabase({ kind: "pglite", dataDir });
  await migrateDatabase(database);
  await database.db.execute(
    sql`insert into organisation (id, name) values ('org-ft', 'Free Text Ltd')`,
  );
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the referral's free text and conversation at rest", () => {
  it("is sealed on write, read back as written, and found in no file of the data directory", async () => {
    const [row] = await database.db
      .insert(referral)
      .values({
        reference: "REF-900001",
        organisationId: "org-ft",
        type: "management",
        status: "draft",
        subjectName: "Robin Taylor",
        subjectEmail: "robin@example.org",
        createdBy: "user-ft",
        ownerId: "user-ft",
        ...planted,
      })
      .returning({ id: referral.id });

    const [read] = await database.db.select().from(referral).where(eq(referral.id, row!.id));
    expect(read).toMatchObject(planted);

    // The case conversation (docs/architecture.md §4): a message and a document on the case.
    const [message] = await database.db
      .insert(caseMessage)
      .values({
        referralId: row!.id,
        thread: "person_doctor",
        authorRole: "person",
        authorName: "Robin Taylor",
        body: plantedConversation.message,
      })
      .returning({ id: caseMessage.id });
    const pdf = Buffer.from(`%PDF-1.4\n${plantedConversation.document}\n%%EOF`);
    await database.db.insert(caseDocument).values({
      referralId: row!.id,
      thread: "person_doctor",
      kind: "clinical_letter",
      uploaderRole: "person",
      uploaderName: "Robin Taylor",
      fileName: plantedConversation.fileName,
      contentType: "application/pdf",
      size: pdf.length,
      sha256: "0".repeat(64),
      content: pdf.toString("base64"),
      scannedBy: "active-content",
      messageId: message!.id,
    });
    const [readMessage] = await database.db
      .select({ body: caseMessage.body })
      .from(caseMessage)
      .where(eq(caseMessage.id, message!.id));
    expect(readMessage?.body).toBe(plantedConversation.message);

    const raw = (await database.db.execute(
      sql`select reason, job_details, existing_adjustments, additional_notes from referral where id = ${row!.id}`,
    )) as unknown as { rows: Record<string, string>[] };
    for (const value of Object.values(raw.rows[0]!)) expect(isCiphertext(value)).toBe(true);

    // Everything on disk: heap, indexes and the write-ahead log.
    await database.db.execute(sql`checkpoint`);
    await database.close();
    const files = filesUnder(path.join(dataDir, "db"));
    expect(files.some((file) => file.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
    // The document is stored as base64 inside its seal: neither form of it may be on disk.
    const documentBase64 = Buffer.from(`%PDF-1.4\n${plantedConversation.document}\n%%EOF`).toString(
      "base64",
    );
    for (const phrase of [
      ...Object.values(planted),
      ...Object.values(plantedConversation),
      documentBase64,
    ]) {
      expect(filesContaining(path.join(dataDir, "db"), phrase), phrase).toEqual([]);
    }
    // The test can see plaintext when it is there: the subject's name is not sealed.
    expect(filesContaining(path.join(dataDir, "db"), "Robin Taylor").length).toBeGreaterThan(0);
    database = await openDatabase({ kind: "pglite", dataDir });
  });

  it("reseals rows written in the clear before the columns were sealed", async () => {
    // As the earlier code wrote them: plain text in the same columns.
    const created = (await database.db.execute(sql`
      insert into referral (reference, organisation_id, type, status, subject_name, subject_email,
        created_by, owner_id, reason, job_details, existing_adjustments, additional_notes)
      values ('REF-900002', 'org-ft', 'management', 'invited', 'Sam Old', 'sam@example.org',
        'user-ft', 'user-ft', 'Old reason: off sick with stress', 'Old job', 'Old adjustments', 'Old notes')
      returning id::text as id`)) as unknown as { rows: { id: string }[] };
    const id = created.rows[0]!.id;

    const counts = await resealEncryptedColumns(database.db, currentDataKeyring(), "plaintext");
    expect(counts).toMatchObject({
      "referral.reason": 1,
      "referral.job_details": 1,
      "referral.existing_adjustments": 1,
      "referral.additional_notes": 1,
    });
    const raw = (await database.db.execute(
      sql`select reason from referral where id = ${id}::uuid`,
    )) as unknown as { rows: { reason: string }[] };
    expect(isCiphertext(raw.rows[0]!.reason)).toBe(true);
    const [read] = await database.db.select().from(referral).where(eq(referral.id, id));
    expect(read).toMatchObject({
      reason: "Old reason: off sick with stress",
      jobDetails: "Old job",
      existingAdjustments: "Old adjustments",
      additionalNotes: "Old notes",
    });
  });
});
