import { and, eq, type SQL } from "drizzle-orm";
import { doctorProfile, questionnaireResponse, referral, user } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { DoctorActor } from "~/domain/kernel/actor.ts";
import type { Executor, Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import {
  visibleQuestionnaireResponses,
  visibleReferrals,
} from "~/domain/kernel/visibility.server.ts";
import { isUuid } from "~/lib/ids.ts";

/**
 * How a doctor reaches a case (docs/architecture.md §3b): always through `visibleReferrals`, so
 * another doctor's case is indistinguishable from one that does not exist.
 */
export function caseNotFound(): DomainError {
  return new DomainError("not_found", "Case not found.");
}

/** A case the doctor may see (locked, inside a transaction, with `lock`), or not_found. */
export function findVisibleReferral(
  db: Executor,
  scope: Scope<DoctorActor>,
  referralId: string,
  options: { lock?: boolean } = {},
) {
  return readCase(db, scope, referralId, undefined, options);
}

/**
 * The person's answers on a case, read through `visibleQuestionnaireResponses`: the case page and
 * the disclosure gate read them alike, and a doctor reaches only the cases the builder allows.
 */
export async function caseResponse(
  db: Pick<Executor, "select">,
  doctor: Scope<DoctorActor> | DoctorActor,
  referralId: string,
) {
  const [response] = await db
    .select()
    .from(questionnaireResponse)
    .where(
      and(eq(questionnaireResponse.referralId, referralId), visibleQuestionnaireResponses(doctor)),
    );
  return response;
}

/**
 * The doctor's own case: visible and assigned to them (an urgent case another doctor holds is
 * visible but not theirs to write); anything else is not found. Locked for the transaction when
 * asked.
 */
export function ownCase(
  db: Executor,
  scope: Scope<DoctorActor>,
  referralId: string,
  options: { lock?: boolean } = {},
) {
  return readCase(
    db,
    scope,
    referralId,
    eq(referral.assignedDoctorId, scope.actor.userId),
    options,
  );
}

/** A visible case that also meets `condition`, or not_found: a malformed id is not found either. */
async function readCase(
  db: Executor,
  scope: Scope<DoctorActor>,
  referralId: string,
  condition: SQL | undefined,
  { lock = false }: { lock?: boolean },
) {
  if (!isUuid(referralId)) throw caseNotFound();
  const query = db
    .select()
    .from(referral)
    .where(and(eq(referral.id, referralId), visibleReferrals(scope), condition));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw caseNotFound();
  return row;
}

/** The doctor's own case, locked for this transaction. */
export function lockOwnCase(tx: Tx, scope: Scope<DoctorActor>, referralId: string) {
  return ownCase(tx, scope, referralId, { lock: true });
}

/** The doctor's own case in review, locked for this transaction. */
export async function lockOwnCaseInReview(tx: Tx, scope: Scope<DoctorActor>, referralId: string) {
  const row = await lockOwnCase(tx, scope, referralId);
  if (row.status !== "in_review")
    throw new DomainError("invalid_state", "This report can no longer be changed.");
  return row;
}

/**
 * The doctor's name and registration for a signature. The database copy of
 * `doctor_profile.active` is checked here, since the session's copy is only as fresh as the
 * request.
 */
export async function doctorSignatureOf(db: Executor, doctorId: string) {
  const [row] = await db
    .select({
      name: user.name,
      gmcNumber: doctorProfile.gmcNumber,
      qualifications: doctorProfile.qualifications,
      active: doctorProfile.active,
    })
    .from(doctorProfile)
    .innerJoin(user, eq(user.id, doctorProfile.userId))
    .where(eq(doctorProfile.userId, doctorId));
  if (!row?.active) throw new DomainError("forbidden", "Your access as a doctor has been revoked.");
  return row;
}

/**
 * A signature as a report version keeps it: the name and registration the doctor had when they
 * wrote or signed that version, whatever their profile says later.
 */
export function versionAuthorship(signature: {
  name: string;
  gmcNumber: string;
  qualifications: string | null;
}) {
  return {
    authorName: signature.name,
    authorGmcNumber: signature.gmcNumber,
    authorQualifications: signature.qualifications,
  };
}

/** A doctor's successful step on a case, in the audit log: what, never the health content. */
export async function auditCase(
  db: Executor,
  scope: Scope,
  referralId: string,
  action: string,
  details?: Record<string, unknown>,
) {
  await recordAuditEventAs(
    scope,
    {
      action,
      object: { type: "referral", id: referralId },
      details,
    },
    db,
  );
}
