import { z } from "zod";
import { runtimeContext } from "~/context.ts";
import { startPurchase } from "~/domain/billing/start-purchase.server.ts";
import { createPreEmploymentReferral } from "~/domain/referrals/create-pre-employment-referral.server.ts";
import { inviteSubject } from "~/domain/referrals/invite-subject.server.ts";
import { referralStatuses } from "~/domain/referrals/lifecycle.ts";
import { listReferrals } from "~/domain/referrals/list-referrals.server.ts";
import { saveManagementReferral } from "~/domain/referrals/save-management-referral.server.ts";
import { apiScope } from "~/middleware/api-key.server.ts";
import { problemResponse } from "~/middleware/problem.server.ts";
import type { Route } from "./+types/referrals";
import {
  CreatedReferral,
  createReferralSchema,
  PaymentRequired,
  ReferralPage,
} from "./contract.ts";
import { idempotent } from "./idempotent.server.ts";
import { referralDetail } from "./referral-detail.server.ts";
import { answering, jsonAnswer, readJsonBody, readQuery } from "./respond.server.ts";

const listQuery = z.object({
  status: z.enum(referralStatuses).optional(),
  search: z.string().max(100).optional(),
  after: z.uuid().optional(),
});

/** GET /api/v1/referrals: a page of the organisation's referrals, newest first (keyset). */
export function loader({ request, context }: Route.LoaderArgs) {
  return answering(async () => {
    const scope = apiScope(context, "referrals:read");
    const query = readQuery(request.url, listQuery);
    const page = await listReferrals(scope, query);
    return jsonAnswer(ReferralPage, { data: page.rows, nextCursor: page.nextCursor });
  });
}

/**
 * POST /api/v1/referrals: a referral of either type, through the same use cases as the forms.
 * Credits that cover it are spent and the person is invited (201); otherwise the referral waits
 * for payment and the answer is 402 with the link where a person pays for it.
 */
export function action({ request, context }: Route.ActionArgs) {
  return answering(async () => {
    if (request.method !== "POST")
      return problemResponse(405, "invalid_input", "Use GET to list or POST to create.", {
        headers: { Allow: "GET, POST" },
      });
    const scope = apiScope(context, "referrals:write");
    const runtime = context.get(runtimeContext);
    return idempotent(request, scope, async () => {
      const input = await readJsonBody(request, createReferralSchema());
      const provider = runtime.payments.id;
      const { referral, placement } =
        input.type === "pre_employment"
          ? await createPreEmploymentReferral(scope, { input, provider })
          : await saveManagementReferral(scope, { intent: "submit", input, provider });
      if (!placement || placement.method === "credits") {
        await inviteSubject(scope, runtime, { referralId: referral.id, kind: "initial" });
        return jsonAnswer(
          CreatedReferral,
          { referral: await referralDetail(scope, referral.id) },
          { status: 201, headers: { Location: `/api/v1/referrals/${referral.reference}` } },
        );
      }
      const { redirectUrl } = await startPurchase(scope, {
        orderId: placement.orderId,
        successPath: `/review-referral?referral=${referral.id}`,
        cancelPath: `/employer-referrals?viewReferral=${referral.id}`,
      });
      const answer = jsonAnswer(
        PaymentRequired,
        {
          type: "urn:referoh:problem:payment_required",
          title: "Payment required",
          status: 402,
          detail:
            "The organisation's credits do not cover this referral. It was created and waits for payment at paymentUrl.",
          referral: await referralDetail(scope, referral.id),
          paymentUrl: new URL(redirectUrl, scope.adapters.publicUrl).toString(),
        },
        { status: 402, headers: { Location: `/api/v1/referrals/${referral.reference}` } },
      );
      answer.headers.set("Content-Type", "application/problem+json");
      return answer;
    });
  });
}
