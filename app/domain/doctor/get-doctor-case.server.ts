import { and, desc, eq } from "drizzle-orm";
import { draftReport, report, reportVersion } from "~/db/schema/index.ts";
import { definitionOfResponse } from "~/domain/assessments/assessment-instance.ts";
import { formatAnswer } from "~/domain/assessments/build-transcript.ts";
import { walkItems } from "~/domain/assessments/walk-items.ts";
import { withinQuestionWindow } from "~/domain/case-conversation/conversation-rules.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleDraftReports } from "~/domain/kernel/visibility.server.ts";
import { isClosed } from "~/domain/referrals/case-closure.ts";
import { canAct } from "~/domain/referrals/lifecycle.ts";
import { referralIssue } from "~/domain/referrals/list-referrals.server.ts";
import { auditCase, caseResponse, findVisibleReferral } from "./case-access.server.ts";
import { contactOf } from "./case-contact.ts";
import { urgentOpen } from "./doctor-queue.ts";
import { listContactAttempts } from "./list-contact-attempts.server.ts";

export interface AnswerEvidence {
  linkId: string;
  question: string;
  answer: string;
}

/**
 * Everything the doctor reads on a case: the referral, the AI draft, the transcript, the
 * answers (question text + answer, by linkId, for the evidence beside each statement), the
 * report and its versions. The read of health data is audited.
 */
export async function getDoctorCase(
  scope: Scope,
  { referralId, purpose }: { referralId: string; purpose: "queue" | "case" | "editor" },
) {
  const doctor = requireDoctor(scope);
  const { db, actor } = doctor;
  const row = await findVisibleReferral(db, doctor, referralId);
  const mine = row.assignedDoctorId === actor.userId;
  const flagged = urgentOpen(row);
  /*
   * holder: the doctor on the case; queue: a case nobody has taken in a state the open queue
   * shows (the actor's `queueStatuses`, from the lifecycle table; anyone may take it);
   * urgent: another doctor's case, visible only for its open safety flag, so this doctor sees the
   * flag, the way to reach the person and the contact log, not the draft or the report.
   */
  const access: "holder" | "queue" | "urgent" = mine
    ? "holder"
    : actor.queueStatuses.includes(row.status) && row.assignedDoctorId === null
      ? "queue"
      : "urgent";
  const clinical = access !== "urgent";
  const response = await caseResponse(db, doctor, row.id);
  const [draft] = await db
    .select()
    .from(draftReport)
    .where(and(eq(draftReport.referralId, row.id), visibleDraftReports(doctor)))
    .orderBy(desc(draftReport.createdAt))
    .limit(1);
  const [existing] = await db.select().from(report).where(eq(report.referralId, row.id));
  const versions = existing
    ? await db
        .select({
          version: reportVersion.version,
          body: reportVersion.body,
          signedAt: reportVersion.signedAt,
          sentAt: reportVersion.sentAt,
          subjectDecision: reportVersion.subjectDecision,
          subjectComment: reportVersion.subjectComment,
          decidedAt: reportVersion.decidedAt,
          disclosures: reportVersion.disclosures,
        })
        .from(reportVersion)
        .where(eq(reportVersion.reportId, existing.id))
        .orderBy(desc(reportVersion.version))
    : [];

  const answers: Record<string, AnswerEvidence> = {};
  if (clinical && response?.status === "completed") {
    const definition = definitionOfResponse(response);
    for (const { item } of walkItems(definition)) {
      const value = response.answers[item.linkId];
      if (value === undefined) continue;
      answers[item.linkId] = {
        linkId: item.linkId,
        question: item.text ?? item.linkId,
        answer: formatAnswer(item, value),
      };
    }
  }
  // The doctor on the case, and every doctor while an urgent flag is open, can reach the person.
  const contactShown = mine || flagged;
  const attempts = flagged || row.urgent ? await listContactAttempts(db, row.id) : [];
  await auditCase(db, doctor, row.id, "doctor.case_read", {
    purpose,
    // What was shown, never its content (the guard refuses health-named keys).
    access,
    draftShown: clinical && Boolean(draft),
    transcriptShown: clinical && Boolean(response?.transcript.length),
    answersShown: Object.keys(answers).length,
  });
  if (contactShown)
    await auditCase(db, doctor, row.id, "doctor.contact_details_read", {
      purpose,
      access,
      phoneShown: row.subjectPhone !== null,
    });
  // While the doctor revises (correction requested, or the new version saved but not sent), the
  // subject's comment on the version they read stays in view.
  // The latest decision only: an amendment of a released report starts after an approval, not
  // after a correction asked before it.
  const lastDecided = versions.find((v) => v.subjectDecision !== null);
  const correction =
    existing &&
    (existing.status === "correction_requested" || existing.status === "draft") &&
    lastDecided?.subjectDecision === "correction"
      ? lastDecided
      : null;
  const { subjectPhone, subjectEmail, ...referralRow } = row;
  return {
    referral: { ...referralRow, issue: referralIssue(row) },
    mine,
    access,
    urgentOpen: flagged,
    contact: contactShown ? contactOf(subjectEmail, subjectPhone) : null,
    contactAttempts: attempts,
    draft: clinical ? (draft?.draft ?? null) : null,
    transcript: clinical && response?.status === "completed" ? response.transcript : [],
    safety: response ? { level: response.safetyLevel, reasons: response.safetyReasons } : null,
    answers,
    report: clinical ? (existing ?? null) : null,
    versions: clinical ? versions : [],
    /** The subject's latest correction request, shown to the doctor while revising. */
    correction: clinical ? correction : null,
    /**
     * Whether the doctor may amend the released report now (docs/architecture.md §4, "Amending a
     * released report"): their case, complete, within the question window.
     */
    amendable:
      mine &&
      canAct(row.status, "doctor", "amend_report") &&
      !isClosed(row) &&
      existing?.status === "released" &&
      withinQuestionWindow(existing.releasedAt, doctor.now),
  };
}
