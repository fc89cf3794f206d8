import type { RouterContextProvider } from "react-router";
import { data } from "react-router";
import type { ReferralDrawerData } from "~/components/referrals/referral-drawer.tsx";
import { runtimeContext } from "~/context.ts";
import { bookedConsultationReferralIds } from "~/domain/consultations/booking.server.ts";
import { ReferralError } from "~/domain/referrals/actor.ts";
import { getReferralForEmployer } from "~/domain/referrals/get-referral.server.ts";
import { referralIssue } from "~/domain/referrals/list-referrals.server.ts";
import { cancellableStatuses } from "~/domain/referrals/states.ts";
import { employerActor } from "~/middleware/employer.server.ts";

/** The drawer opened by ?viewReferral= / ?viewReport=: another organisation's id is a 404. */
export async function loadReferralDrawer(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<ReferralDrawerData | null> {
  const id = url.searchParams.get("viewReferral") ?? url.searchParams.get("viewReport");
  if (!id) return null;
  const runtime = context.get(runtimeContext);
  try {
    const actor = employerActor(context);
    const r = await getReferralForEmployer(runtime.database.db, {
      actor,
      referralId: id,
    });
    const booked = await bookedConsultationReferralIds(runtime.database.db, {
      organisationId: actor.organisationId,
      referralIds: [r.id],
    });
    return {
      ...r,
      consultationBooked: booked.has(r.id),
      issue: referralIssue(r),
      canRemind: r.status === "invited" || r.status === "in_progress",
      canCancel: (cancellableStatuses as readonly string[]).includes(r.status),
      report: null,
    };
  } catch (error) {
    if (error instanceof ReferralError && error.code === "not_found")
      throw data("Not found", { status: 404 });
    throw error;
  }
}
