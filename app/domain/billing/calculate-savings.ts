import { membership, type ReferralType, services } from "./catalogue.ts";

/**
 * The savings calculator (docs/architecture.md §9): one month of cases paid per referral, against one month
 * of membership plus the member price for the same cases. The membership fee is on the member
 * side, so small volumes honestly show no saving, and the break-even volume is computed rather
 * than assumed (ADR 0005 explains the one-month basis).
 */
interface SavingsEstimate {
  type: ReferralType;
  casesPerMonth: number;
  payPerReferralTotalPence: number;
  membershipFeePence: number;
  memberCasesTotalPence: number;
  /** Membership fee plus the member price of every case. */
  memberTotalPence: number;
  /** Pay-per-referral total minus member total; negative when membership costs more. */
  monthlySavingsPence: number;
  /** Rounded percentage of the pay-per-referral total; 0 when there is no saving. */
  savingsPercent: number;
  /** Twelve months of the monthly saving (never negative). */
  annualSavingsPence: number;
  /** The smallest monthly volume at which membership costs less than paying per referral. */
  breakEvenCasesPerMonth: number;
}

export function calculateSavings(casesPerMonth: number, type: ReferralType): SavingsEstimate {
  if (!Number.isInteger(casesPerMonth) || casesPerMonth < 0)
    throw new RangeError("casesPerMonth must be a whole number, 0 or more");
  const service = services[type];
  const membershipFeePence = membership.monthly.pricePence;
  const payPerReferralTotalPence = casesPerMonth * service.standardPricePence;
  const memberCasesTotalPence = casesPerMonth * service.memberPricePence;
  const memberTotalPence = membershipFeePence + memberCasesTotalPence;
  const monthlySavingsPence = payPerReferralTotalPence - memberTotalPence;
  const positive = Math.max(0, monthlySavingsPence);
  const discountPerCase = service.standardPricePence - service.memberPricePence;
  return {
    type,
    casesPerMonth,
    payPerReferralTotalPence,
    membershipFeePence,
    memberCasesTotalPence,
    memberTotalPence,
    monthlySavingsPence,
    savingsPercent: positive > 0 ? Math.round((positive / payPerReferralTotalPence) * 100) : 0,
    annualSavingsPence: positive * 12,
    // Strictly cheaper: the first whole number of cases whose discounts exceed the fee.
    breakEvenCasesPerMonth: Math.floor(membershipFeePence / discountPerCase) + 1,
  };
}
