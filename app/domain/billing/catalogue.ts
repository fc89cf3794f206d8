/**
 * The one price catalogue (seed §9, docs/architecture.md §6). Every page, calculator, order and invoice reads
 * its figures from here. Money is in pence (integers) to keep arithmetic exact; prices exclude VAT,
 * which orders and invoices add at `vatRate`.
 */

export const currency = "GBP" as const;

/** UK standard rate, applied to every order line. */
export const vatRate = 0.2;

export type MembershipInterval = "monthly" | "annual";
export type ReferralType = "pre_employment" | "management";

export const membership = {
  monthly: { interval: "monthly", pricePence: 125_00, label: "Monthly" },
  /** £1,350 a year: 10% less than twelve monthly payments (£1,500). */
  annual: { interval: "annual", pricePence: 1_350_00, label: "Annual" },
  perks: [
    "Priority scheduling",
    "24-hour turnaround",
    "Access to credit packs",
    "Discounted services",
  ],
} as const satisfies Record<
  MembershipInterval,
  { interval: MembershipInterval; pricePence: number; label: string }
> & {
  perks: readonly string[];
};

export type CreditPackId = "starter" | "value" | "plus" | "enterprise";

interface CreditPack {
  id: CreditPackId;
  name: string;
  credits: number;
  pricePence: number;
  description: string;
  features: readonly string[];
  recommended: boolean;
}

/** Credits from a pack are valid for this many months from purchase (membership required). */
export const creditValidityMonths = 12;

export const creditPacks: readonly CreditPack[] = [
  {
    id: "starter",
    name: "Starter",
    credits: 10,
    pricePence: 850_00,
    description: "For occasional hiring and the odd referral.",
    features: ["10 credits", "Valid for 12 months", "24-hour turnaround"],
    recommended: false,
  },
  {
    id: "value",
    name: "Value",
    credits: 20,
    pricePence: 1_700_00,
    description: "Our most popular pack for growing teams.",
    features: ["20 credits", "Valid for 12 months", "24-hour turnaround"],
    recommended: true,
  },
  {
    id: "plus",
    name: "Plus",
    credits: 40,
    pricePence: 3_400_00,
    description: "For regular recruitment and case management.",
    features: ["40 credits", "Valid for 12 months", "24-hour turnaround"],
    recommended: false,
  },
  {
    id: "enterprise",
    name: "Enterprise",
    credits: 100,
    pricePence: 8_000_00,
    description: "For larger employers, with a dedicated account manager.",
    features: [
      "100 credits",
      "Valid for 12 months",
      "24-hour turnaround",
      "Dedicated account manager",
    ],
    recommended: false,
  },
];

export function creditPack(id: CreditPackId): CreditPack {
  const pack = creditPacks.find((p) => p.id === id);
  if (!pack) throw new Error(`Unknown credit pack ${id}`);
  return pack;
}

interface ServicePrice {
  type: ReferralType;
  name: string;
  /** Credits one case of this type uses. */
  creditCost: number;
  /** Pay per referral for members. */
  memberPricePence: number;
  /** Pay per referral without a membership. */
  standardPricePence: number;
}

export const services: Record<ReferralType, ServicePrice> = {
  pre_employment: {
    type: "pre_employment",
    name: "Pre-employment Check",
    creditCost: 1,
    memberPricePence: 85_00,
    standardPricePence: 95_00,
  },
  management: {
    type: "management",
    name: "Management Referral",
    creditCost: 4,
    memberPricePence: 340_00,
    standardPricePence: 380_00,
  },
};

/** Hours from the completed questionnaire to the doctor's report (docs/architecture.md §9). */
export const turnaroundHours = { member: 24, payPerReferral: 48 } as const;

/** Included with a pay-per-referral pre-employment check (seed §9). */
export const preEmploymentPhysicianCallMinutes = 30;

/** Savings calculator slider (seed §9). */
export const savingsCalculatorRange = { min: 1, max: 10, step: 1, default: 3 } as const;

/** Package price calculator default quantity (seed §4). */
export const packageCalculatorDefaultQuantity = 3;

/** VAT on a net amount, rounded to the penny (HMRC allows rounding per line). */
export function vatOn(netPence: number): number {
  return Math.round(netPence * vatRate);
}

const wholePounds = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency,
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const poundsAndPence = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "£1,350" for whole pounds, "£12.50" otherwise (never "£12.5"). */
export function formatPence(pence: number): string {
  return (pence % 100 === 0 ? wholePounds : poundsAndPence).format(pence / 100);
}
