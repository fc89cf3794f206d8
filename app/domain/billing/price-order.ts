import type { OrderItem } from "~/db/schema/billing.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import {
  type CreditPackId,
  creditPack,
  type MembershipInterval,
  membership,
  type ReferralType,
  services,
  vatOn,
} from "./catalogue.ts";

/** What the employer asked to buy. Amounts are never taken from the browser, only these choices. */
export type OrderRequest =
  | { kind: "membership"; interval: MembershipInterval; packId?: CreditPackId }
  | { kind: "credit_pack"; packId: CreditPackId }
  | { kind: "referral"; referralType: ReferralType; referralId: string; reference: string }
  | { kind: "renewal"; interval: MembershipInterval };

interface PricedOrder {
  kind: OrderRequest["kind"];
  items: OrderItem[];
  grants: Record<string, string>;
  netPence: number;
  vatPence: number;
  totalPence: number;
}

function line(sku: string, description: string, unitPence: number, quantity = 1): OrderItem {
  const netPence = unitPence * quantity;
  return { sku, description, quantity, unitPence, netPence, vatPence: vatOn(netPence) };
}

function membershipLine(interval: MembershipInterval): OrderItem {
  const plan = membership[interval];
  return line(`membership-${interval}`, `${plan.label} membership`, plan.pricePence);
}

function packLine(packId: CreditPackId): OrderItem {
  const pack = creditPack(packId);
  return line(
    `pack-${pack.id}`,
    `${pack.name} credit pack (${pack.credits} credits)`,
    pack.pricePence,
  );
}

/**
 * Where the organisation stands: `active` (incl. a pending interval change), `cancelled` (paid up
 * to the period end, not renewing) or `none`.
 */
export type MembershipStanding = "active" | "cancelled" | "none";

/** Prices an order from the catalogue. */
export function priceOrder(
  request: OrderRequest,
  context: { membership: MembershipStanding },
): PricedOrder {
  const items: OrderItem[] = [];
  let grants: Record<string, string>;
  switch (request.kind) {
    case "membership": {
      if (context.membership !== "none") {
        throw new DomainError(
          "invalid_state",
          "You already have a membership until the end of its current period.",
        );
      }
      items.push(membershipLine(request.interval));
      grants = { interval: request.interval };
      if (request.packId) {
        items.push(packLine(request.packId));
        grants.packId = request.packId;
      }
      break;
    }
    case "credit_pack": {
      // Packs are a member benefit (docs/architecture.md §6), enforced here, not only on the page. A cancelled
      // membership keeps every member right until its paid period ends, packs included.
      if (context.membership === "none") {
        throw new DomainError(
          "invalid_state",
          "Credit packs are available to members. Choose a membership first.",
        );
      }
      items.push(packLine(request.packId));
      grants = { packId: request.packId };
      break;
    }
    case "referral": {
      const service = services[request.referralType];
      const unit =
        context.membership !== "none" ? service.memberPricePence : service.standardPricePence;
      items.push({
        ...line(`referral-${request.referralType}`, service.name, unit),
        reference: request.reference,
      });
      grants = { referralId: request.referralId };
      break;
    }
    case "renewal": {
      items.push(membershipLine(request.interval));
      grants = { interval: request.interval };
      break;
    }
  }
  const netPence = items.reduce((t, i) => t + i.netPence, 0);
  const vatPence = items.reduce((t, i) => t + i.vatPence, 0);
  return { kind: request.kind, items, grants, netPence, vatPence, totalPence: netPence + vatPence };
}

type ReferralPayment =
  | { method: "credits"; credits: number }
  | { method: "order"; pricePence: number; memberPrice: boolean };

/** Credits when the balance covers the case (members only hold credits), otherwise pay per referral. */
export function decideReferralPayment(
  referralType: ReferralType,
  account: { isMember: boolean; creditBalance: number },
): ReferralPayment {
  const service = services[referralType];
  if (account.creditBalance >= service.creditCost)
    return { method: "credits", credits: service.creditCost };
  return account.isMember
    ? { method: "order", pricePence: service.memberPricePence, memberPrice: true }
    : { method: "order", pricePence: service.standardPricePence, memberPrice: false };
}
