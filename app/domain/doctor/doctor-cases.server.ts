import { and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { referral, report } from "~/db/schema/index.ts";
import { hasNewMessage } from "~/domain/case-conversation/unread-messages.server.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import { escapeLike } from "~/domain/kernel/list.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { referralIssue } from "~/domain/referrals/list-referrals.server.ts";
import {
  isReferencePrefix,
  referencePrefixCondition,
} from "~/domain/referrals/reference-prefix.server.ts";
import { referralSummaryColumns } from "~/domain/referrals/referral-columns.ts";
import { auditCase } from "./case-access.server.ts";
import { contactOf } from "./case-contact.ts";
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

const doctorPageSize = 20;

/** An urgent safety flag on a case someone can still act on (doctor-queue.ts `urgentOpen`). */
const urgentOpenSql = sql`(${referral.urgent} and ${inArray(referral.status, [...urgentOpenStatuses])})`;

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

/**
 * The cases a search term matches. A name or other text is a substring of the name and reference.
 * A reference or its beginning (REF-0…, OCC-AB…, any case) matches only the start of the
 * reference, read first off the reference index across organisations (a doctor's cases are theirs
 * by assignment and queue, not by organisation, so the organisation-leading index cannot serve
 * them): a prefix nothing visible starts with then reads a few index entries instead of every
 * case in the doctor's queue (docs/perf-notes-growth.md, "Doctor's list").
 */
function doctorSearchCondition(db: Executor, visible: SQL, term: string): Promise<SQL> | SQL {
  if (isReferencePrefix(term)) return referencePrefixCondition(db, visible, term);
  return sql`lower(${referral.subjectName} || ' ' || ${referral.reference}) like ${`%${escapeLike(term)}%`}`;
}

/** The doctor's queue, counters and one page of rows, searched and ordered in the database. */
export async function listDoctorCases(scope: Scope, query: DoctorListQuery) {
  const { db, actor, now } = requireDoctor(scope);
  const visible = visibleReferrals(scope);
  const conditions: SQL[] = [visible, inArray(referral.status, [...tabStatuses[query.tab]])];
  const term = query.search.toLowerCase();
  if (term) conditions.push(await doctorSearchCondition(db, visible, term));
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
        // A message from the employer or the person not yet opened: one boolean per row.
        newMessage: hasNewMessage(scope),
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
