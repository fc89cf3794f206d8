import { eq } from "drizzle-orm";
import { type referral, report, reportVersion } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { addWorkingDays } from "~/domain/calendar/working-days.ts";
import type { DoctorActor } from "~/domain/kernel/actor.ts";
import type { Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import { type QueueMail, transactionWithMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { issueInvitationToken } from "~/domain/referrals/invitations.server.ts";
import { askedQuestions, questionText } from "~/domain/referrals/management-questions.ts";
import { applyReferralTransition } from "~/domain/referrals/referral-transition.server.ts";
import type { DisclosureItem } from "~/domain/reports/disclosure/disclosure-item.ts";
import {
  checkReportRelease,
  disclosureItemsOf,
  type ReleaseFailure,
  reportFindings,
} from "~/domain/reports/release-check.ts";
import { QUESTION_FIELDS, type ReportBody, reportBody } from "~/domain/reports/report-body.ts";
import { isCurrentVersionOf } from "~/domain/reports/report-version.server.ts";
import { reviewDueAt } from "~/domain/reports/review-window.ts";
import { signingIssues } from "~/domain/reports/signing-issues.ts";
import { DECLINE_REASON_MAX } from "~/domain/reports/subject-copy.ts";
import { unansweredQuestions } from "~/domain/reports/unanswered-questions.ts";
import {
  auditCase,
  doctorSignatureOf,
  lockOwnCase,
  lockOwnCaseInReview,
  versionAuthorship,
} from "./case-access.server.ts";
import { reportReadyEmail } from "./doctor-emails.ts";
import { marksOf, releaseCaseOf } from "./report-disclosures.server.ts";
import { stepUpIsFresh } from "./signing-step-up.server.ts";

/**
 * Signing refused because the report is not fit for the employer: the fields that failed the
 * release check, or a question the employer asked that has no answer. Nothing was signed.
 */
export class ReportReleaseRefused extends DomainError {
  constructor(readonly failures: ReleaseFailure[]) {
    super(
      "invalid_state",
      "The report cannot be signed yet: correct the fields marked below, then sign again.",
    );
  }
}

/**
 * The release check on what is about to be signed, against the case's own answers and draft and
 * the doctor's disclosure marks stored with the version, plus one answer to every question the
 * employer asked. Returns the failures, by field, and the disclosure items the signature carries.
 */
async function releaseReview(
  tx: Pick<Tx, "select">,
  doctor: DoctorActor,
  current: typeof referral.$inferSelect,
  reportId: string,
  body: ReportBody,
  stored: readonly DisclosureItem[] | null,
): Promise<{ failures: ReleaseFailure[]; items: DisclosureItem[]; removed: number }> {
  const c = { ...(await releaseCaseOf(tx, doctor, current, reportId)), marks: marksOf(stored) };
  const findings = reportFindings(body, c);
  const failures = checkReportRelease(body, c, findings);
  const asked = askedQuestions(current.questions);
  for (const q of unansweredQuestions(body, current.type === "management" ? asked : []))
    failures.push({
      field: QUESTION_FIELDS[q],
      problem: "unanswered",
      message: `Answer the employer's question: “${questionText(q)}”`,
    });
  for (const issue of signingIssues(body, {
    drivingRequired: current.type === "pre_employment" && current.drivingRequired,
    questions: current.type === "management" ? asked : [],
  }))
    failures.push({ field: issue.field, problem: "incomplete", message: issue.message });
  const present = new Set(findings.map((f) => f.key));
  const removed = [...(c.removalAsked ?? [])].filter((key) => !present.has(key)).length;
  return { failures, items: disclosureItemsOf(findings), removed };
}

/**
 * How long the person has to review a report, from the configuration: a product rule the use case
 * applies, not an adapter, so it stays an argument while the mail goes through `scope.adapters`.
 */
export interface ReviewWindow {
  reviewWorkingDays: number;
}

/**
 * Signs the current version with the doctor's name and GMC number and sends it to the subject
 * for review: the report waits for them (with its review window), the referral moves to
 * awaiting_subject, and the subject gets a fresh personal link to /assessment/{token}/report.
 * Only in a session that passed the second factor and entered a fresh authenticator code within
 * the last 5 minutes (a step-up: the signature is the doctor's, not the session's). The e-mail is
 * written to the mail outbox in the same transaction and sent once it commits
 * (docs/architecture.md §8, "The mail outbox"): the link exists exactly when the e-mail will go.
 */
export async function signAndSendReport(
  scope: Scope,
  review: ReviewWindow,
  {
    referralId,
    stepUpAt,
  }: {
    referralId: string;
    /** When this session last entered an authenticator code to sign (signing-step-up.server.ts). */
    stepUpAt: Date | null;
  },
): Promise<{ reportId: string; version: number; reviewDueAt: Date }> {
  const doctor = requireDoctor(scope);
  const { db, now } = doctor;
  if (!stepUpIsFresh(stepUpAt, now))
    throw new DomainError(
      "step_up",
      "Enter a code from your authenticator app to sign. Your changes are saved.",
    );
  try {
    return await signInTransaction(doctor, review, referralId);
  } catch (error) {
    // A refusal changes nothing, but that it happened (which fields, why) is part of the record.
    if (error instanceof ReportReleaseRefused)
      await recordAuditEventAs(
        doctor,
        {
          action: "doctor.report_sign_refused",
          outcome: "denied",
          object: { type: "referral", id: referralId },
          details: {
            fields: [...new Set(error.failures.map((f) => f.field))],
            problems: [...new Set(error.failures.map((f) => f.problem))],
          },
        },
        db,
      );
    throw error;
  }
}

function signInTransaction(
  doctor: Scope<DoctorActor>,
  review: ReviewWindow,
  referralId: string,
): Promise<{ reportId: string; version: number; reviewDueAt: Date }> {
  const { actor, now } = doctor;
  return transactionWithMail(doctor, async (tx, queue) => {
    const current = await lockOwnCaseInReview(tx, doctor, referralId);
    const signature = await doctorSignatureOf(tx, actor.userId);
    const [existing] = await tx.select().from(report).where(eq(report.referralId, current.id));
    if (!existing) throw new DomainError("invalid_state", "Save the report before sending it.");
    if (existing.status === "correction_requested")
      throw new DomainError(
        "invalid_state",
        "Revise the report after the employee's comments, then save it before sending it again.",
      );
    if (existing.status !== "draft")
      throw new DomainError("invalid_state", "This report has already been sent.");
    const [version] = await tx.select().from(reportVersion).where(isCurrentVersionOf(existing));
    if (!version || version.signedAt)
      throw new DomainError("invalid_state", "Save the report before sending it.");
    // The stored text must still satisfy the schema (a save may predate a rule).
    const body = reportBody.safeParse(version.body);
    if (!body.success)
      throw new DomainError("invalid_state", "Complete the report before sending it.");
    const { failures, items, removed } = await releaseReview(
      tx,
      doctor.actor,
      current,
      existing.id,
      body.data,
      version.disclosures,
    );
    if (failures.length > 0) throw new ReportReleaseRefused(failures);

    const dueAt = reviewDueAt(now, review.reviewWorkingDays);
    await tx
      .update(reportVersion)
      .set({
        authorDoctorId: actor.userId,
        ...versionAuthorship(signature),
        // The items exactly as signed, each waiting for the person's decision.
        disclosures: items,
        signedAt: now,
        sentAt: now,
        updatedAt: now,
      })
      .where(eq(reportVersion.id, version.id));
    // Each disclosure decision is on the record (what kind, in which field; never the words).
    for (const item of items)
      await auditCase(tx, doctor, current.id, "doctor.disclosure_marked", {
        reportId: existing.id,
        version: version.version,
        item: item.id,
        field: item.field,
        kind: item.kind,
      });
    if (removed > 0)
      await auditCase(tx, doctor, current.id, "doctor.disclosure_removed", {
        reportId: existing.id,
        version: version.version,
        removedItems: removed,
      });
    await handToSubject(tx, doctor, {
      current,
      reportId: existing.id,
      dueAt,
      audit: {
        action: "doctor.report_sign_send",
        details: { reportId: existing.id, version: version.version, reviewDueAt: dueAt },
      },
    });
    await mailReportLink(tx, doctor, queue, {
      referral: current,
      reviewDueAt: dueAt,
      // An amendment of a released report is not a revision after the person's comments.
      kind:
        existing.releasedVersion !== null ? "amended" : version.version > 1 ? "revised" : "ready",
      now,
    });
    return { reportId: existing.id, version: version.version, reviewDueAt: dueAt };
  });
}

/**
 * The report goes to the person for review: the report waits for them until `dueAt`, the case
 * moves on by the state table (`applyReferralTransition`, with the employer's activity saying only
 * that it was sent, and the step's audit event). Signing and declining a correction (which
 * re-signs the unchanged text) both end here.
 */
async function handToSubject(
  tx: Tx,
  doctor: Scope<DoctorActor>,
  {
    current,
    reportId,
    currentVersion,
    dueAt,
    audit,
  }: {
    current: Awaited<ReturnType<typeof lockOwnCaseInReview>>;
    reportId: string;
    /** Set when the step writes a new version rather than signing the current one. */
    currentVersion?: number;
    dueAt: Date;
    audit: { action: string; details: Record<string, unknown> };
  },
) {
  const { now } = doctor;
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
  await applyReferralTransition(tx, doctor, {
    referral: current,
    event: "report_sent",
    set: { reportSentAt: now, correctionRequested: false },
    activity: "report_sent_to_subject",
    audit,
  });
}

async function mailReportLink(
  tx: Tx,
  scope: Scope,
  queue: QueueMail,
  {
    referral: r,
    reviewDueAt,
    kind,
    now,
  }: {
    referral: typeof referral.$inferSelect;
    reviewDueAt: Date;
    kind: "ready" | "revised" | "amended" | "reminder" | "correction_declined";
    now: Date;
  },
) {
  // The link lasts the invitation validity from now, beyond the review window.
  const { token } = await issueInvitationToken(tx, { referralId: r.id, invitedAt: now, now });
  const link = new URL(`/assessment/${token}/report`, scope.adapters.publicUrl).toString();
  await queue(
    [
      {
        to: r.subjectEmail,
        ...reportReadyEmail({
          subjectName: r.subjectName,
          reference: r.reference,
          link,
          reviewDueAt,
          kind,
        }),
      },
    ],
    { referralId: r.id },
  );
}

/**
 * The doctor declines the person's correction: a professional opinion is not altered on request
 * (docs/decisions/0011-report-audiences.md). The version they commented on is re-sent unchanged as
 * a new, signed version carrying the doctor's reason, which the person reads; they may then add a
 * statement when they approve, or withhold consent. A new signature, so it needs a fresh step-up.
 * Accepting a correction is the usual path: edit, save (a new version) and sign.
 */
export async function declineReportCorrection(
  scope: Scope,
  review: ReviewWindow,
  {
    referralId,
    reason: rawReason,
    stepUpAt,
  }: { referralId: string; reason: string; stepUpAt: Date | null },
): Promise<{ ok: true; version: number } | { ok: false; message: string }> {
  const doctor = requireDoctor(scope);
  const { actor, now } = doctor;
  const reason = rawReason.trim();
  if (reason.length < 10)
    return { ok: false, message: "Give the employee your reason for not changing the report." };
  if (reason.length > DECLINE_REASON_MAX)
    return { ok: false, message: `Keep the reason under ${DECLINE_REASON_MAX} characters.` };
  if (!stepUpIsFresh(stepUpAt, now))
    throw new DomainError(
      "step_up",
      "Enter a code from your authenticator app to sign the unchanged report.",
    );
  return transactionWithMail(doctor, async (tx, queue) => {
    const current = await lockOwnCaseInReview(tx, doctor, referralId);
    const signature = await doctorSignatureOf(tx, actor.userId);
    const [existing] = await tx.select().from(report).where(eq(report.referralId, current.id));
    if (existing?.status !== "correction_requested")
      throw new DomainError("invalid_state", "There is no correction request to decline.");
    const [commented] = await tx.select().from(reportVersion).where(isCurrentVersionOf(existing));
    if (commented?.subjectDecision !== "correction")
      throw new DomainError("invalid_state", "There is no correction request to decline.");
    // A request to remove what the person never agreed to disclose is a confidentiality duty,
    // not a difference of professional opinion: it cannot be declined (ADR 0016).
    if ((commented.disclosures ?? []).some((item) => item.decision === "removal_asked"))
      throw new DomainError(
        "invalid_state",
        "The employee asked for information to be removed. A removal cannot be declined: remove it from the report, then sign the new version.",
      );
    const version = existing.currentVersion + 1;
    const dueAt = reviewDueAt(now, review.reviewWorkingDays);
    await tx.insert(reportVersion).values({
      reportId: existing.id,
      version,
      body: commented.body,
      // The same items, each waiting again for the person's decision on the re-sent version.
      disclosures: (commented.disclosures ?? []).map(
        ({ decision: _d, decidedAt: _t, ...item }) => item,
      ),
      authorDoctorId: actor.userId,
      ...versionAuthorship(signature),
      correctionDeclineReason: reason,
      signedAt: now,
      sentAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await handToSubject(tx, doctor, {
      current,
      reportId: existing.id,
      currentVersion: version,
      dueAt,
      audit: {
        action: "doctor.report_correction_declined",
        details: {
          reportId: existing.id,
          declinedVersion: commented.version,
          version,
          reasonLength: reason.length,
        },
      },
    });
    await mailReportLink(tx, doctor, queue, {
      referral: current,
      reviewDueAt: dueAt,
      kind: "correction_declined",
      now,
    });
    return { ok: true as const, version };
  });
}

/** The seed's Remind on a report waiting with the subject: the same e-mail with a fresh link. */
export async function remindSubjectOfReport(scope: Scope, referralId: string) {
  const doctor = requireDoctor(scope);
  const { now } = doctor;
  return transactionWithMail(doctor, async (tx, queue) => {
    const current = await lockOwnCase(tx, doctor, referralId);
    const [waiting] = await tx
      .select()
      .from(report)
      .where(eq(report.referralId, current.id))
      .for("update");
    if (!waiting) throw new DomainError("not_found", "Case not found.");
    if (current.status !== "awaiting_subject" || waiting.status !== "awaiting_subject")
      throw new DomainError("invalid_state", "The report is not waiting for the employee.");
    await tx
      .update(report)
      .set({ reviewReminderSentAt: now, updatedAt: now })
      .where(eq(report.id, waiting.id));
    await auditCase(tx, doctor, referralId, "doctor.report_remind");
    await mailReportLink(tx, doctor, queue, {
      referral: current,
      reviewDueAt: waiting.reviewDueAt ?? addWorkingDays(now, 1),
      kind: "reminder",
      now,
    });
  });
}
