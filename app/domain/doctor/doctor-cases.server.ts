import { and, count, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import {
  doctorProfile,
  draftReport,
  questionnaireResponse,
  referral,
  report,
  reportVersion,
  subjectInformationRequest,
} from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { definitionOfResponse } from "~/domain/assessments/assessment-instance.ts";
import { formatAnswer } from "~/domain/assessments/build-transcript.ts";
import { walkItems } from "~/domain/assessments/walk-items.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { referralIssue } from "~/domain/referrals/list-referrals.server.ts";
import { transition } from "~/domain/referrals/states.ts";
import { assertDoctor, auditActor, DoctorCaseError } from "./doctor-actor.ts";
import {
  type DoctorTab,
  doctorTabs,
  doctorVisibleStatuses,
  needsAttention,
  SLA_AT_RISK_FRACTION,
  slaState,
  tabStatuses,
} from "./doctor-queue.ts";

export const doctorPageSize = 20;

type RequestOrigin = { ip: string | null; requestId: string };

/**
 * What a doctor may see: cases waiting in the queue (submitted, nobody on them) and their own.
 * Another doctor's case does not exist for them.
 */
export function visibleToDoctor(doctorId: string): SQL {
  return or(
    and(eq(referral.status, "submitted"), isNull(referral.assignedDoctorId)),
    and(
      eq(referral.assignedDoctorId, doctorId),
      inArray(referral.status, [...doctorVisibleStatuses]),
    ),
  ) as SQL;
}

export interface DoctorListQuery {
  tab: DoctorTab;
  search: string;
  page: number;
}

export function parseDoctorListQuery(params: URLSearchParams): DoctorListQuery {
  const tab = params.get("tab");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    tab: doctorTabs.includes(tab as DoctorTab) ? (tab as DoctorTab) : "all",
    search: (params.get("q") ?? "").trim().slice(0, 100),
    page: Number.isInteger(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const running = sql`${referral.status} in ('submitted', 'in_review')`;
const isUrgent = sql`(${referral.urgent} or coalesce(${questionnaireResponse.safetyLevel}, 'none') = 'urgent')`;

/** The same rule as `needsAttention` in doctor-queue.ts, in SQL so the database sorts and pages. */
function attentionSql(now: Date): SQL {
  const iso = now.toISOString();
  return sql`((${running} and ${referral.slaDueAt} is not null and ${referral.submittedAt} is not null
    and ${iso}::timestamptz >= ${referral.submittedAt} + (${referral.slaDueAt} - ${referral.submittedAt}) * ${SLA_AT_RISK_FRACTION}::float8)
    or coalesce(${report.status}, '') = 'correction_requested')`;
}

/** The doctor's queue, counters and one page of rows, searched and ordered in the database. */
export async function listDoctorCases(
  db: Database,
  { actor, query, now = new Date() }: { actor: Actor; query: DoctorListQuery; now?: Date },
) {
  assertDoctor(actor);
  const visible = visibleToDoctor(actor.userId);
  const conditions: SQL[] = [visible, inArray(referral.status, [...tabStatuses[query.tab]])];
  const term = query.search.toLowerCase();
  if (term)
    conditions.push(
      sql`lower(${referral.subjectName} || ' ' || ${referral.reference}) like ${`%${escapeLike(term)}%`}`,
    );
  const where = and(...conditions);
  const attention = attentionSql(now);
  const rank = sql`case when ${isUrgent} and ${running} then 0 when ${attention} then 1 when ${running} then 2 else 3 end`;

  const base = () =>
    db
      .select({
        id: referral.id,
        reference: referral.reference,
        type: referral.type,
        status: referral.status,
        subjectName: referral.subjectName,
        reason: referral.reason,
        jobRole: referral.jobRole,
        urgent: sql<boolean>`${isUrgent}`,
        assignedDoctorId: referral.assignedDoctorId,
        submittedAt: referral.submittedAt,
        slaDueAt: referral.slaDueAt,
        reportStatus: report.status,
      })
      .from(referral)
      .leftJoin(questionnaireResponse, eq(questionnaireResponse.referralId, referral.id))
      .leftJoin(report, eq(report.referralId, referral.id));

  const [rows, [total], counters] = await Promise.all([
    base()
      .where(where)
      .orderBy(
        rank,
        sql`case when ${rank} < 3 then ${referral.slaDueAt} end asc nulls last`,
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
        pending: sql<number>`count(*) filter (where ${referral.status} in ('submitted', 'in_review'))`,
        drafts: sql<number>`count(*) filter (where ${referral.status} = 'in_review' and ${referral.assignedDoctorId} = ${actor.userId})`,
        completed: sql<number>`count(*) filter (where ${referral.status} in ('awaiting_subject', 'complete', 'withheld'))`,
        attention: sql<number>`count(*) filter (where ${attention})`,
      })
      .from(referral)
      .leftJoin(report, eq(report.referralId, referral.id))
      .where(visible),
  ]);
  const totalCount = total?.n ?? 0;
  const c = counters[0];
  return {
    rows: rows.map((r) => {
      const queued = { ...r, urgent: Boolean(r.urgent) };
      return {
        ...queued,
        issue: referralIssue(r),
        mine: r.assignedDoctorId === actor.userId,
        needsAttention: needsAttention(queued, now),
        sla: slaState(queued, now),
      };
    }),
    counts: {
      pending: Number(c?.pending ?? 0),
      drafts: Number(c?.drafts ?? 0),
      completed: Number(c?.completed ?? 0),
      needsAttention: Number(c?.attention ?? 0),
    },
    total: totalCount,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(totalCount / doctorPageSize)),
  };
}

/** A case the doctor may see, or not_found (another doctor's case is indistinguishable from none). */
export async function findVisibleReferral(
  db: Pick<Database, "select">,
  actor: Actor,
  referralId: string,
) {
  if (!/^[0-9a-f-]{36}$/i.test(referralId))
    throw new DoctorCaseError("not_found", "Case not found.");
  const [row] = await db
    .select()
    .from(referral)
    .where(and(eq(referral.id, referralId), visibleToDoctor(actor.userId)));
  if (!row) throw new DoctorCaseError("not_found", "Case not found.");
  return row;
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
  db: Database,
  {
    actor,
    referralId,
    purpose,
    request,
  }: { actor: Actor; referralId: string; purpose: "queue" | "editor"; request?: RequestOrigin },
) {
  assertDoctor(actor);
  const row = await findVisibleReferral(db, actor, referralId);
  const [response] = await db
    .select()
    .from(questionnaireResponse)
    .where(eq(questionnaireResponse.referralId, row.id));
  const [draft] = await db
    .select()
    .from(draftReport)
    .where(eq(draftReport.referralId, row.id))
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
        })
        .from(reportVersion)
        .where(eq(reportVersion.reportId, existing.id))
        .orderBy(desc(reportVersion.version))
    : [];
  const requests = await db
    .select({
      id: subjectInformationRequest.id,
      question: subjectInformationRequest.question,
      sentAt: subjectInformationRequest.sentAt,
      answeredAt: subjectInformationRequest.answeredAt,
    })
    .from(subjectInformationRequest)
    .where(eq(subjectInformationRequest.referralId, row.id))
    .orderBy(desc(subjectInformationRequest.sentAt));

  const answers: Record<string, AnswerEvidence> = {};
  if (response?.status === "completed") {
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
  const mine = row.assignedDoctorId === actor.userId;
  await recordAuditEvent(db, {
    action: "doctor.case_read",
    outcome: "success",
    actor: auditActor(actor),
    object: { type: "referral", id: row.id },
    request,
    details: {
      purpose,
      // What was shown, never its content (the guard refuses health-named keys).
      draftShown: Boolean(draft),
      transcriptShown: Boolean(response?.transcript.length),
      answersShown: Object.keys(answers).length,
    },
  });
  // While the doctor revises (correction requested, or the new version saved but not sent), the
  // subject's comment on the version they read stays in view.
  const correction =
    existing && (existing.status === "correction_requested" || existing.status === "draft")
      ? (versions.find((v) => v.subjectDecision === "correction") ?? null)
      : null;
  return {
    referral: { ...row, issue: referralIssue(row) },
    mine,
    draft: draft?.draft ?? null,
    transcript: response?.status === "completed" ? response.transcript : [],
    safety: response ? { level: response.safetyLevel, reasons: response.safetyReasons } : null,
    answers,
    report: existing ?? null,
    versions,
    /** The subject's latest correction request, shown to the doctor while revising. */
    correction,
    informationRequests: requests,
  };
}

export type DoctorCase = Awaited<ReturnType<typeof getDoctorCase>>;

/**
 * One refusal for every case a doctor cannot take — another doctor's, one not yet submitted or
 * already closed, one that does not exist — so the answer says nothing about the case.
 */
function caseUnavailable() {
  return new DoctorCaseError("taken", "This case is not available to take.");
}

/**
 * A doctor takes a submitted case from the queue. The update is conditional on the case still
 * being submitted and unassigned, so of two doctors taking at once exactly one wins; the other
 * gets the neutral refusal.
 */
export async function takeReferral(
  db: Database,
  {
    actor,
    referralId,
    request,
    now = new Date(),
  }: { actor: Actor; referralId: string; request?: RequestOrigin; now?: Date },
) {
  assertDoctor(actor);
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ active: doctorProfile.active })
      .from(doctorProfile)
      .where(eq(doctorProfile.userId, actor.userId));
    if (!profile?.active)
      throw new DoctorCaseError("forbidden", "Your access as a doctor has been revoked.");
    const [current] = await tx
      .select({
        id: referral.id,
        status: referral.status,
        assignedDoctorId: referral.assignedDoctorId,
      })
      .from(referral)
      .where(eq(referral.id, referralId))
      .for("update");
    if (!current || (current.assignedDoctorId && current.assignedDoctorId !== actor.userId))
      throw caseUnavailable();
    if (current.assignedDoctorId === actor.userId && current.status === "in_review")
      return { taken: false as const, alreadyYours: true };
    let status: ReturnType<typeof transition>;
    try {
      status = transition(current.status, "doctor_took", "doctor");
    } catch {
      throw caseUnavailable();
    }
    const updated = await tx
      .update(referral)
      .set({ status, assignedDoctorId: actor.userId, reviewStartedAt: now, updatedAt: now })
      .where(
        and(
          eq(referral.id, referralId),
          eq(referral.status, "submitted"),
          isNull(referral.assignedDoctorId),
        ),
      )
      .returning({ id: referral.id });
    if (updated.length === 0) throw caseUnavailable();
    await recordAuditEvent(tx, {
      action: "doctor.case_take",
      outcome: "success",
      actor: auditActor(actor),
      object: { type: "referral", id: referralId },
      request,
    });
    return { taken: true as const, alreadyYours: false };
  });
}
