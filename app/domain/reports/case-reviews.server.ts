import { and, asc, eq, gte, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import { caseReview, organisation, referral } from "~/db/schema/index.ts";
import { queueWebhookEvent } from "~/domain/api/webhook-outbox.server.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { Executor } from "~/domain/kernel/database.ts";
import { requireEmployer, requireSystem } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { claimDueReferrals } from "~/domain/referrals/claim-due-referrals.server.ts";
import {
  employerReferralUrl,
  referralRecipients,
} from "~/domain/referrals/employer-notice.server.ts";
import { followUpPath } from "~/domain/referrals/follow-up.ts";
import type { ReferralStatus } from "~/domain/referrals/lifecycle.ts";
import {
  CASE_REVIEW_KIND_LABELS,
  type CaseReviewKind,
  REVIEWS_DUE_WINDOW_DAYS,
} from "./case-review-kinds.ts";
import { type ReportBody, ukDate } from "./report-body.ts";
import { caseReviewReminderEmail } from "./report-emails.ts";
import { addDays, reminderOn, reviewDatesOf } from "./review-dates.ts";

/*
 * The organisation's calendar of reviews (docs/architecture.md §4, "Reviews due"): written with
 * each release, reminded by a job five UK working days before each date, and listed on the
 * employer's dashboard.
 */

/**
 * The referral states whose reviews still stand. Reviews exist only once a report is released, so
 * these are the states of a released case: `complete`, and an amendment of its report under way
 * (back with the doctor, with the person, or on hold), during which the employer keeps the
 * released version and its dates.
 */
const STATUSES_UNDER_REVIEW = [
  "complete",
  "in_review",
  "awaiting_subject",
  "on_hold",
] as const satisfies readonly ReferralStatus[];

/**
 * The cases whose reviews are still to be kept: in a state above, and not closed. A complete case
 * the employer closed with no further action, like any case that ended, has `closed_at` set
 * (case-closure.ts), and no reminder of any kind is sent about a closed case.
 */
function caseUnderReview(): SQL {
  return and(
    inArray(referral.status, [...STATUSES_UNDER_REVIEW]),
    isNull(referral.closedAt),
  ) as SQL;
}

/**
 * In the release's transaction: the review dates of the released version (`reviewDatesOf`: the
 * dates its lines print, weeks counted from its signing) replace the referral's reviews still to
 * come, so a later version released on the same case calls this again. Reviews already past stay
 * as they were. A review still to come whose kind and date the new version keeps keeps its
 * reminder, so an unchanged date is not reminded twice. Returns how many dates it wrote.
 */
export async function recordReviewDates(
  tx: Executor,
  released: { id: string; referralId: string; organisationId: string },
  version: { version: number; body: ReportBody; signedAt: Date | null },
  releasedAt: Date,
): Promise<number> {
  const today = ukDate(releasedAt);
  const replaced = await tx
    .delete(caseReview)
    .where(and(eq(caseReview.referralId, released.referralId), gte(caseReview.dueOn, today)))
    .returning({
      kind: caseReview.kind,
      dueOn: caseReview.dueOn,
      remindedAt: caseReview.remindedAt,
    });
  const reminded = new Map(replaced.map((r) => [`${r.kind}:${r.dueOn}`, r.remindedAt]));
  const dates = reviewDatesOf(version.body, version.signedAt ?? releasedAt);
  if (dates.length === 0) return 0;
  await tx
    .insert(caseReview)
    .values(
      dates.map((d) => ({
        referralId: released.referralId,
        organisationId: released.organisationId,
        reportId: released.id,
        reportVersion: version.version,
        kind: d.kind,
        dueOn: d.dueOn,
        remindedAt: reminded.get(`${d.kind}:${d.dueOn}`) ?? null,
        createdAt: releasedAt,
      })),
    )
    .onConflictDoNothing();
  return dates.length;
}

/**
 * Five UK working days before at most fourteen calendar days before: Christmas, Boxing Day, New
 * Year's Day and their substitute days with two weekends. The exact rule (`reminderOn`) is
 * checked for each review.
 */
const REMINDER_HORIZON_DAYS = 14;

/**
 * The job's sweep: each review whose reminder day has come, not reminded yet, of a case still
 * under review, e-mailed to the referral's people (its owner and named managers, as every
 * employer e-mail about a case) with a link to the case. Each review is claimed by one
 * conditional UPDATE in the transaction that queues its e-mails, so two runs or two processes
 * remind it once. A review whose date has passed is not reminded (a report released late).
 * Returns how many reviews were reminded.
 */
export async function remindDueCaseReviews(scope: Scope): Promise<number> {
  const { db, now } = requireSystem(scope);
  const today = ukDate(now);
  const candidates = await db
    .select({
      id: caseReview.referralId,
      reviewId: caseReview.id,
      organisationId: caseReview.organisationId,
      kind: caseReview.kind,
      dueOn: caseReview.dueOn,
      reference: referral.reference,
      ownerId: referral.ownerId,
      organisationName: organisation.name,
    })
    .from(caseReview)
    .innerJoin(referral, eq(referral.id, caseReview.referralId))
    .innerJoin(organisation, eq(organisation.id, caseReview.organisationId))
    .where(
      and(
        visibleReferrals(scope),
        caseUnderReview(),
        isNull(caseReview.remindedAt),
        gte(caseReview.dueOn, today),
        lte(caseReview.dueOn, addDays(today, REMINDER_HORIZON_DAYS)),
      ),
    )
    .orderBy(asc(caseReview.dueOn))
    .limit(500);
  const due = candidates.filter((c) => reminderOn(c.dueOn) <= today);
  if (due.length === 0) return 0;
  return claimDueReferrals(scope, due, "case_review.reminded", async (tx, queue, c) => {
    const [claimed] = await tx
      .update(caseReview)
      .set({ remindedAt: now })
      .where(
        and(
          eq(caseReview.id, c.reviewId),
          isNull(caseReview.remindedAt),
          sql`exists (select 1 from ${referral} where ${referral.id} = ${caseReview.referralId} and ${caseUnderReview()} and ${visibleReferrals(scope)})`,
        ),
      )
      .returning({ id: caseReview.id });
    if (!claimed) return null;
    const recipients = await referralRecipients(tx, {
      id: c.id,
      organisationId: c.organisationId,
      ownerId: c.ownerId,
    });
    const mail = caseReviewReminderEmail({
      organisationName: c.organisationName,
      referralReference: c.reference,
      kindLabel: CASE_REVIEW_KIND_LABELS[c.kind],
      dueOn: c.dueOn,
      link: employerReferralUrl(scope.adapters.publicUrl, c.reference),
      followUpLink: new URL(followUpPath(c.reference), scope.adapters.publicUrl).toString(),
    });
    await queue(recipients.map((to) => ({ to, ...mail })));
    // The organisation's HR system hears of it with the e-mail, in the same transaction.
    await queueWebhookEvent(tx, {
      organisationId: c.organisationId,
      type: "review.due",
      data: { referralId: c.id, reference: c.reference, reviewKind: c.kind, dueOn: c.dueOn },
      now,
    });
    return { review: c.reviewId, kind: c.kind, dueOn: c.dueOn, recipients: recipients.length };
  });
}

interface ReviewDue {
  id: string;
  referralReference: string;
  subjectName: string;
  kind: CaseReviewKind;
  kindLabel: string;
  dueOn: string;
}

/** The dashboard lists at most this many; the case pages hold the rest. */
const REVIEWS_DUE_LIMIT = 20;

/**
 * The employer's "Reviews due": the reviews of the next 30 days (today's included) of the cases
 * the member may see (a manager only the referrals they own or are named on), soonest first. The
 * dates come from released reports, so a list that shows any is audited as a read of the
 * employer's cases, naming them by reference.
 */
export async function listReviewsDue(scope: Scope): Promise<ReviewDue[]> {
  const { db, actor, now } = requireEmployer(scope);
  const today = ukDate(now);
  const rows = await db
    .select({
      id: caseReview.id,
      referralReference: referral.reference,
      subjectName: referral.subjectName,
      kind: caseReview.kind,
      dueOn: caseReview.dueOn,
    })
    .from(caseReview)
    .innerJoin(referral, eq(referral.id, caseReview.referralId))
    .where(
      and(
        eq(caseReview.organisationId, actor.organisationId),
        visibleReferrals(scope),
        caseUnderReview(),
        gte(caseReview.dueOn, today),
        lte(caseReview.dueOn, addDays(today, REVIEWS_DUE_WINDOW_DAYS)),
      ),
    )
    .orderBy(asc(caseReview.dueOn), asc(referral.reference), asc(caseReview.kind))
    .limit(REVIEWS_DUE_LIMIT);
  if (rows.length > 0)
    await recordAuditEventAs(scope, {
      action: "case_review.employer_listed",
      object: { type: "organisation", id: actor.organisationId },
      details: {
        reviews: rows.length,
        referrals: [...new Set(rows.map((r) => r.referralReference))],
        via: "dashboard",
      },
    });
  return rows.map((r) => ({ ...r, kindLabel: CASE_REVIEW_KIND_LABELS[r.kind] }));
}
