import {
  creditPack,
  formatPence,
  membership,
  services,
  turnaroundHours,
} from "~/domain/billing/catalogue.ts";
import type { PlanRecommendation } from "~/domain/billing/recommend-plan.ts";

/** How the quiz presents each recommendation; every figure comes from the catalogue. */
export const planDetails: Record<
  PlanRecommendation,
  { name: string; summary: string; points: string[] }
> = {
  "pay-per-referral": {
    name: "Pay Per Referral",
    summary:
      "You need occupational health now and then, and a 48-hour turnaround suits you. Pay for each case as you go, with no membership.",
    points: [
      `Pre-employment check ${formatPence(services.pre_employment.standardPricePence)}`,
      `Management referral ${formatPence(services.management.standardPricePence)}`,
      `${turnaroundHours.payPerReferral}-hour turnaround`,
    ],
  },
  starter: packPlan(
    "starter",
    "A steady trickle of new starters or referrals, and you value faster reports.",
  ),
  value: packPlan(
    "value",
    "Regular hiring or several referrals a year: enough volume to plan ahead with credits.",
  ),
  plus: packPlan(
    "plus",
    "High volumes of hiring and referrals, where priority scheduling and 24-hour reports matter most.",
  ),
};

function packPlan(id: "starter" | "value" | "plus", why: string) {
  const pack = creditPack(id);
  return {
    name: `Membership + ${pack.name} credit pack`,
    summary: `${why} A membership with the ${pack.name} pack of ${pack.credits} credits covers it.`,
    points: [
      `Membership ${formatPence(membership.monthly.pricePence)} a month or ${formatPence(membership.annual.pricePence)} a year`,
      `${pack.name} pack: ${pack.credits} credits for ${formatPence(pack.pricePence)}, valid 12 months`,
      `${turnaroundHours.member}-hour turnaround and priority scheduling`,
    ],
  };
}
