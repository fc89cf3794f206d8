import { type ReferralType, services, turnaroundHours, vatOn } from "./catalogue.ts";
import type { MembershipStanding } from "./price-order.ts";
import { formatMoney } from "./referral-payment.ts";

type ReferralCost =
  | { method: "credits"; credits: number; balance: number }
  | {
      method: "card";
      netPence: number;
      vatPence: number;
      totalPence: number;
      memberPrice: boolean;
      turnaroundHours: number;
    };

/**
 * What submitting a referral will spend, decided as placeReferral decides it: credits when the
 * balance covers the cost, otherwise the member or standard price plus VAT, by card.
 */
export function referralCost(
  type: ReferralType,
  { credits, standing }: { credits: number; standing: MembershipStanding },
): ReferralCost {
  const service = services[type];
  if (credits >= service.creditCost)
    return { method: "credits", credits: service.creditCost, balance: credits };
  const member = standing !== "none";
  const netPence = member ? service.memberPricePence : service.standardPricePence;
  const vatPence = vatOn(netPence);
  return {
    method: "card",
    netPence,
    vatPence,
    totalPence: netPence + vatPence,
    memberPrice: member,
    turnaroundHours: member ? turnaroundHours.member : turnaroundHours.payPerReferral,
  };
}

/** The sentence the referral forms show beside their submit button. */
export function describeReferralCost(cost: ReferralCost): string {
  if (cost.method === "credits") {
    const left = cost.balance - cost.credits;
    return `Submitting uses ${cost.credits} ${cost.credits === 1 ? "credit" : "credits"} from your balance of ${cost.balance} (${left} left). Nothing is charged to a card.`;
  }
  return `You do not have enough credits, so you pay ${formatMoney(cost.totalPence)} by card on the next page: ${formatMoney(cost.netPence)} (${cost.memberPrice ? "member price" : "standard price"}) + ${formatMoney(cost.vatPence)} VAT. Report within ${cost.turnaroundHours} hours.`;
}
