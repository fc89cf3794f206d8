import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import {
  draftReport,
  questionnaireResponse,
  referral,
  referralActivity,
  report,
  reportVersion,
  subjectInformationRequest,
} from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { definitionOfResponse } from "~/domain/assessments/assessment-instance.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { addWorkingDays } from "~/domain/calendar/working-days.ts";
import { issueInvitationToken } from "~/domain/referrals/invitations.server.ts";
import { transition } from "~/domain/referrals/states.ts";
import { REFERRAL_QUESTION_LABELS, REFERRAL_QUESTIONS } from "~/domain/reports/drafter.ts";
import { checkReportRelease, type ReleaseFailure } from "~/domain/reports/release-check.ts";
import {
  QUESTION_FIELDS,
  type ReportBody,
  reportBody,
  unansweredQuestions,
} from "~/domain/reports/report-body.ts";
import { reviewDueAt } from "~/domain/reports/review-window.ts";
import { DECLINE_REASON_MAX } from "~/domain/reports/subject-copy.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
import { assertDoctor, auditActor, DoctorCaseError } from "./doctor-actor.ts";
import { informationRequestEmail, reportReadyEmail } from "./doctor-emails.ts";
import { doctorSignature, lockOwnCaseInReview } from "./save-report.server.ts";
import { stepUpIsFresh } from "./signing-step-up.server.ts";

type RequestOrigin = { ip: string | null; requestId: string };
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Signing refused because the report is not fit for the employer: the fields that failed the
 * release check, or a question the employer asked that has no answer. Nothing was signed.
 */
export class ReportReleaseRefused extends DoctorCaseError {
  constructor(readonly failures: ReleaseFailure[]) {
    super(
      "invalid_state",
      "The report cannot be signed yet: correct the fields marked below, then sign again.",
    );
  }
}

/**
 * The release check on what is about to be signed, against the case's own answers and draft,
 * plus one answer to every question the employer asked. Returns the failures, by field.
 */
export async function releaseFailures(
  tx: Pick<Tx, "select">,
  current: typeof referral.$inferSelect,
  body: ReportBody,
): Promise<ReleaseFailure[]> {
  const [response] = await tx
    .select()
    .from(questionnaireResponse)
    .where(eq(questionnaireResponse.referralId, current.id));
  const [draft] = await tx
    .select({ draft: draftReport.draft })
    .from(draftReport)
    .where(eq(draftReport.referralId, current.id))
    .orderBy(desc(draftReport.createdAt))
    .limit(1);
  const failures = response
    ? checkReportRelease(body, {
        definition: definitionOfResponse(response),
        answers: response.answers,
        draft: draft?.draft ?? null,
      })
    : [];
  const asked = REFERRAL_QUESTIONS.filter((q) => current.questions?.[q]);
  for (const q of unansweredQuestions(body, current.type === "management" ? asked : []))
    failures.push({
      field: QUESTION_FIELDS[q],
      problem: "unanswered",
      message: `Answer the employer's question: “${REFERRAL_QUESTION_LABELS[q]}”`,
    });
  return failures;
}

export interface SendReportDeps {
  db: Database;
  mailer: Pick<Mailer, "send">;
  publicUrl: string;
  reviewWorkingDays: number;
}

/**
 * Signs the current version with the doctor's name and GMC number and sends it to the subject
 * for review: the report waits for them (with its review window), the referral moves to
 * awaiting_subject, and the subject gets a fresh personal link to /assessment/{token}/report.
 * Only in a session that passed the second factor and entered a fresh authenticator code within
 * the last 5 minutes (a step-up: the signature is the doctor's, not the session's). The e-mail is sent inside the transaction:
 * if it cannot be sent, nothing changes and no usable link exists.
 */
export async function signAndSendReport(
  deps: SendReportDeps,
  {
    actor,
    referralId,
    stepUpAt,
    request,
    now = new Date(),
  }: {
    actor: Actor;
    referralId: string;
    /** When this session last entered an authenticator code to sign (signing-step-up.server.ts). */
    stepUpAt: Date | null;
    request?: RequestOrigin;
    now?: Date;
  },
): Promise<{ reportId: string; version: number; reviewDueAt: Date }> {
  assertDoctor(actor);
  if (!actor.twoFactorVerified)
    throw new DoctorCaseError("second_factor", "Signing needs a two-factor session.");
  if (!stepUpIsFresh(stepUpAt, now))
    throw new DoctorCaseError(
      "step_up",
      "Enter a code from your authenticator app to sign. Your changes are saved.",
    );
  try {
    return await signInTransaction(deps, { actor, referralId, request, now });
  } catch (error) {
    // A refusal changes nothing, but that it happened (which fields, why) is part of the record.
    if (error instanceof ReportReleaseRefused)
      await recordAuditEvent(deps.db, {
        action: "doctor.report_sign_refused",
        outcome: "denied",
        actor: auditActor(actor),
        object: { type: "referral", id: referralId },
        request,
        details: {
          fields: [...new Set(error.failures.map((f) => f.field))],
          problems: [...new Set(error.failures.map((f) => f.problem))],
        },
      });
    throw error;
  }
}

function signInTransaction(
  deps: SendReportDeps,
  {
    actor,
    referralId,
    request,
    now,
  }: { actor: Actor; referralId: string; request?: RequestOrigin; now: Date },
): Promise<{ reportId: string; version: number; reviewDueAt: Date }> {
  return deps.db.transaction(async (tx) => {
    const current = await lockOwnCaseInReview(tx, actor, referralId);
    const signature = await doctorSignature(tx, actor.userId);
    const [existing] = await tx.select().from(report).where(eq(report.referralId, current.id));
    if (!existing) throw new DoctorCaseError("invalid_state", "Save the report before sending it.");
    if (existing.status === "correction_requested")
      throw new DoctorCaseError(
        "invalid_state",
        "Revise the report after the employee's comments, then save it before sending it again.",
      );
    if (existing.status !== "draft")
      throw new DoctorCaseError("invalid_state", "This report has already been sent.");
    const [version] = await tx
      .select()
      .from(reportVersion)
      .where(
        and(
          eq(reportVersion.reportId, existing.id),
          eq(reportVersion.version, existing.currentVersion),
        ),
      );
    if (!version || version.signedAt)
      throw new DoctorCaseError("invalid_state", "Save the report before sending it.");
    // The stored text must still satisfy the schema (a save may predate a rule).
    const body = reportBody.safeParse(version.body);
    if (!body.success)
      throw new DoctorCaseError("invalid_state", "Complete the report before sending it.");
    const failures = await releaseFailures(tx, current, body.data);
    if (failures.length > 0) throw new ReportReleaseRefused(failures);

    const dueAt = reviewDueAt(now, deps.reviewWorkingDays);
    await tx
      .update(reportVersion)
      .set({
        authorDoctorId: actor.userId,
        authorName: signature.name,
        authorGmcNumber: signature.gmcNumber,
        authorQualifications: signature.qualifications,
        signedAt: now,
        sentAt: now,
        updatedAt: now,
      })
      .where(eq(reportVersion.id, version.id));
    await handToSubject(tx, { actor, current, reportId: existing.id, dueAt, now });
    await recordAuditEvent(tx, {
      action: "doctor.report_sign_send",
      outcome: "success",
      actor: auditActor(actor),
      object: { type: "referral", id: current.id },
      request,
      details: { reportId: existing.id, version: version.version, reviewDueAt: dueAt },
    });
    await mailReportLink(tx, deps, {
      referral: current,
      reviewDueAt: dueAt,
      kind: version.version > 1 ? "revised" : "ready",
      now,
    });
    return { reportId: existing.id, version: version.version, reviewDueAt: dueAt };
  });
}

/**
 * The report goes to the person for review: the report waits for them until `dueAt`, the case
 * moves on by the state table, and the employer's activity says only that it was sent. Signing
 * and declining a correction (which re-signs the unchanged text) both end here.
 */
async function handToSubject(
  tx: Tx,
  {
    actor,
    current,
    reportId,
    currentVersion,
    dueAt,
    now,
  }: {
    actor: Actor;
    current: Awaited<ReturnType<typeof lockOwnCaseInReview>>;
    reportId: string;
    /** Set when the step writes a new version rather than signing the current one. */
    currentVersion?: number;
    dueAt: Date;
    now: Date;
  },
) {
  await tx
    .update(report)
    .set({
      status: "awaiting_subject",
      ...(currentVersion === undefined ? {} : { currentVersion }),
      reviewDueAt: dueAt,
      reviewReminderSentAt: null,
      updatedAt: now,
    })
    .where(eq(report.id, reportId));
  const status = transition(current.status, "report_sent", "doctor");
  await tx
    .update(referral)
    .set({ status, reportSentAt: now, correctionRequested: false, updatedAt: now })
    .where(eq(referral.id, current.id));
  await tx.insert(referralActivity).values({
    referralId: current.id,
    organisationId: current.organisationId,
    kind: "report_sent_to_subject",
    actorId: actor.userId,
    createdAt: now,
  });
}

async function mailReportLink(
  tx: Parameters<Parameters<Database["transaction"]>[0]>[0],
  deps: Pick<SendReportDeps, "mailer" | "publicUrl">,
  {
    referral: r,
    reviewDueAt,
    kind,
    now,
  }: {
    referral: typeof referral.$inferSelect;
    reviewDueAt: Date;
    kind: "ready" | "revised" | "reminder" | "correction_declined";
    now: Date;
  },
) {
  // The link lasts the invitation validity from now, beyond the review window.
  const { token } = await issueInvitationToken(tx, { referralId: r.id, invitedAt: now, now });
  const link = new URL(`/assessment/${token}/report`, deps.publicUrl).toString();
  await deps.mailer.send({
    to: r.subjectEmail,
    ...reportReadyEmail({
      subjectName: r.subjectName,
      reference: r.reference,
      link,
      reviewDueAt,
      kind,
    }),
  });
}

export { DECLINE_REASON_MAX };

/**
 * The doctor declines the person's correction: a professional opinion is not altered on request
 * (docs/decisions/0011-report-audiences.md). The version they commented on is re-sent unchanged as
 * a new, signed version carrying the doctor's reason, which the person reads; they may then add a
 * statement when they approve, or withhold consent. A new signature, so it needs a fresh step-up.
 * Accepting a correction is the usual path: edit, save (a new version) and sign.
 */
export async function declineReportCorrection(
  deps: SendReportDeps,
  {
    actor,
    referralId,
    reason: rawReason,
    stepUpAt,
    request,
    now = new Date(),
  }: {
    actor: Actor;
    referralId: string;
    reason: string;
    stepUpAt: Date | null;
    request?: RequestOrigin;
    now?: Date;
  },
): Promise<{ ok: true; version: number } | { ok: false; message: string }> {
  assertDoctor(actor);
  const reason = rawReason.trim();
  if (reason.length < 10)
    return { ok: false, message: "Give the employee your reason for not changing the report." };
  if (reason.length > DECLINE_REASON_MAX)
    return { ok: false, message: `Keep the reason under ${DECLINE_REASON_MAX} characters.` };
  if (!stepUpIsFresh(stepUpAt, now))
    throw new DoctorCaseError(
      "step_up",
      "Enter a code from your authenticator app to sign the unchanged report.",
    );
  return deps.db.transaction(async (tx) => {
    const current = await lockOwnCaseInReview(tx, actor, referralId);
    const signature = await doctorSignature(tx, actor.userId);
    const [existing] = await tx.select().from(report).where(eq(report.referralId, current.id));
    if (existing?.status !== "correction_requested")
      throw new DoctorCaseError("invalid_state", "There is no correction request to decline.");
    const [commented] = await tx
      .select()
      .from(reportVersion)
      .where(
        and(
          eq(reportVersion.reportId, existing.id),
          eq(reportVersion.version, existing.currentVersion),
        ),
      );
    if (commented?.subjectDecision !== "correction")
      throw new DoctorCaseError("invalid_state", "There is no correction request to decline.");
    const version = existing.currentVersion + 1;
    const dueAt = reviewDueAt(now, deps.reviewWorkingDays);
    await tx.insert(reportVersion).values({
      reportId: existing.id,
      version,
      body: commented.body,
      authorDoctorId: actor.userId,
      authorName: signature.name,
      authorGmcNumber: signature.gmcNumber,
      authorQualifications: signature.qualifications,
      correctionDeclineReason: reason,
      signedAt: now,
      sentAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await handToSubject(tx, {
      actor,
      current,
      reportId: existing.id,
      currentVersion: version,
      dueAt,
      now,
    });
    await recordAuditEvent(tx, {
      action: "doctor.report_correction_declined",
      outcome: "success",
      actor: auditActor(actor),
      object: { type: "referral", id: current.id },
      request,
      details: {
        reportId: existing.id,
        declinedVersion: commented.version,
        version,
        reasonLength: reason.length,
      },
    });
    await mailReportLink(tx, deps, {
      referral: current,
      reviewDueAt: dueAt,
      kind: "correction_declined",
      now,
    });
    return { ok: true as const, version };
  });
}

/** The seed's Remind on a report waiting with the subject: the same e-mail with a fresh link. */
export async function remindSubjectOfReport(
  deps: SendReportDeps,
  {
    actor,
    referralId,
    request,
    now = new Date(),
  }: { actor: Actor; referralId: string; request?: RequestOrigin; now?: Date },
) {
  assertDoctor(actor);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ referral, report })
      .from(referral)
      .innerJoin(report, eq(report.referralId, referral.id))
      .where(and(eq(referral.id, referralId), eq(referral.assignedDoctorId, actor.userId)))
      .for("update");
    if (!row) throw new DoctorCaseError("not_found", "Case not found.");
    if (row.referral.status !== "awaiting_subject" || row.report.status !== "awaiting_subject")
      throw new DoctorCaseError("invalid_state", "The report is not waiting for the employee.");
    await tx
      .update(report)
      .set({ reviewReminderSentAt: now, updatedAt: now })
      .where(eq(report.id, row.report.id));
    await recordAuditEvent(tx, {
      action: "doctor.report_remind",
      outcome: "success",
      actor: auditActor(actor),
      object: { type: "referral", id: referralId },
      request,
    });
    await mailReportLink(tx, deps, {
      referral: row.referral,
      reviewDueAt: row.report.reviewDueAt ?? addWorkingDays(now, 1),
      kind: "reminder",
      now,
    });
  });
}

/**
 * The doctor asks the person a question on the case. The person is e-mailed a fresh link (the
 * question itself stays behind it: e-mail is no place for health detail) and answers on their
 * link page; the reply lands on the case (`replyToDoctor`), never in a mailbox outside it.
 */
export async function askSubjectForInformation(
  deps: { db: Database; mailer: Pick<Mailer, "send">; publicUrl: string },
  {
    actor,
    referralId,
    question,
    request,
    now = new Date(),
  }: {
    actor: Actor;
    referralId: string;
    question: string;
    request?: RequestOrigin;
    now?: Date;
  },
): Promise<{ ok: true } | { ok: false; message: string }> {
  assertDoctor(actor);
  const text = question.trim();
  if (text.length < 5) return { ok: false, message: "Write the question for the employee." };
  if (text.length > 2000) return { ok: false, message: "Keep the question under 2000 characters." };
  return deps.db.transaction(async (tx) => {
    const current = await lockOwnCaseInReview(tx, actor, referralId);
    await tx.insert(subjectInformationRequest).values({
      referralId: current.id,
      doctorId: actor.userId,
      question: text,
      sentAt: now,
    });
    await recordAuditEvent(tx, {
      action: "doctor.information_request",
      outcome: "success",
      actor: auditActor(actor),
      object: { type: "referral", id: current.id },
      request,
    });
    const { token } = await issueInvitationToken(tx, {
      referralId: current.id,
      invitedAt: now,
      now,
    });
    await deps.mailer.send({
      to: current.subjectEmail,
      ...informationRequestEmail({
        subjectName: current.subjectName,
        reference: current.reference,
        link: new URL(`/assessment/${token}`, deps.publicUrl).toString(),
      }),
    });
    return { ok: true as const };
  });
}
