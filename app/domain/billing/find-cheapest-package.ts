import {
  type CreditPackId,
  creditPacks,
  membership,
  type ReferralType,
  services,
  turnaroundHours,
} from "./catalogue.ts";

/**
 * The package price calculator (docs/architecture.md §9): the cheapest way to buy a number of assessments of
 * one type from the real catalogue. Three ways are priced, all for cases requested within one
 * month (ADR 0005): paying per referral; a month of membership plus the member price; and a
 * month of membership plus the cheapest mix of credit packs, topped up at the member price where
 * a whole pack would cost more.
 */

type PackageOptionKind = "pay-per-referral" | "membership" | "membership-credits";

interface PackageLine {
  label: string;
  quantity: number;
  unitPence: number;
  totalPence: number;
}

interface PackageOption {
  kind: PackageOptionKind;
  name: string;
  lines: PackageLine[];
  totalPence: number;
  turnaroundHours: number;
  /** Credits left over after these cases, valid for 12 months from purchase. */
  spareCredits: number;
}

interface PackageQuote {
  type: ReferralType;
  quantity: number;
  /** Every way priced, cheapest first (ties keep the simpler way first). */
  options: PackageOption[];
  cheapest: PackageOption;
}

export const packageQuantityRange = { min: 1, max: 500 } as const;

const optionOrder: PackageOptionKind[] = ["pay-per-referral", "membership", "membership-credits"];

export function findCheapestPackage(quantity: number, type: ReferralType): PackageQuote {
  if (
    !Number.isInteger(quantity) ||
    quantity < packageQuantityRange.min ||
    quantity > packageQuantityRange.max
  )
    throw new RangeError(
      `quantity must be a whole number from ${packageQuantityRange.min} to ${packageQuantityRange.max}`,
    );
  const service = services[type];
  const plural = quantity === 1 ? service.name : `${service.name}s`;
  const membershipLine: PackageLine = {
    label: "Monthly membership (one month)",
    quantity: 1,
    unitPence: membership.monthly.pricePence,
    totalPence: membership.monthly.pricePence,
  };

  const options: PackageOption[] = [
    option("pay-per-referral", "Pay per referral", 48, 0, [
      line(`${plural} at the standard price`, quantity, service.standardPricePence),
    ]),
    option("membership", "Membership and member prices", turnaroundHours.member, 0, [
      membershipLine,
      line(`${plural} at the member price`, quantity, service.memberPricePence),
    ]),
  ];

  const mix = cheapestCreditMix(
    quantity * service.creditCost,
    service.creditCost,
    service.memberPricePence,
  );
  // A "mix" without any pack is just the membership option again.
  if (Object.keys(mix.packs).length > 0) {
    const lines = [membershipLine];
    for (const pack of creditPacks) {
      const count = mix.packs[pack.id];
      if (count)
        lines.push(
          line(`${pack.name} credit pack (${pack.credits} credits)`, count, pack.pricePence),
        );
    }
    if (mix.memberPriceCases > 0)
      lines.push(
        line(
          `${service.name}s at the member price`,
          mix.memberPriceCases,
          service.memberPricePence,
        ),
      );
    options.push(
      option(
        "membership-credits",
        "Membership and credit packs",
        turnaroundHours.member,
        mix.spareCredits,
        lines,
      ),
    );
  }

  options.sort(
    (a, b) =>
      a.totalPence - b.totalPence || optionOrder.indexOf(a.kind) - optionOrder.indexOf(b.kind),
  );
  return { type, quantity, options, cheapest: options[0]! };
}

function line(label: string, quantity: number, unitPence: number): PackageLine {
  return { label, quantity, unitPence, totalPence: quantity * unitPence };
}

function option(
  kind: PackageOptionKind,
  name: string,
  hours: number,
  spareCredits: number,
  lines: PackageLine[],
): PackageOption {
  return {
    kind,
    name,
    lines,
    totalPence: lines.reduce((sum, l) => sum + l.totalPence, 0),
    turnaroundHours: hours,
    spareCredits,
  };
}

/**
 * Minimum cost to cover `credits` with whole packs and single cases at the member price (each
 * worth `creditCost` credits), by dynamic programming over the credits still needed.
 */
function cheapestCreditMix(credits: number, creditCost: number, memberPricePence: number) {
  type Item = { id: CreditPackId | "member"; credits: number; pricePence: number };
  const items: Item[] = [
    ...creditPacks.map((p) => ({ id: p.id, credits: p.credits, pricePence: p.pricePence })),
    { id: "member", credits: creditCost, pricePence: memberPricePence },
  ];
  const cost = new Array<number>(credits + 1).fill(Number.POSITIVE_INFINITY);
  const choice = new Array<number>(credits + 1).fill(-1);
  cost[0] = 0;
  for (let c = 1; c <= credits; c++) {
    items.forEach((item, i) => {
      const total = item.pricePence + cost[Math.max(0, c - item.credits)]!;
      // Prefer packs on a tie: the same money buys credits that stay valid for a year.
      if (
        total < cost[c]! ||
        (total === cost[c]! && item.id !== "member" && items[choice[c]!]?.id === "member")
      ) {
        cost[c] = total;
        choice[c] = i;
      }
    });
  }
  const packs: Partial<Record<CreditPackId, number>> = {};
  let memberPriceCases = 0;
  let covered = 0;
  for (let c = credits; c > 0; ) {
    const item = items[choice[c]!]!;
    if (item.id === "member") memberPriceCases++;
    else packs[item.id] = (packs[item.id] ?? 0) + 1;
    covered += item.credits;
    c = Math.max(0, c - item.credits);
  }
  return { packs, memberPriceCases, spareCredits: covered - credits, totalPence: cost[credits]! };
}
