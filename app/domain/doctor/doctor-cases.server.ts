import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  draftReport,
  questionnaireResponse,
  referral,
  report,
  reportVersion,
  subjectInformationRequest,
} from "~/db/schema/index.ts";
import { definitionOfResponse } from "~/domain/assessments/assessment-instance.ts";
import { formatAnswer } from "~/domain/assessments/build-transcript.ts";
import { caseMessageColumns } from "~/domain/assessments/case-messages.server.ts";
import { walkItems } from "~/domain/assessments/walk-items.ts";
import { DomainError, isDomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import { escapeLike } from "~/domain/kernel/list.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import {
  visibleDraftReports,
  visibleQuestionnaireResponses,
  visibleReferrals,
} from "~/domain/kernel/visibility.server.ts";
import { referralIssue } from "~/domain/referrals/list-referrals.server.ts";
import { referralSummaryColumns } from "~/domain/referrals/referral-columns.ts";
import { applyReferralTransition } from "~/domain/referrals/referral-transition.server.ts";
import { isUuid } from "~/lib/ids.ts";
import { formatPhoneForDisplay } from "~/lib/phone.ts";
import { auditCase, doctorSignatureOf, findVisibleReferral } from "./case-access.server.ts";
import type { DoctorListQuery } from "./dashboard-forms.ts";
import {
  needsAttention,
  SLA_AT_RISK_FRACTION,
  slaRunningStatuses,
  slaState,
  tabStatuses,
  timeSinceFlag,
  urgentOpen,
  urgentOpenStatuses,
} from "./doctor-queue.ts";
import { listContactAttempts } from "./list-contact-attempts.server.ts";

const doctorPageSize = 20;

/** An urgent safety flag on a case someone can still act on (doctor-queue.ts `urgentOpen`). */
const urgentOpenSql = sql`(${referral.urgent} and ${inArray(referral.status, [...urgentOpenStatuses])})`;

/** How to reach the person: formatted here, so no page ships phone-number metadata. */
function contactOf(email: string, phone: string | null) {
  return { email, phone, phoneDisplay: phone ? formatPhoneForDisplay(phone) : null };
}

// The list's query is the dashboard search form's schema; read here as before.
export { parseDoctorListQuery } from "./dashboard-forms.ts";

const running = inArray(referral.status, [...slaRunningStatuses]);
const notContacted = sql`${referral.safetyContactedAt} is null`;

/** The same rule as `needsAttention` in doctor-queue.ts, in SQL so the database sorts and pages. */
function attentionSql(now: Date): SQL {
  const iso = now.toISOString();
  return sql`((${running} and ${referral.slaDueAt} is not null and ${referral.submittedAt} is not null
    and ${iso}::timestamptz >= ${referral.submittedAt} + (${referral.slaDueAt} - ${referral.submittedAt}) * ${SLA_AT_RISK_FRACTION}::float8)
    or coalesce(${report.status}, '') = 'correction_requested')`;
}

/** The doctor's queue, counters and one page of rows, searched and ordered in the database. */
export async function listDoctorCases(scope: Scope, query: DoctorListQuery) {
  const { db, actor, now } = requireDoctor(scope);
  const visible = visibleReferrals(scope);
  const conditions: SQL[] = [visible, inArray(referral.status, [...tabStatuses[query.tab]])];
  const term = query.search.toLowerCase();
  if (term)
    conditions.push(
      sql`lower(${referral.subjectName} || ' ' || ${referral.reference}) like ${`%${escapeLike(term)}%`}`,
    );
  const where = and(...conditions);
  const attention = attentionSql(now);
  // queueRank in doctor-queue.ts, in SQL.
  const rank = sql`case when ${urgentOpenSql} and ${notContacted} then 0 when ${urgentOpenSql} then 1 when ${attention} then 2 when ${running} then 3 else 4 end`;

  const base = () =>
    db
      .select({
        ...referralSummaryColumns,
        reason: referral.reason,
        jobRole: referral.jobRole,
        urgent: referral.urgent,
        urgentAt: sql<Date | null>`coalesce(${referral.urgentAt}, ${referral.updatedAt})`.mapWith(
          referral.urgentAt,
        ),
        contactedAt: referral.safetyContactedAt,
        subjectEmail: referral.subjectEmail,
        subjectPhone: referral.subjectPhone,
        assignedDoctorId: referral.assignedDoctorId,
        submittedAt: referral.submittedAt,
        slaDueAt: referral.slaDueAt,
        reportStatus: report.status,
      })
      .from(referral)
      .leftJoin(report, eq(report.referralId, referral.id));

  const [rows, [total], counters] = await Promise.all([
    base()
      .where(where)
      .orderBy(
        rank,
        sql`case when ${rank} < 2 then coalesce(${referral.urgentAt}, ${referral.updatedAt}) end asc nulls last`,
        sql`case when ${rank} < 4 then ${referral.slaDueAt} end asc nulls last`,
        desc(referral.submittedAt),
        desc(referral.id),
      )
      .limit(doctorPageSize)
      .offset((query.page - 1) * doctorPageSize),
    db
      .select({ n: count() })
      .from(referral)
      .leftJoin(report, eq(report.referralId, referral.id))
      .where(where),
    db
      .select({
        pending: sql<number>`count(*) filter (where ${inArray(referral.status, [...tabStatuses.pending])})`,
        drafts: sql<number>`count(*) filter (where ${referral.status} = 'in_review' and ${referral.assignedDoctorId} = ${actor.userId})`,
        completed: sql<number>`count(*) filter (where ${inArray(referral.status, [...tabStatuses.completed])})`,
        attention: sql<number>`count(*) filter (where ${attention})`,
        urgent: sql<number>`count(*) filter (where ${urgentOpenSql})`,
        urgentNotContacted: sql<number>`count(*) filter (where ${urgentOpenSql} and ${notContacted})`,
      })
      .from(referral)
      .leftJoin(report, eq(report.referralId, referral.id))
      .where(visible),
  ]);
  const totalCount = total?.n ?? 0;
  const c = counters[0];
  const shaped = rows.map(({ subjectEmail, subjectPhone, ...r }) => {
    const queued = { ...r, contacted: r.contactedAt !== null };
    const flagged = urgentOpen(queued);
    return {
      ...queued,
      urgentOpen: flagged,
      flagAge: flagged && r.urgentAt ? timeSinceFlag(r.urgentAt, now) : null,
      // The way to reach the person sits on the row itself for an open urgent flag not yet
      // answered by a successful contact; every other case shows it only on the case.
      contact: flagged && !queued.contacted ? contactOf(subjectEmail, subjectPhone) : null,
      issue: referralIssue(r),
      mine: r.assignedDoctorId === actor.userId,
      needsAttention: needsAttention(queued, now),
      sla: slaState(queued, now),
    };
  });
  // Each case whose contact details were shown is one audited read (urgent cases are few).
  for (const r of shaped)
    if (r.contact)
      await auditCase(db, scope, r.id, "doctor.contact_details_read", {
        purpose: "urgent-queue",
        phoneShown: r.contact.phone !== null,
      });
  return {
    rows: shaped,
    counts: {
      pending: Number(c?.pending ?? 0),
      drafts: Number(c?.drafts ?? 0),
      completed: Number(c?.completed ?? 0),
      needsAttention: Number(c?.attention ?? 0),
      urgent: Number(c?.urgent ?? 0),
      urgentNotContacted: Number(c?.urgentNotContacted ?? 0),
    },
    total: totalCount,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(totalCount / doctorPageSize)),
  };
}

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
  const [response] = await db
    .select()
    .from(questionnaireResponse)
    .where(
      and(eq(questionnaireResponse.referralId, row.id), visibleQuestionnaireResponses(doctor)),
    );
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
  const requests = await db
    .select(caseMessageColumns)
    .from(subjectInformationRequest)
    .where(eq(subjectInformationRequest.referralId, row.id))
    .orderBy(desc(subjectInformationRequest.sentAt));

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
  const correction =
    existing && (existing.status === "correction_requested" || existing.status === "draft")
      ? (versions.find((v) => v.subjectDecision === "correction") ?? null)
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
    informationRequests: clinical ? requests : [],
  };
}

/**
 * One refusal for every case a doctor cannot take — another doctor's, one not yet submitted or
 * already closed, one that does not exist — so the answer says nothing about the case.
 */
function caseUnavailable() {
  return new DomainError("conflict", "This case is not available to take.");
}

/**
 * A doctor takes a case and opens its editor: a submitted case nobody holds (from the queue), a
 * submitted case an administrator gave to this doctor, or this doctor's own case already in
 * review (opening it again, which changes nothing). The case is locked while it is read, and the
 * move goes through the state table (`applyReferralTransition`), so of two doctors taking at once
 * exactly one wins.
 */
export async function takeReferral(scope: Scope, referralId: string) {
  const doctor = requireDoctor(scope);
  const { db, actor, now } = doctor;
  return db.transaction(async (tx) => {
    // The database copy of the doctor's access, fresher than the session's.
    await doctorSignatureOf(tx, actor.userId);
    // Locked while read: a second doctor taking at once waits, then no longer sees it.
    const current = await findVisibleReferral(tx, doctor, referralId, { lock: true }).catch(
      (error: unknown) => {
        throw isDomainError(error, "not_found") && isUuid(referralId) ? caseUnavailable() : error;
      },
    );
    const mine = current.assignedDoctorId === actor.userId;
    if (current.status === "in_review" && mine)
      return { taken: false as const, alreadyYours: true };
    if ((current.status === "invited" || current.status === "in_progress") && mine)
      throw new DomainError(
        "invalid_state",
        "The person has not sent their answers yet. You can write the report once they do.",
      );
    if (current.status === "on_hold")
      throw new DomainError(
        "invalid_state",
        "ReferOH has put this case on hold. You can take it once the hold is lifted.",
      );
    if (current.status !== "submitted" || !(mine || current.assignedDoctorId === null))
      throw caseUnavailable();
    await applyReferralTransition(tx, doctor, {
      referral: current,
      event: "doctor_took",
      set: {
        assignedDoctorId: actor.userId,
        reviewStartedAt: current.reviewStartedAt ?? now,
      },
      activity: null,
      audit: { action: "doctor.case_take" },
    }).catch((error: unknown) => {
      throw isDomainError(error, "conflict") ? caseUnavailable() : error;
    });
    return { taken: true as const, alreadyYours: false };
  });
}
