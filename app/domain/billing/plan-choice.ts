import { z } from "zod";
import type { CreditPackId, MembershipInterval, ReferralType } from "./catalogue.ts";
import type { OrderRequest } from "./price-order.ts";

/** The tabs of /package-selection, in the seed's order. */
export const planTabs = ["membership", "packs", "referral"] as const;
export type PlanTab = (typeof planTabs)[number];

export function planTabFrom(value: string | null | undefined): PlanTab {
  return (planTabs as readonly string[]).includes(value ?? "") ? (value as PlanTab) : "membership";
}

/**
 * A card on /package-selection, as its form value: the only thing the browser sends. Prices are
 * looked up on the server from the catalogue.
 */
const planValues = [
  "membership-monthly",
  "membership-annual",
  "pack-starter",
  "pack-value",
  "pack-plus",
  "pack-enterprise",
  "referral-pre_employment",
  "referral-management",
] as const;

type PlanChoice =
  | { kind: "membership"; interval: MembershipInterval }
  | { kind: "credit_pack"; packId: CreditPackId }
  | { kind: "referral"; referralType: ReferralType };

const planSchema = z.enum(planValues);

/** The /package-selection form: one card chosen; the message is the seed's. */
export const planSelectionSchema = z.object({
  plan: z.enum(planValues, { error: "Please select a plan to continue" }),
});

/** The payment page's Credit Pack + Membership form: the pack to add to the membership. */
export const bundleSelectionSchema = z.object({
  plan: z.enum(["pack-starter", "pack-value", "pack-plus", "pack-enterprise"], {
    error: "Please select a subscription plan to continue",
  }),
});

/** Parses the submitted card; null when nothing (or something unknown) was chosen. */
export function parsePlanChoice(value: unknown): PlanChoice | null {
  const parsed = planSchema.safeParse(value);
  if (!parsed.success) return null;
  const [kind, id] = parsed.data.split("-") as [string, string];
  if (kind === "membership") return { kind: "membership", interval: id as MembershipInterval };
  if (kind === "pack") return { kind: "credit_pack", packId: id as CreditPackId };
  return { kind: "referral", referralType: id as ReferralType };
}

/** Pay per referral is paid once the referral exists, so it starts at the referral's form. */
export function referralFormPath(referralType: ReferralType): string {
  return referralType === "pre_employment" ? "/pre-employment-referral" : "/employer-referral";
}

/** The order a membership or pack choice becomes (referrals are ordered from their form). */
export function orderRequestFor(choice: Exclude<PlanChoice, { kind: "referral" }>): OrderRequest {
  return choice.kind === "membership"
    ? { kind: "membership", interval: choice.interval }
    : { kind: "credit_pack", packId: choice.packId };
}

/**
 * Where the employer lands once an order is paid (seed §4): a referral's summary, or the
 * subscription page with a confirmation named by `notice`.
 */
export function afterPaymentPath(order: {
  kind: "membership" | "credit_pack" | "referral" | "renewal";
  grants: Record<string, string>;
}): string {
  switch (order.kind) {
    case "referral":
      return order.grants.referralId
        ? `/review-referral?referral=${encodeURIComponent(order.grants.referralId)}&payment=confirmed`
        : "/employer-referrals";
    case "credit_pack":
      return "/employer-subscription?notice=credits-purchased";
    default:
      return "/employer-subscription?notice=membership-created";
  }
}

/** Ids in URLs are UUIDs; anything else is "not found" before it reaches the database. */
export const uuidSchema = z.string().uuid();

/**
 * What every form of the demo payment page sends besides its own fields: the order, which button
 * (pay, or change to a bundle) and the tab it was on. The order is checked when it is read.
 */
export const paymentPageForm = z.object({
  order: z.string().optional(),
  intent: z.enum(["pay", "bundle"]).optional().catch(undefined),
  tab: z.string().optional(),
});
