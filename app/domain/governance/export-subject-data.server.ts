import { createHash } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { columnsOf } from "~/db/columns-of.ts";
import {
  assessmentConsent,
  assessmentInvitation,
  auditEvent,
  caseClinicalNote,
  caseDocument,
  caseMessage,
  caseReview,
  contactMessage,
  doctorProfile,
  draftReport,
  interestRegistration,
  member,
  organisation,
  questionnaireResponse,
  referral,
  report,
  reportVersion,
  retentionErasure,
  session,
  user,
} from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { auditActorOf } from "~/domain/kernel/actor.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { personsThreadItems } from "~/domain/kernel/thread-items.ts";
import {
  visibleCaseDocuments,
  visibleCaseMessages,
  visibleClinicalNotes,
  visibleDraftReports,
  visibleQuestionnaireResponses,
  visibleReferrals,
  visibleReports,
} from "~/domain/kernel/visibility.server.ts";
import {
  referralRequestColumns,
  referralSummaryColumns,
} from "~/domain/referrals/referral-columns.ts";

function normaliseSubjectEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The audit trail outlives erasure, so it names the person by a hash of the address only. */
export function subjectKey(email: string): string {
  return createHash("sha256").update(normaliseSubjectEmail(email)).digest("hex");
}

interface SubjectExport {
  zip: Uint8Array;
  fileName: string;
  summary: { referrals: number; pdfs: number; account: boolean; enquiries: number };
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/**
 * A subject access export (UK GDPR Art. 15, ADR 0008): everything held about one person, found by
 * e-mail address, as a ZIP of JSON files and the released report PDFs. It is built from explicit
 * field lists, never whole rows, so nothing about anyone else goes in: no employer staff ids, no
 * other person's contact details, no token hashes, session tokens or password data. Audited.
 */
export async function exportSubjectData(
  scope: Scope,
  subjectEmail: string,
): Promise<SubjectExport> {
  const { db, now, actor, origin } = requireAdmin(scope);
  const email = normaliseSubjectEmail(subjectEmail);
  const files: Record<string, Uint8Array> = {};
  let pdfs = 0;

  const referrals = await db
    .select({
      ...referralSummaryColumns,
      subjectEmail: referral.subjectEmail,
      employer: organisation.name,
      ...referralRequestColumns,
      ...columnsOf(referral, [
        "createdAt",
        "invitedAt",
        "startedAt",
        "submittedAt",
        "reportSentAt",
        "completedAt",
        "closedAt",
      ]),
      healthDataErasedAt: retentionErasure.erasedAt,
    })
    .from(referral)
    .leftJoin(organisation, eq(organisation.id, referral.organisationId))
    .leftJoin(retentionErasure, eq(retentionErasure.referralId, referral.id))
    .where(and(sql`lower(trim(${referral.subjectEmail})) = ${email}`, visibleReferrals(scope)))
    .orderBy(asc(referral.createdAt));

  for (const r of referrals) {
    const dir = `referrals/${r.reference}`;
    const { id, ...referralFields } = r;
    files[`${dir}/referral.json`] = json(referralFields);

    files[`${dir}/invitations.json`] = json(
      await db
        .select(
          columnsOf(assessmentInvitation, [
            "createdAt",
            "expiresAt",
            "lastOpenedAt",
            "remindersSent",
            "revokedAt",
          ]),
        )
        .from(assessmentInvitation)
        .where(eq(assessmentInvitation.referralId, id))
        .orderBy(asc(assessmentInvitation.createdAt)),
    );
    files[`${dir}/consents.json`] = json(
      await db
        .select(columnsOf(assessmentConsent, ["decision", "consentVersion", "decidedAt"]))
        .from(assessmentConsent)
        .where(eq(assessmentConsent.referralId, id))
        .orderBy(asc(assessmentConsent.decidedAt)),
    );

    // The review dates the case's released report set (docs/architecture.md §4, "Reviews due"):
    // held about the person like the case's other dates.
    const reviews = await db
      .select(columnsOf(caseReview, ["kind", "dueOn", "reportVersion", "remindedAt"]))
      .from(caseReview)
      .where(eq(caseReview.referralId, id))
      .orderBy(asc(caseReview.dueOn));
    if (reviews.length > 0) files[`${dir}/reviews.json`] = json(reviews);

    const [response] = await db
      .select(
        columnsOf(questionnaireResponse, [
          "definitionUrl",
          "definitionVersion",
          "status",
          "buildContext",
          "answers",
          "transcript",
          "safetyLevel",
          "safetyReasons",
          "createdAt",
          "updatedAt",
          "completedAt",
        ]),
      )
      .from(questionnaireResponse)
      .where(and(eq(questionnaireResponse.referralId, id), visibleQuestionnaireResponses(scope)));
    if (response) files[`${dir}/questionnaire-response.json`] = json(response);

    const drafts = await db
      .select({
        drafter: draftReport.drafterId,
        model: draftReport.drafterModel,
        version: draftReport.drafterVersion,
        draft: draftReport.draft,
        createdAt: draftReport.createdAt,
      })
      .from(draftReport)
      .where(and(eq(draftReport.referralId, id), visibleDraftReports(scope)))
      .orderBy(asc(draftReport.createdAt));
    if (drafts.length > 0) files[`${dir}/draft-reports.json`] = json(drafts);

    // The doctor's private clinical notes: never in the report, but held about the person.
    const [notes] = await db
      .select(columnsOf(caseClinicalNote, ["notes", "createdAt", "updatedAt"]))
      .from(caseClinicalNote)
      .where(and(eq(caseClinicalNote.referralId, id), visibleClinicalNotes(scope)));
    if (notes) files[`${dir}/clinical-notes.json`] = json(notes);

    // The case conversation as the person reads it (docs/architecture.md §4, "The case
    // conversation"): their thread with the doctor, and what the doctor shared with them of the
    // employer's thread.
    const messages = await db
      .select(columnsOf(caseMessage, ["thread", "authorRole", "authorName", "body", "sentAt"]))
      .from(caseMessage)
      .where(and(personsThreadItems(caseMessage, id), visibleCaseMessages(scope)))
      .orderBy(asc(caseMessage.sentAt));
    if (messages.length > 0) files[`${dir}/messages.json`] = json(messages);

    // The documents the person sent, the doctor's in their thread, and the employer's shared with
    // them: a list, and each file under the name it was sent with.
    const documents = await db
      .select({
        id: caseDocument.id,
        kind: caseDocument.kind,
        fileName: caseDocument.fileName,
        contentType: caseDocument.contentType,
        size: caseDocument.size,
        sha256: caseDocument.sha256,
        uploaderRole: caseDocument.uploaderRole,
        uploaderName: caseDocument.uploaderName,
        uploadedAt: caseDocument.uploadedAt,
        content: caseDocument.content,
      })
      .from(caseDocument)
      .where(and(personsThreadItems(caseDocument, id), visibleCaseDocuments(scope)))
      .orderBy(asc(caseDocument.uploadedAt));
    if (documents.length > 0) {
      files[`${dir}/documents.json`] = json(documents.map(({ content: _, ...d }) => d));
      documents.forEach((d, i) => {
        const name = d.fileName.replace(/^.*[\\/]/, "").replace(/[^\w .()-]/g, "_") || "document";
        files[`${dir}/documents/${i + 1}-${name}`] = new Uint8Array(
          Buffer.from(d.content, "base64"),
        );
      });
    }

    const [rep] = await db
      .select(
        columnsOf(report, ["id", "reference", "status", "createdAt", "releasedAt", "withheldAt"]),
      )
      .from(report)
      .where(and(eq(report.referralId, id), visibleReports(scope)));
    if (rep) {
      const versions = await db
        .select(
          columnsOf(reportVersion, [
            "version",
            "body",
            "authorName",
            "authorGmcNumber",
            "signedAt",
            "sentAt",
            "subjectDecision",
            "subjectComment",
            "diagnosisReleased",
            "disclosures",
            "decidedAt",
            "pdf",
            "pdfSha256",
          ]),
        )
        .from(reportVersion)
        .where(eq(reportVersion.reportId, rep.id))
        .orderBy(asc(reportVersion.version));
      const { id: _reportId, ...reportFields } = rep;
      files[`${dir}/report.json`] = json({
        ...reportFields,
        versions: versions.map(({ pdf, ...v }) => ({
          ...v,
          pdfFile: pdf ? `report-${rep.reference}-v${v.version}.pdf` : null,
        })),
      });
      for (const v of versions) {
        if (!v.pdf) continue;
        files[`${dir}/report-${rep.reference}-v${v.version}.pdf`] = new Uint8Array(v.pdf);
        pdfs += 1;
      }
    }
  }

  const [account] = await db
    .select(
      columnsOf(user, [
        "id",
        "name",
        "firstName",
        "lastName",
        "email",
        "emailVerified",
        "role",
        "twoFactorEnabled",
        "createdAt",
        "updatedAt",
      ]),
    )
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  if (account) {
    const memberships = await db
      .select({ organisation: organisation.name, role: member.role, since: member.createdAt })
      .from(member)
      .innerJoin(organisation, eq(organisation.id, member.organisationId))
      .where(eq(member.userId, account.id));
    const [doctor] = await db
      .select(columnsOf(doctorProfile, ["gmcNumber", "specialty", "active", "createdAt"]))
      .from(doctorProfile)
      .where(eq(doctorProfile.userId, account.id));
    const sessions = await db
      .select(columnsOf(session, ["createdAt", "expiresAt", "ipAddress", "userAgent"]))
      .from(session)
      .where(eq(session.userId, account.id));
    // Their own actions as recorded; details are left out because they can name other people.
    const activity = await db
      .select(columnsOf(auditEvent, ["occurredAt", "action", "outcome", "ip"]))
      .from(auditEvent)
      .where(eq(auditEvent.actorId, account.id))
      .orderBy(asc(auditEvent.occurredAt))
      .limit(10_000);
    files["account/account.json"] = json({
      ...account,
      memberships,
      doctorProfile: doctor ?? null,
    });
    files["account/sessions.json"] = json(sessions);
    files["account/activity.json"] = json(activity);
  }

  const contacts = await db
    .select(columnsOf(contactMessage, ["name", "email", "company", "message", "createdAt"]))
    .from(contactMessage)
    .where(sql`lower(${contactMessage.email}) = ${email}`);
  const interests = await db
    .select(
      columnsOf(interestRegistration, ["fullName", "email", "companyName", "role", "createdAt"]),
    )
    .from(interestRegistration)
    .where(sql`lower(${interestRegistration.email}) = ${email}`);
  if (contacts.length + interests.length > 0) {
    files["enquiries.json"] = json({ contactMessages: contacts, interestRegistrations: interests });
  }

  const summary = {
    referrals: referrals.length,
    pdfs,
    account: Boolean(account),
    enquiries: contacts.length + interests.length,
  };
  files["README.json"] = json({
    subjectEmail: email,
    exportedAt: now.toISOString(),
    contents: summary,
    note:
      "Everything ReferOH holds about this person, found by e-mail address. Health data erased " +
      "under the retention policy is no longer held; its case shows healthDataErasedAt.",
  });

  await recordAuditEvent(db, {
    action: "subject-access.exported",
    outcome: "success",
    actor: auditActorOf(actor),
    object: { type: "subject", id: subjectKey(email) },
    request: origin,
    details: summary,
  });

  return {
    zip: zipSync(files, { level: 6, mtime: now }),
    fileName: `subject-access-${now.toISOString().slice(0, 10)}.zip`,
    summary,
  };
}
