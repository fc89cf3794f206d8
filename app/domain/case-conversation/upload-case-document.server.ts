import { createHash } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import {
  type CaseAuthorRole,
  type CaseDocumentKind,
  type CaseThread,
  caseDocument,
  organisation,
  referral,
} from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { ownCase } from "~/domain/doctor/case-access.server.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import { transactionWithMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { referralRecipients } from "~/domain/referrals/employer-notice.server.ts";
import { employerReferralByKey } from "~/domain/referrals/get-referral.server.ts";
import { FileScanUnavailableError } from "~/services/files/file-scanner.ts";
import { MAX_CASE_DOCUMENTS_BYTES, MAX_DOCUMENT_BYTES } from "~/services/files/limits.ts";
import { wordDocumentText } from "~/services/files/office-package.server.ts";
import { verifyDocumentContent } from "~/services/files/verify-content.server.ts";
import { assignedDoctorEmail, authorNameOf, requireThreadOpen } from "./case-thread.server.ts";
import { documentNoticeEmail } from "./conversation-emails.ts";
import { employerDisclosureGate } from "./employer-disclosure.server.ts";

type UploadResult = { ok: true; documentId: string } | { ok: false; message: string };

interface DocumentUpload {
  /** The referral: its id, or (for the employer) its public reference. Ignored for the person. */
  referralKey: string;
  kind: CaseDocumentKind;
  fileName: string;
  bytes: Uint8Array;
  /** The employer's choice: the person may read it too. */
  sharedWithPerson?: boolean;
  /** The doctor's choice of thread; the employer's is theirs, the person's theirs. */
  thread?: CaseThread;
  /**
   * The doctor's confirmation, for a document to the employer, that it tells them nothing clinical
   * the person has not agreed to share: the gate reads a name and a Word document's words, never
   * a scan or a photo, so the doctor's own reading stands behind what it cannot.
   */
  attested?: boolean;
}

/** Why a doctor's document to the employer waits for the doctor's confirmation. */
const DOCTOR_DOCUMENT_ATTESTATION =
  "Confirm that you have read this document and that it tells the employer nothing clinical the employee has not agreed to share.";

/** The case as an upload needs it, found through the uploader's own visibility. */
interface UploadCase {
  id: string;
  status: (typeof referral.$inferSelect)["status"];
  reference: string;
  urgent: boolean;
  organisationId: string;
  ownerId: string;
  subjectName: string;
  assignedDoctorId: string | null;
}

const caseColumns = {
  id: referral.id,
  status: referral.status,
  reference: referral.reference,
  urgent: referral.urgent,
  organisationId: referral.organisationId,
  ownerId: referral.ownerId,
  subjectName: referral.subjectName,
  assignedDoctorId: referral.assignedDoctorId,
};

/** The one case `where` finds (locked for the transaction when asked), or not found. */
async function caseWhere(tx: Tx, where: SQL | undefined, lock: boolean): Promise<UploadCase> {
  const query = tx.select(caseColumns).from(referral).where(where);
  const [row] = lock ? await query.for("update", { of: referral }) : await query;
  if (!row) throw new DomainError("not_found", "Case not found.");
  return row;
}

/** The uploader, the thread the document goes to, and the case it is on. */
async function uploaderOf(tx: Tx, scope: Scope, upload: DocumentUpload, lock: boolean) {
  const { actor } = scope;
  switch (actor.role) {
    case "employer":
      return {
        side: "employer" as const,
        role: actor.memberRole as CaseAuthorRole,
        userId: actor.userId as string | null,
        name: await authorNameOf(tx, actor.userId),
        thread: "employer_doctor" as CaseThread,
        sharedWithPerson: upload.sharedWithPerson === true,
        row: await caseWhere(tx, employerReferralByKey(scope, upload.referralKey), lock),
      };
    case "doctor":
      return {
        side: "doctor" as const,
        role: "doctor" as CaseAuthorRole,
        userId: actor.userId as string | null,
        name: await authorNameOf(tx, actor.userId),
        thread: upload.thread ?? ("employer_doctor" as CaseThread),
        sharedWithPerson: false,
        // The doctor on the case only: another doctor's is not found.
        row: await ownCase(tx, requireDoctor(scope), upload.referralKey, { lock }),
      };
    case "subject": {
      const row = await caseWhere(tx, visibleReferrals(scope), lock);
      return {
        side: "subject" as const,
        role: "person" as CaseAuthorRole,
        userId: null,
        name: row.subjectName,
        thread: "person_doctor" as CaseThread,
        sharedWithPerson: false,
        row,
      };
    }
    default:
      throw new DomainError("forbidden", "Only the people on a case may send it documents.");
  }
}

/**
 * Whether this caller is one who may send this case a document at all (the case is theirs to
 * see), before their form is read: another organisation's, or another doctor's, is not found
 * whatever the form holds. Whether the thread is open now is the upload's own check.
 */
export async function reachUploadCase(scope: Scope, { referralKey }: { referralKey: string }) {
  await scope.db.transaction((tx) =>
    uploaderOf(
      tx,
      scope,
      { referralKey, kind: "other", fileName: "", bytes: new Uint8Array() },
      false,
    ),
  );
}

/**
 * Someone on a case sends it a document (docs/architecture.md §4, "The case conversation"): a
 * member of the organisation who may see the referral, the doctor on the case, or the person
 * holding its link, while the lifecycle table lets them write. The file is judged by its content
 * (PDF, PNG, JPEG or Word only; 10 MB a file, 50 MB a case), checked for active content and, where
 * configured, by ClamAV, then sealed in the database with its SHA-256. Who may read it follows from
 * the thread: the employer's documents go to the doctor (and to the person if shared), the
 * person's to the doctor only, the doctor's to the thread they chose. The other side is e-mailed
 * that a document is waiting, with no name and no content. Each upload, and each refusal of a
 * file, is audited without the file's name.
 */
export async function uploadCaseDocument(
  scope: Scope,
  upload: DocumentUpload,
): Promise<UploadResult> {
  const { now } = scope;
  if (upload.bytes.length === 0) return { ok: false, message: "Choose a file to send." };
  if (upload.bytes.length > MAX_DOCUMENT_BYTES)
    return { ok: false, message: "This file is larger than 10 MB, the most a document may be." };
  // Who may send to this case is settled before anything is read of the file.
  const first = await scope.db.transaction((tx) => uploaderOf(tx, scope, upload, false));
  const refuse = async (message: string, reason: string) => {
    await recordAuditEventAs(scope, {
      action: "conversation.document_refused",
      object: { type: "referral", id: first.row.id },
      organisationId: first.row.organisationId,
      outcome: "failure",
      details: { reason, size: upload.bytes.length },
    });
    return { ok: false as const, message };
  };
  const toEmployer = first.side === "doctor" && first.thread === "employer_doctor";
  if (toEmployer && !upload.attested) return { ok: false, message: DOCTOR_DOCUMENT_ATTESTATION };
  const verified = await verifyDocumentContent(upload.bytes);
  if (!verified.ok) return refuse(verified.reason, "type");
  let scanned: Awaited<ReturnType<Scope["adapters"]["fileScanner"]["scan"]>>;
  try {
    scanned = await scope.adapters.fileScanner.scan(upload.bytes, { fileName: upload.fileName });
  } catch (error) {
    if (error instanceof FileScanUnavailableError) return { ok: false, message: error.userMessage };
    throw error;
  }
  if (!scanned.clean) return refuse(scanned.reason, scanned.signature ? "virus" : "active-content");

  return transactionWithMail(scope, async (tx, queue) => {
    const who = await uploaderOf(tx, scope, upload, true);
    await requireThreadOpen(tx, scope, who.side, who.row);
    const [held] = await tx
      .select({ bytes: sql<number>`coalesce(sum(${caseDocument.size}), 0)::int` })
      .from(caseDocument)
      .where(eq(caseDocument.referralId, who.row.id));
    if (who.side === "doctor" && who.thread === "employer_doctor") {
      const refusals = await employerDocumentRefusals(
        tx,
        scope,
        who.row,
        upload,
        verified.extension,
      );
      if (refusals.length > 0) {
        // By count, never with the words found or the file's name.
        await recordAuditEventAs(
          scope,
          {
            action: "conversation.document_refused",
            object: { type: "referral", id: who.row.id },
            outcome: "failure",
            details: { reason: "disclosure", findings: refusals.length, size: upload.bytes.length },
          },
          tx,
        );
        return {
          ok: false as const,
          message: `This document would tell the employer clinical detail the employee has not agreed to share (${refusals.join(" ")}). Nothing was sent.`,
        };
      }
    }
    if ((held?.bytes ?? 0) + upload.bytes.length > MAX_CASE_DOCUMENTS_BYTES)
      return {
        ok: false as const,
        message: "This case already holds close to 50 MB of documents, the most a case may hold.",
      };
    const [document] = await tx
      .insert(caseDocument)
      .values({
        referralId: who.row.id,
        thread: who.thread,
        kind: upload.kind,
        uploaderUserId: who.userId,
        uploaderRole: who.role,
        uploaderName: who.name,
        sharedWithPerson: who.sharedWithPerson,
        fileName: upload.fileName.slice(0, 255) || "document",
        contentType: verified.mime,
        size: upload.bytes.length,
        sha256: createHash("sha256").update(upload.bytes).digest("hex"),
        content: Buffer.from(upload.bytes).toString("base64"),
        scannedBy: scope.adapters.fileScanner.name,
        uploadedAt: now,
      })
      .returning({ id: caseDocument.id });
    const details = {
      documentId: document!.id,
      thread: who.thread,
      kind: upload.kind,
      contentType: verified.mime,
      size: upload.bytes.length,
      sharedWithPerson: who.sharedWithPerson,
    };
    await recordAuditEventAs(
      scope,
      {
        action: "conversation.document_sent",
        object: { type: "referral", id: who.row.id },
        details,
      },
      tx,
    );
    await queue(await noticesOf(tx, scope, who.side, who.thread, who.row), {
      referralId: who.row.id,
    });
    return { ok: true as const, documentId: document!.id };
  });
}

/**
 * The disclosure gate on a doctor's document to the employer, as on a message: its name, and a
 * Word document's words. A PDF's or a picture's content is the doctor's confirmation's to vouch for.
 */
async function employerDocumentRefusals(
  tx: Tx,
  scope: Scope,
  row: UploadCase,
  upload: DocumentUpload,
  extension: string,
): Promise<string[]> {
  const gate = await employerDisclosureGate(tx, requireDoctor(scope), row);
  const name = upload.fileName.replace(/\.[a-z0-9]+$/i, "").replace(/[_-]+/g, " ");
  const words = extension === "docx" ? wordDocumentText(upload.bytes) : null;
  return [...gate(name), ...(words ? gate(words) : [])];
}

/** Who is told a document is waiting: the doctor, or the employer's people on the referral. */
async function noticesOf(
  tx: Tx,
  scope: Scope,
  side: "employer" | "doctor" | "subject",
  thread: CaseThread,
  row: UploadCase,
) {
  if (side === "doctor") {
    // The person reads the doctor's documents on their link page; the employer is e-mailed.
    if (thread !== "employer_doctor") return [];
    const recipients = await referralRecipients(tx, row);
    return recipients.map((to) => ({
      to,
      ...documentNoticeEmail({
        reference: row.reference,
        urgent: row.urgent,
        from: "The occupational health doctor",
        url: new URL(
          `/employer-referrals/${row.id}/documents`,
          scope.adapters.publicUrl,
        ).toString(),
      }),
    }));
  }
  const doctorEmail = await assignedDoctorEmail(tx, row.assignedDoctorId);
  if (!doctorEmail) return [];
  const [org] = await tx
    .select({ name: organisation.name })
    .from(organisation)
    .where(eq(organisation.id, row.organisationId));
  return [
    {
      to: doctorEmail,
      ...documentNoticeEmail({
        reference: row.reference,
        urgent: row.urgent,
        from: side === "subject" ? "The employee" : (org?.name ?? "The employer"),
        url: new URL(`/doctor/cases/${row.id}/documents`, scope.adapters.publicUrl).toString(),
      }),
    },
  ];
}
