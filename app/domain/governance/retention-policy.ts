import { subDays, subMonths } from "date-fns";

/** How long health data is kept (ADR 0008); configurable, these are the defaults. */
export interface RetentionPeriods {
  preEmploymentMonths: number;
  managementMonths: number;
  abandonedInvitationDays: number;
}

export const DEFAULT_RETENTION: RetentionPeriods = {
  preEmploymentMonths: 12,
  managementMonths: 72,
  abandonedInvitationDays: 90,
};

export type RetentionRule =
  | "pre_employment_outcome"
  | "management_completion"
  | "abandoned_invitation";

/** A case reached its outcome: released, withheld, or the subject declined. */
export const OUTCOME_STATUSES = ["complete", "withheld", "declined"] as const;
/** Nobody finished: the invitation lapsed, the checkout lapsed unpaid, or the employer cancelled. */
export const ABANDONED_STATUSES = ["expired", "payment_expired", "cancelled"] as const;

/** The instant before which a case's clock must have started for its data to be erased now. */
export function retentionCutoffs(periods: RetentionPeriods, now: Date) {
  return {
    preEmployment: subMonths(now, periods.preEmploymentMonths),
    management: subMonths(now, periods.managementMonths),
    abandoned: subDays(now, periods.abandonedInvitationDays),
  };
}

export function ruleFor(
  c: { type: "pre_employment" | "management"; status: string; clockStartedAt: Date },
  periods: RetentionPeriods,
  now: Date,
): RetentionRule | null {
  const cut = retentionCutoffs(periods, now);
  if ((ABANDONED_STATUSES as readonly string[]).includes(c.status)) {
    return c.clockStartedAt <= cut.abandoned ? "abandoned_invitation" : null;
  }
  if (!(OUTCOME_STATUSES as readonly string[]).includes(c.status)) return null;
  if (c.type === "pre_employment") {
    return c.clockStartedAt <= cut.preEmployment ? "pre_employment_outcome" : null;
  }
  return c.clockStartedAt <= cut.management ? "management_completion" : null;
}
