import { and, count, eq, inArray, lt, notInArray } from "drizzle-orm";
import { referral } from "~/db/schema/index.ts";
import { slaRunningStatuses } from "~/domain/doctor/doctor-queue.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import {
  endedStatuses,
  type ReferralStatus,
  referralStatuses,
} from "~/domain/referrals/lifecycle.ts";
import { openEnquiries } from "./inbox.server.ts";
import { countRows } from "./list.server.ts";

interface AdminOverview {
  byStatus: { status: ReferralStatus; count: number }[];
  slaBreaches: number;
  urgent: number;
  unhandledEnquiries: number;
}

export async function getAdminOverview(scope: Scope): Promise<AdminOverview> {
  const { db, now } = requireAdmin(scope);
  const grouped = await db
    .select({ status: referral.status, count: count() })
    .from(referral)
    .groupBy(referral.status);
  const counts = new Map(grouped.map((g) => [g.status, g.count]));
  const slaBreaches = await countRows(
    db,
    referral,
    and(inArray(referral.status, [...slaRunningStatuses]), lt(referral.slaDueAt, now)),
  );
  const urgent = await countRows(
    db,
    referral,
    and(eq(referral.urgent, true), notInArray(referral.status, [...endedStatuses])),
  );
  const open = await openEnquiries(db);
  return {
    byStatus: referralStatuses.map((status) => ({ status, count: counts.get(status) ?? 0 })),
    slaBreaches,
    urgent,
    unhandledEnquiries: open.contact + open.interest,
  };
}
