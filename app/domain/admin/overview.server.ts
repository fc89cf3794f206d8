import { and, count, eq, inArray, isNull, lt, notInArray } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { contactMessage, interestRegistration, referral } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { finalStatuses, type ReferralStatus, referralStatuses } from "~/domain/referrals/states.ts";
import { requireAdministrator } from "./guard.ts";

/** Cases a doctor owes a report on: the SLA clock runs from submission. */
export const slaStatuses: readonly ReferralStatus[] = ["submitted", "in_review"];

export interface AdminOverview {
  byStatus: { status: ReferralStatus; count: number }[];
  slaBreaches: number;
  urgent: number;
  unhandledEnquiries: number;
}

export async function getAdminOverview(
  db: Database,
  input: { actor: Actor; now?: Date },
): Promise<AdminOverview> {
  requireAdministrator(input.actor);
  const now = input.now ?? new Date();
  const grouped = await db
    .select({ status: referral.status, count: count() })
    .from(referral)
    .groupBy(referral.status);
  const counts = new Map(grouped.map((g) => [g.status, g.count]));
  const [breaches] = await db
    .select({ count: count() })
    .from(referral)
    .where(and(inArray(referral.status, [...slaStatuses]), lt(referral.slaDueAt, now)));
  const [urgent] = await db
    .select({ count: count() })
    .from(referral)
    .where(and(eq(referral.urgent, true), notInArray(referral.status, [...finalStatuses])));
  const [contacts] = await db
    .select({ count: count() })
    .from(contactMessage)
    .where(isNull(contactMessage.handledAt));
  const [interests] = await db
    .select({ count: count() })
    .from(interestRegistration)
    .where(isNull(interestRegistration.handledAt));
  return {
    byStatus: referralStatuses.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    slaBreaches: breaches?.count ?? 0,
    urgent: urgent?.count ?? 0,
    unhandledEnquiries: (contacts?.count ?? 0) + (interests?.count ?? 0),
  };
}
