import { and, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import type { ReferralDrawerData } from "~/components/referrals/referral-drawer.tsx";
import { runtimeContext } from "~/context.ts";
import { report as reportTable } from "~/db/schema/index.ts";
import { describeReferralPayment } from "~/domain/billing/referral-payment.server.ts";
import { bookedConsultationReferralIds } from "~/domain/consultations/booking.server.ts";
import { ReferralError } from "~/domain/referrals/actor.ts";
import { cancellationRefusal } from "~/domain/referrals/cancel-referral.server.ts";
import { getReferralForEmployer } from "~/domain/referrals/get-referral.server.ts";
import { referralIssue } from "~/domain/referrals/list-referrals.server.ts";
import { cancellableStatuses } from "~/domain/referrals/states.ts";
import { getEmployerReport } from "~/domain/reports/get-employer-report.server.ts";
import { employerActor } from "~/middleware/employer.server.ts";
import { currentScope } from "~/middleware/scope.server.ts";
import { auditEmployerReportAccess } from "./report-audit.server.ts";

/**
 * The drawer opened by ?viewReferral= / ?viewReport=, by internal id or public reference. An
 * unknown key, or another organisation's, is "not_found": the page says so and drops the query.
 */
export async function loadReferralDrawer(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<ReferralDrawerData | "not_found" | null> {
  const key = url.searchParams.get("viewReferral") ?? url.searchParams.get("viewReport");
  if (!key) return null;
  const runtime = context.get(runtimeContext);
  const { db } = runtime.database;
  const actor = employerActor(context);
  let r: Awaited<ReturnType<typeof getReferralForEmployer>>;
  try {
    r = await getReferralForEmployer(db, { actor, referralId: key.slice(0, 64) });
  } catch (error) {
    if (error instanceof ReferralError && error.code === "not_found") return "not_found";
    throw error;
  }
  const [booked, payment, report] = await Promise.all([
    bookedConsultationReferralIds(db, {
      organisationId: actor.organisationId,
      referralIds: [r.id],
    }),
    describeReferralPayment(currentScope(context), {
      referralId: r.id,
      paymentMethod: r.paymentMethod,
      orderId: r.orderId,
    }),
    r.status === "complete" ? releasedReport(context, r.id) : Promise.resolve(null),
  ]);
  const canCancel = (cancellableStatuses as readonly string[]).includes(r.status);
  return {
    ...r,
    consultationBooked: booked.has(r.id),
    issue: referralIssue(r),
    canRemind: r.status === "invited" || r.status === "in_progress",
    canCancel,
    cancelRefusal: canCancel ? null : cancellationRefusal(r.status),
    payment,
    expiredUnpaid: r.status === "expired" && payment.order?.status === "expired",
    report,
  };
}

/** The released report of a complete referral, as the employer's report page shows it; audited. */
async function releasedReport(
  context: Readonly<RouterContextProvider>,
  referralId: string,
): Promise<ReferralDrawerData["report"]> {
  const runtime = context.get(runtimeContext);
  const actor = employerActor(context);
  const [row] = await runtime.database.db
    .select({ reference: reportTable.reference })
    .from(reportTable)
    .where(
      and(
        eq(reportTable.referralId, referralId),
        eq(reportTable.organisationId, actor.organisationId),
        eq(reportTable.status, "released"),
      ),
    );
  if (!row) return null;
  const found = await getEmployerReport(runtime.database.db, {
    actor,
    reference: row.reference,
  }).catch((error) => {
    if (error instanceof ReferralError && error.code === "not_found") return null;
    throw error;
  });
  if (found?.state !== "released" || !found) return null;
  await auditEmployerReportAccess(context, actor, {
    action: "report.employer_viewed",
    outcome: "success",
    object: { type: "report", id: found.id },
    details: { reference: found.reference, state: found.state, via: "referral_drawer" },
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
