import { and, between, sql } from "drizzle-orm";
import { insightCount } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { services, turnaroundHours, vatOn } from "~/domain/billing/catalogue.ts";
import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { teamCan } from "~/domain/kernel/team-permissions.ts";
import { visibleInsightCounts } from "~/domain/kernel/visibility.server.ts";
import { OUTCOME_LABELS } from "~/domain/reports/drafter.ts";
import { EQUALITY_ACT_VIEW_LABELS } from "~/domain/reports/report-body.ts";
import {
  breakdownRows,
  cellText,
  type InsightChart,
  type InsightRow,
  shownValue,
} from "./insight-chart.ts";
import { type InsightPeriod, monthLabel } from "./insight-period.ts";
import { ownReferralCounts } from "./own-referral-counts.server.ts";
import { ADJUSTMENT_KIND_LABELS, adjustmentKinds, equalityActKeys } from "./released-outcome.ts";
import { type ShownCount, suppressSmallCounts } from "./suppress-small-counts.ts";
import { summariseTurnaround } from "./turnaround-summary.ts";

interface EmployerInsight {
  period: InsightPeriod;
  /** Whose referrals the figures are: the organisation's, or the manager's own. */
  coverage: "organisation" | "own";
  charts: InsightChart[];
  /** Nothing was counted in the period: no referral, release, payment or credit. */
  empty: boolean;
}

const TYPE_LABELS = { pre_employment: "Pre-employment", management: "Management" } as const;
const referralTypes = ["pre_employment", "management"] as const;

/** The ends a referral reaches, and every state still on the way, as the share chart groups them. */
const ENDS: { key: string; label: string; statuses: string[] }[] = [
  { key: "finished", label: "Finished (report released)", statuses: ["complete"] },
  { key: "cancelled", label: "Cancelled", statuses: ["cancelled"] },
  { key: "withheld", label: "Consent withheld", statuses: ["withheld"] },
  { key: "expired", label: "Expired", statuses: ["expired", "payment_expired"] },
  { key: "declined", label: "Declined by the person", statuses: ["declined"] },
];

const OUTCOME_ORDER = [
  "fit",
  "fit-with-adjustments",
  "temporarily-unfit",
  "unfit-for-current-role",
  "further-assessment-needed",
  "unfit",
] as const;

const EQUALITY_LABELS: Record<string, string> = {
  ...EQUALITY_ACT_VIEW_LABELS,
  not_given: "No view given (including pre-employment)",
};

/**
 * The employer's management information for a period (docs/architecture.md, "Management
 * information"): owners and HR administrators see their organisation's, read from the maintained
 * monthly counts (app/db/schema/insight.ts) through their visibility builder; a manager the
 * referrals their referrals list shows them (`ownReferralCounts`). Every breakdown is suppressed
 * below 5 people, and the read audited.
 */
export async function getEmployerInsight(
  scope: Scope,
  period: InsightPeriod,
): Promise<EmployerInsight> {
  const employer = requireEmployer(scope);
  const { db, actor } = employer;
  const first = period.months[0] ?? "";
  const last = period.months.at(-1) ?? "";
  // Only referrals, payments and credits are charted by month: every other measure is summed over
  // the period in the database, so the page reads a bounded number of rows (keys × a few months),
  // however many cases fill the histogram's hours.
  const byMonth = sql`${insightCount.measure} in ('referred', 'paid', 'credits')`;
  const month = sql<string>`case when ${byMonth} then ${insightCount.month}::text else '' end`;
  const coverage = teamCan(actor.memberRole, "referrals:all") ? "organisation" : "own";
  const rows =
    coverage === "own"
      ? await ownReferralCounts(employer, first, last)
      : await db
          .select({
            month,
            measure: insightCount.measure,
            key: insightCount.key,
            value: sql<number>`sum(${insightCount.value})`.mapWith(Number),
          })
          .from(insightCount)
          .where(and(visibleInsightCounts(employer), between(insightCount.month, first, last)))
          .groupBy(month, insightCount.measure, insightCount.key);
  const counts = new Counts(rows);
  const charts = [
    referralsByMonth(counts, period),
    turnaround(counts),
    outcomes(counts),
    adjustments(counts),
    equalityAct(counts),
    ends(counts),
  ];
  if (teamCan(actor.memberRole, "billing:manage"))
    charts.push(spendByMonth(counts, period), creditsByMonth(counts, period));
  await recordAuditEventAs(employer, {
    action: "insight.viewed",
    object: { type: "organisation", id: actor.organisationId },
    details: { from: period.query.from, to: period.query.to, coverage },
  });
  return { period, coverage, charts, empty: rows.every((row) => row.value === 0) };
}

/** The period's counts by measure, key and month ('' for the measures summed over the period). */
class Counts {
  private readonly byMeasure = new Map<string, Map<string, Map<string, number>>>();
  constructor(rows: { month: string; measure: string; key: string; value: number }[]) {
    for (const r of rows) {
      const keys = this.byMeasure.get(r.measure) ?? new Map<string, Map<string, number>>();
      this.byMeasure.set(r.measure, keys);
      const months = keys.get(r.key) ?? new Map<string, number>();
      keys.set(r.key, months);
      months.set(r.month, (months.get(r.month) ?? 0) + r.value);
    }
  }
  /** One measure's key in one month, or over the period when no month is given. */
  get(measure: string, key: string, month?: string): number {
    const months = this.byMeasure.get(measure)?.get(key);
    if (!months) return 0;
    if (month !== undefined) return months.get(month) ?? 0;
    let sum = 0;
    for (const v of months.values()) sum += v;
    return sum;
  }
  /** Every key of a measure with its total over the period. */
  keys(measure: string): Map<string, number> {
    const out = new Map<string, number>();
    for (const key of this.byMeasure.get(measure)?.keys() ?? [])
      out.set(key, this.get(measure, key));
    return out;
  }
}

const peopleText = (count: ShownCount) => cellText(count, "people");

function referralsByMonth(counts: Counts, period: InsightPeriod): InsightChart {
  // Each month's total is a cell of the period's total, and each type a cell of its month's:
  // both levels are suppressed, so neither a month nor a type within it is worked back.
  const months = suppressSmallCounts(
    period.months.map((month) => ({
      key: month,
      count: referralTypes.reduce((s, t) => s + counts.get("referred", t, month), 0),
    })),
  );
  const rows: InsightRow[] = months.cells.map(({ key: month, shown }) => {
    const types = suppressSmallCounts(
      referralTypes.map((t) => ({ key: t, count: counts.get("referred", t, month) })),
    );
    return {
      key: month,
      label: monthLabel(month, "short"),
      cells: types.cells.map((c) => (shown.suppressed ? shown : c.shown)),
      total: shown,
    };
  });
  return {
    id: "referrals-by-month",
    title: "Referrals by month and type",
    summary: `${peopleText(months.total)} referrals were made in the period, by month and type.`,
    unit: "people",
    stacked: true,
    series: referralTypes.map((t) => ({ key: t, label: TYPE_LABELS[t] })),
    rows,
    rowTotals: true,
  };
}

function turnaround(counts: Counts): InsightChart {
  const promises = [
    { key: "24", label: "Members (24-hour promise)", hours: turnaroundHours.member },
    {
      key: "48",
      label: "Pay per referral (48-hour promise)",
      hours: turnaroundHours.payPerReferral,
    },
  ];
  const byPromise = new Map(promises.map((p) => [p.key, new Map<number, number>()]));
  for (const [key, n] of counts.keys("turnaround")) {
    const [promise, hours] = key.split(":");
    const hist = byPromise.get(promise ?? "");
    if (hist && hours !== undefined) hist.set(Number(hours), (hist.get(Number(hours)) ?? 0) + n);
  }
  const hidden: ShownCount = { suppressed: true };
  const summaries = promises.map((p) => ({
    ...p,
    summary: summariseTurnaround(byPromise.get(p.key) ?? new Map(), p.hours),
  }));
  const rows = summaries.map(({ key, label, summary }) => {
    const shown = (v: number | null) => (v === null ? hidden : shownValue(v));
    return { key, label, cells: [shown(summary.medianHours), shown(summary.p90Hours)] };
  });
  const said = summaries
    .map(({ label, hours, summary: s }) => {
      if (s.cases === null) return `${label}: fewer than 5 reports released`;
      const within = suppressSmallCounts([
        { key: "within", count: s.withinPromise ?? 0 },
        { key: "over", count: s.cases - (s.withinPromise ?? 0) },
      ]);
      const [inTime, late] = within.cells.map((c) => peopleText(c.shown));
      return `${label}: half within ${s.medianHours} hours, 9 in 10 within ${s.p90Hours} hours; ${inTime} within ${hours} hours and ${late} over`;
    })
    .join(". ");
  return {
    id: "turnaround",
    title: "Turnaround from completed questionnaire to release",
    summary: `${said}.`,
    unit: "hours",
    stacked: false,
    series: [
      { key: "median", label: "Median" },
      { key: "p90", label: "90th percentile" },
    ],
    rows,
    rowTotals: false,
    references: [
      { value: turnaroundHours.member, label: "24-hour promise" },
      { value: turnaroundHours.payPerReferral, label: "48-hour promise" },
    ],
    note: "Hours are counted whole and rounded up; a time on hold is included. Fewer than 5 reports give no figure.",
  };
}

/** A chart of people in one series: the released reports' measures and the referrals' ends. */
function peopleChart(
  chart: Pick<InsightChart, "id" | "title" | "summary" | "rows">,
  label = "People",
): InsightChart {
  return {
    ...chart,
    unit: "people",
    stacked: false,
    series: [{ key: "people", label }],
    rowTotals: false,
  };
}

/**
 * One measure of the released reports by its keys, in the order given: the keys are parts of one
 * whole, so they are suppressed together (`suppressSmallCounts`) and none can be worked back.
 */
function releasedBreakdown(
  counts: Counts,
  measure: "outcome" | "equality_act",
  keys: readonly string[],
  labels: Record<string, string>,
  chart: (total: ShownCount) => Pick<InsightChart, "id" | "title" | "summary">,
): InsightChart {
  const found = counts.keys(measure);
  const breakdown = suppressSmallCounts(keys.map((key) => ({ key, count: found.get(key) ?? 0 })));
  return peopleChart({ ...chart(breakdown.total), rows: breakdownRows(breakdown, labels) });
}

function outcomes(counts: Counts): InsightChart {
  return releasedBreakdown(counts, "outcome", OUTCOME_ORDER, OUTCOME_LABELS, (total) => ({
    id: "outcomes",
    title: "Outcomes by fitness category",
    summary: `${peopleText(total)} reports were first released in the period, by the doctor's fitness outcome.`,
  }));
}

function adjustments(counts: Counts): InsightChart {
  // One person may have adjustments of several kinds, so the kinds do not add up to a total that
  // could give one back: each is suppressed on its own.
  const found = counts.keys("adjustment");
  const rows = adjustmentKinds.map((kind) => {
    const n = found.get(kind) ?? 0;
    return {
      key: kind,
      label: ADJUSTMENT_KIND_LABELS[kind],
      cells: [suppressSmallCounts([{ key: kind, count: n }]).cells[0]?.shown ?? shownValue(0)],
    };
  });
  return peopleChart({
    id: "adjustments",
    title: "Adjustments recommended, by kind",
    summary:
      "People whose released report recommends at least one adjustment of each kind; one person may count under several kinds.",
    rows,
  });
}

function equalityAct(counts: Counts): InsightChart {
  return releasedBreakdown(counts, "equality_act", equalityActKeys, EQUALITY_LABELS, (total) => ({
    id: "equality-act",
    title: "Equality Act opinions",
    summary: `The doctor's advisory view on whether the Equality Act 2010 applies, over ${peopleText(total)} released reports.`,
  }));
}

function ends(counts: Counts): InsightChart {
  const states = new Map<string, number>();
  for (const [key, n] of counts.keys("state")) {
    const status = key.split(":")[1] ?? "";
    states.set(status, (states.get(status) ?? 0) + n);
  }
  const ended = new Set(ENDS.flatMap((e) => e.statuses));
  let open = 0;
  for (const [status, n] of states) if (!ended.has(status)) open += n;
  const breakdown = suppressSmallCounts([
    ...ENDS.map((e) => ({
      key: e.key,
      count: e.statuses.reduce((s, st) => s + (states.get(st) ?? 0), 0),
    })),
    { key: "open", count: open },
  ]);
  const labels = Object.fromEntries([...ENDS.map((e) => [e.key, e.label]), ["open", "Still open"]]);
  const total = breakdown.total;
  const share = (c: ShownCount) =>
    c.suppressed || total.suppressed || total.value === 0
      ? null
      : Math.round((100 * c.value) / total.value);
  const finished = breakdown.cells.find((c) => c.key === "finished");
  const finishedShare = finished ? share(finished.shown) : null;
  return peopleChart(
    {
      id: "ends",
      title: "How the period's referrals ended",
      summary:
        finishedShare === null
          ? `Of ${peopleText(total)} referrals made in the period, where each stands now.`
          : `Of ${peopleText(total)} referrals made in the period, ${finishedShare}% finished with a released report; the rest by where each stands now.`,
      rows: breakdownRows(breakdown, labels),
    },
    "Referrals",
  );
}

function spendByMonth(counts: Counts, period: InsightPeriod): InsightChart {
  const paidKinds = [...counts.keys("paid").keys()];
  // Billing is the organisation's, which owners and HR administrators already read line by line
  // on the subscription page: money is not a count of people and is shown as it is.
  const rows = period.months.map((month) => {
    let paid = 0;
    for (const kind of paidKinds) paid += counts.get("paid", kind, month);
    return {
      key: month,
      label: monthLabel(month, "short"),
      cells: [shownValue(paid)],
    };
  });
  const paid = rows.reduce(
    (s, r) => s + (r.cells[0]?.suppressed ? 0 : (r.cells[0]?.value ?? 0)),
    0,
  );
  // What the same referrals would have cost paid one by one without a membership, with VAT,
  // from the catalogue: the honest comparison, since the payments include the membership fee.
  const payPerReferralNet = referralTypes.reduce(
    (s, t) => s + chargedReferrals(counts, t) * services[t].standardPricePence,
    0,
  );
  const payPerReferral = payPerReferralNet + vatOn(payPerReferralNet);
  const saving = payPerReferral - paid;
  const pounds = (pence: number) => cellText(shownValue(pence), "pence");
  return {
    id: "spend",
    title: "Spend by month",
    summary:
      saving >= 0
        ? `${pounds(paid)} was paid in the period; the same referrals paid one by one (less those cancelled or refunded) would have cost ${pounds(payPerReferral)}, a saving of ${pounds(saving)}.`
        : `${pounds(paid)} was paid in the period; the same referrals paid one by one (less those cancelled or refunded) would have cost ${pounds(payPerReferral)}, ${pounds(-saving)} less.`,
    unit: "pence",
    stacked: false,
    series: [{ key: "paid", label: "Paid (with VAT)" }],
    rows,
    rowTotals: false,
    note: `Pay-per-referral prices: ${pounds(services.pre_employment.standardPricePence)} a pre-employment check and ${pounds(services.management.standardPricePence)} a management referral, plus VAT. Payments include memberships and credit packs, which may be used after the period.`,
  };
}

/**
 * The period's referrals of a type that would have been paid for one by one: not those cancelled
 * or declined (refunded), lapsed unpaid or still awaiting payment.
 */
const UNCHARGED = new Set(["cancelled", "declined", "payment_expired", "awaiting_payment"]);
function chargedReferrals(counts: Counts, type: string): number {
  let n = 0;
  for (const [key, value] of counts.keys("state")) {
    const [t, status] = key.split(":");
    if (t === type && !UNCHARGED.has(status ?? "")) n += value;
  }
  return n;
}

function creditsByMonth(counts: Counts, period: InsightPeriod): InsightChart {
  const rows = period.months.map((month) => ({
    key: month,
    label: monthLabel(month, "short"),
    cells: [shownValue(counts.get("credits", "", month))],
  }));
  const used = counts.get("credits", "");
  return {
    id: "credits",
    title: "Credits used by month",
    summary: `${used.toLocaleString("en-GB")} credits were used in the period, less any returned for cancelled cases.`,
    unit: "credits",
    stacked: false,
    series: [{ key: "credits", label: "Credits used" }],
    rows,
    rowTotals: false,
  };
}
