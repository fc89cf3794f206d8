import type { RouterContextProvider } from "react-router";
import type { ReferralDrawerData } from "~/components/referrals/referral-details.tsx";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { describeReferralPayment } from "~/domain/billing/referral-payment.server.ts";
import { bookedConsultationReferralIds } from "~/domain/consultations/booking.server.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { cancellationRefusal } from "~/domain/referrals/cancel-referral.server.ts";
import { isClosed } from "~/domain/referrals/case-closure.ts";
import { getReferralForEmployer } from "~/domain/referrals/get-referral.server.ts";
import { canAct } from "~/domain/referrals/lifecycle.ts";
import { referralIssue } from "~/domain/referrals/list-referrals.server.ts";
import { getReferralPeople } from "~/domain/referrals/referral-people.server.ts";
import { reinvitationDeadline } from "~/domain/referrals/reinvite-referral.server.ts";
import { getReleasedReportForReferral } from "~/domain/reports/get-released-report-for-referral.server.ts";
import { refusalMessage, refusalResponse } from "~/middleware/refusal.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";

/**
 * The drawer opened by ?viewReferral= / ?viewReport=, by internal id or public reference. An
 * unknown key, or another organisation's, is "not_found" (`drawerRefusal`): the page says so and
 * drops the query.
 */
export async function loadReferralDrawer(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<ReferralDrawerData | "not_found" | null> {
  const key = url.searchParams.get("viewReferral") ?? url.searchParams.get("viewReport");
  if (!key) return null;
  return loadReferralDetails(context, key, "referral_drawer").catch(drawerRefusal);
}

/**
 * A drawer's refusal, from its code (docs/architecture.md §3b). The list or dashboard it opens
 * over is still the caller's, so "not found" keeps the page (200) and the page says it where the
 * drawer would have been, rather than the whole page becoming the 404 page for a stale link. Any
 * other refusal is the map's answer for the page (`refusalResponse`).
 */
function drawerRefusal(error: unknown): "not_found" {
  if (isDomainError(error, "not_found")) return "not_found";
  throw refusalResponse(error, refusalMessage);
}

/**
 * What the employer reads about one referral, for the drawer and for the referral's own page
 * (/employer-referrals/:referralId) alike: by internal id or public reference, through the
 * employer's visibility (another organisation's, or a manager's colleague's, is refused as
 * "not_found", for the caller to answer). The released report is read and audited with where it
 * was shown (`via`).
 */
export async function loadReferralDetails(
  context: Readonly<RouterContextProvider>,
  key: string,
  via: "referral_drawer" | "referral_page",
): Promise<ReferralDrawerData> {
  const scope = requireEmployer(currentScope(context));
  const r = await getReferralForEmployer(scope, key.slice(0, 64));
  const [booked, payment, report, people] = await Promise.all([
    bookedConsultationReferralIds(scope, [r.id]),
    describeReferralPayment(currentScope(context), {
      referralId: r.id,
      paymentMethod: r.paymentMethod,
      orderId: r.orderId,
    }),
    // Complete, or amending a report released before: the released version (or none) is read.
    canAct(r.status, "employer", "view_report")
      ? releasedReport(scope, r.id, via)
      : Promise.resolve(null),
    getReferralPeople(scope, r.id),
  ]);
  const canCancel = canAct(r.status, "employer", "cancel");
  // The domain's rule for re-inviting, so the page offers it exactly while the server allows it.
  const deadline =
    canAct(r.status, "employer", "reinvite") && r.invitedAt
      ? reinvitationDeadline(r.invitedAt)
      : null;
  const canReinvite = deadline !== null && scope.now.getTime() <= deadline.getTime();
  // Closing is the complete case's only: a cancelled or withheld one is closed by its ending.
  const closed = r.status === "complete" && isClosed(r);
  return {
    ...r,
    canReinvite,
    reinviteUntil: canReinvite ? deadline : null,
    canClose: canAct(r.status, "employer", "close") && !closed,
    closedAt: closed ? r.closedAt : null,
    consultationBooked: booked.has(r.id),
    issue: referralIssue(r),
    canRemind: canAct(r.status, "employer", "remind"),
    canCancel,
    cancelRefusal: canCancel ? null : cancellationRefusal(r.status),
    payment,
    report,
    people,
  };
}

/**
 * The released report of a referral, as the employer's report page shows it (complete, or under an
 * amendment); audited.
 */
async function releasedReport(
  scope: Scope,
  referralId: string,
  via: "referral_drawer" | "referral_page",
): Promise<ReferralDrawerData["report"]> {
  const found = await getReleasedReportForReferral(scope, referralId);
  if (!found) return null;
  await recordAuditEventAs(scope, {
    action: "report.employer_viewed",
    outcome: "success",
    object: { type: "report", id: found.id },
    details: { reference: found.reference, state: found.state, via },
  });
  return {
    reference: found.reference,
    fitness: found.fitness,
    sections: found.sections,
    signature: found.signature,
    releasedAt: found.releasedAt ? found.releasedAt.toISOString() : null,
    pdfUrl: `/employer-reports/${found.reference}.pdf`,
  };
}
