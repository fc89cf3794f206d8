import { referral } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { ownCase } from "~/domain/doctor/case-access.server.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { getReferralForEmployer } from "~/domain/referrals/get-referral.server.ts";
import { threadStateOf } from "./case-thread.server.ts";
import { listCaseDocuments } from "./list-case-documents.server.ts";

/** The case a documents page is about, found through the caller's own visibility. */
async function caseOf(scope: Scope, referralKey: string) {
  const { actor, db } = scope;
  switch (actor.role) {
    case "employer":
      return { side: "employer" as const, row: await getReferralForEmployer(scope, referralKey) };
    case "doctor":
      return {
        side: "doctor" as const,
        row: await ownCase(db, scope as Scope<typeof actor>, referralKey),
      };
    case "subject": {
      const [row] = await db
        .select({
          id: referral.id,
          status: referral.status,
          reference: referral.reference,
          subjectName: referral.subjectName,
        })
        .from(referral)
        .where(visibleReferrals(scope));
      if (!row) throw new DomainError("not_found", "Assessment not found.");
      return { side: "subject" as const, row };
    }
    default:
      throw new DomainError("forbidden", "Only the people on a case have its documents.");
  }
}

/**
 * A case's documents page (docs/architecture.md §4, "The case conversation"), for whoever is on
 * the case: the employer (by id or reference), the doctor it is assigned to, or the person holding
 * its link. The documents this side may read (never their content), whether it may send one now,
 * and an audit of what was listed.
 */
export async function getCaseDocuments(scope: Scope, { referralKey }: { referralKey: string }) {
  const { side, row } = await caseOf(scope, referralKey);
  const [documents, state] = await Promise.all([
    listCaseDocuments(scope, { referralId: row.id }),
    threadStateOf(scope.db, scope, side, row),
  ]);
  await recordAuditEventAs(scope, {
    action: "conversation.documents_listed",
    object: { type: "referral", id: row.id },
    details: { documentsShown: documents.length },
  });
  return {
    referral: { id: row.id, reference: row.reference, subjectName: row.subjectName },
    documents,
    state,
  };
}
