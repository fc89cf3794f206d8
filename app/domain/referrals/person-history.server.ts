import { and, asc, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { caseReview, referral, report } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals, visibleReports } from "~/domain/kernel/visibility.server.ts";
import {
  CASE_REVIEW_KIND_LABELS,
  type CaseReviewKind,
} from "~/domain/reports/case-review-kinds.ts";
import { employerReferral } from "./get-referral.server.ts";
import { type ReferralStatus, statusLabels } from "./lifecycle.ts";

/*
 * The person's history (docs/architecture.md §4, "The person's history"): within an
 * organisation, the referrals about one person are those with the same e-mail address, compared
 * trimmed and without case. The history shows when each case ran and where it ended, never what
 * it was about: no reason, no notes, no answers, no report text.
 */

/** How an address is compared: trimmed, lower case (as the subject access export finds a person). */
export function personKey(email: string): string {
  return email.trim().toLowerCase();
}

/** The rows of one person in the employer's organisation, served by the (organisation, address) index. */
function samePerson(organisationId: string, email: string): SQL {
  return and(
    eq(referral.organisationId, organisationId),
    sql`lower(trim(${referral.subjectEmail})) = ${personKey(email)}`,
  ) as SQL;
}

interface EarlierPerson {
  name: string;
  reference: string;
}

/**
 * Before a referral is saved: the earlier referral of the organisation that uses this address
 * under another name, among those the member may see (the most recent), so the form can ask
 * whether it is the same person. Nothing when none the member may see uses the address, or one of
 * them already carries this name: a manager is never told that a case they cannot see exists.
 */
export async function earlierPersonUnderAnotherName(
  scope: Scope,
  { email, name, referralId }: { email: string; name: string; referralId?: string },
): Promise<EarlierPerson | null> {
  const { db, actor } = requireEmployer(scope);
  if (!email.trim() || !name.trim()) return null;
  const rows = await db
    .select({ name: referral.subjectName, reference: referral.reference })
    .from(referral)
    .where(
      and(
        samePerson(actor.organisationId, email),
        visibleReferrals(scope),
        // The draft being edited is not an earlier referral.
        referralId ? ne(referral.id, referralId) : undefined,
      ),
    )
    .orderBy(desc(referral.createdAt), desc(referral.id))
    .limit(50);
  const typed = personKey(name);
  if (rows.length === 0 || rows.some((r) => personKey(r.name) === typed)) return null;
  return rows[0]!;
}

interface PersonCaseReview {
  kindLabel: string;
  dueOn: string;
}

interface PersonCase {
  id: string;
  reference: string;
  type: "management" | "pre_employment";
  subjectName: string;
  status: ReferralStatus;
  statusLabel: string;
  createdAt: Date;
  submittedAt: Date | null;
  reportReleasedAt: Date | null;
  closedAt: Date | null;
  reviews: PersonCaseReview[];
  /** The case the history was opened from. */
  current: boolean;
}

interface PersonHistory {
  /** The case the page was opened from, by which the page is addressed. */
  referral: { id: string; reference: string; subjectName: string };
  cases: PersonCase[];
}

/**
 * One person's cases in the employer's organisation, newest first, opened from one referral the
 * member may see (never from an address in a URL). Each case is one the member may see
 * (`visibleReferrals`: a manager only their own or named ones), with its dates, its type, where
 * it stands in the lifecycle's words, when its report was released (where the member may see the
 * report), its review dates and whether it was closed. An audited read naming the cases shown.
 */
export async function getPersonHistory(scope: Scope, referralKey: string): Promise<PersonHistory> {
  const { db, actor } = requireEmployer(scope);
  const anchor = await employerReferral(db, scope, referralKey, {
    id: referral.id,
    reference: referral.reference,
    subjectName: referral.subjectName,
    subjectEmail: referral.subjectEmail,
  });

  const rows = await db
    .select({
      id: referral.id,
      reference: referral.reference,
      type: referral.type,
      subjectName: referral.subjectName,
      status: referral.status,
      createdAt: referral.createdAt,
      submittedAt: referral.submittedAt,
      closedAt: referral.closedAt,
      reportReleasedAt: report.releasedAt,
    })
    .from(referral)
    .leftJoin(report, and(eq(report.referralId, referral.id), visibleReports(scope)))
    .where(and(samePerson(actor.organisationId, anchor.subjectEmail), visibleReferrals(scope)))
    .orderBy(desc(referral.createdAt), desc(referral.id));

  const ids = rows.map((r) => r.id);
  const reviews =
    ids.length === 0
      ? []
      : await db
          .select({
            referralId: caseReview.referralId,
            kind: caseReview.kind,
            dueOn: caseReview.dueOn,
          })
          .from(caseReview)
          .where(
            and(
              eq(caseReview.organisationId, actor.organisationId),
              inArray(caseReview.referralId, ids),
            ),
          )
          .orderBy(asc(caseReview.dueOn), asc(caseReview.kind));

  const cases = rows.map((r) => ({
    ...r,
    statusLabel: statusLabels[r.status],
    reviews: reviews
      .filter((v) => v.referralId === r.id)
      .map((v) => ({
        kindLabel: CASE_REVIEW_KIND_LABELS[v.kind as CaseReviewKind],
        dueOn: v.dueOn,
      })),
    current: r.id === anchor.id,
  }));

  await recordAuditEventAs(scope, {
    action: "referral.person_history_viewed",
    object: { type: "referral", id: anchor.id },
    details: { reference: anchor.reference, referrals: cases.map((c) => c.reference) },
  });

  return {
    referral: { id: anchor.id, reference: anchor.reference, subjectName: anchor.subjectName },
    cases,
  };
}

/**
 * The member said the person on the form is the one referred before under another name: the
 * referrals are grouped from now on by their shared address, and that judgement is on the record
 * (the earlier referral's reference, never the names or the address).
 */
export async function recordSamePersonConfirmed(scope: Scope, earlier: { reference: string }) {
  await recordAuditEventAs(scope, {
    action: "referral.same_person_confirmed",
    details: { earlierReference: earlier.reference },
  });
}
