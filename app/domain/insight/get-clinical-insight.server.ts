import { and, eq, gte, lte, ne } from "drizzle-orm";
import { clinicalCount, clinicalHours, user } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { Database } from "~/domain/kernel/database.ts";
import { requireAdmin } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import type { ReleaseProblem } from "~/domain/reports/release-check.ts";
import { addHistogram, casesIn, hoursAt } from "./clinical-hours.ts";
import { breakdownRows, type InsightChart, type InsightRow, shownValue } from "./insight-chart.ts";
import { type InsightPeriod, monthLabel } from "./insight-period.ts";
import { type ShownCount, shownCountText, suppressSmallCounts } from "./suppress-small-counts.ts";

const PROBLEM_LABELS: Record<ReleaseProblem, string> = {
  "doctor-only": "Doctor-only sentence in employer text",
  "needs-consent": "Clinical statement not rewritten or marked",
  "cannot-disclose": "Third-party or copied text",
  "removal-asked": "Item the person asked to remove",
  unanswered: "Item awaiting the person's answer",
  incomplete: "Required field missing",
};

const hidden: ShownCount = { suppressed: true };
/** A time in hours given only over 5 or more cases, as on the employer's page. */
const hoursOver = (cases: number, hours: number | null): ShownCount =>
  cases < 5 || hours === null ? hidden : shownValue(Math.ceil(hours));

/**
 * The three statements the view makes, of `clinical_hours` and `clinical_count` alone (and the
 * doctors' names): a period's months of rows, months x measures x doctors of them however many
 * cases they count, never a referral. Exported for the test that reads their plans and for
 * `npm run bench:clinical`, which reads their rows; only `getClinicalInsight` serves them, to an
 * administrator.
 */
export function clinicalCountReads(db: Database, period: InsightPeriod) {
  const first = period.months[0] ?? "1970-01-01";
  const last = period.months.at(-1) ?? first;
  return {
    // By the doctor's name, as the chart names them ('' and a doctor since removed read
    // "Unassigned"), ordered by it with "Unassigned" last.
    byDoctor: db
      .select({ name: user.name, counts: clinicalHours.counts })
      .from(clinicalHours)
      .leftJoin(user, eq(user.id, clinicalHours.doctorId))
      .where(
        and(
          gte(clinicalHours.month, first),
          lte(clinicalHours.month, last),
          eq(clinicalHours.measure, "turnaround"),
        ),
      )
      .orderBy(user.name),
    byStage: db
      .select({ measure: clinicalHours.measure, counts: clinicalHours.counts })
      .from(clinicalHours)
      .where(
        and(
          gte(clinicalHours.month, first),
          lte(clinicalHours.month, last),
          ne(clinicalHours.measure, "turnaround"),
        ),
      ),
    counts: db
      .select({
        month: clinicalCount.month,
        measure: clinicalCount.measure,
        key: clinicalCount.key,
        n: clinicalCount.value,
      })
      .from(clinicalCount)
      .where(and(gte(clinicalCount.month, first), lte(clinicalCount.month, last))),
  };
}

/**
 * The clinical lead's view (docs/architecture.md, "Management information"): turnaround by doctor
 * and by stage, SLA breaches by month, urgent safety flags and the time to first contact, the
 * person's decisions on review, and release-check refusals by kind, over a period. Doctors are
 * named (it is their work being reviewed); people assessed never are, and counts of them under 5
 * are suppressed as on the employer's page. It reads only what the triggers keep (`clinical_hours`,
 * `clinical_count`) for the period's months, so it costs the same however many referrals the
 * service holds; medians and 90th percentiles are read off the hour buckets (`hoursAt`). The read
 * is audited.
 */
export async function getClinicalInsight(
  scope: Scope,
  period: InsightPeriod,
): Promise<{ period: InsightPeriod; charts: InsightChart[] }> {
  const admin = requireAdmin(scope);
  const reads = clinicalCountReads(admin.db, period);
  const [doctorRows, stageRows, countRows] = await Promise.all([
    reads.byDoctor,
    reads.byStage,
    reads.counts,
  ]);

  const doctors = new Map<string | null, number[]>();
  for (const r of doctorRows)
    doctors.set(r.name, addHistogram(doctors.get(r.name) ?? [], r.counts));
  const byDoctor = [...doctors].map(([name, counts]) => ({
    doctor: name ?? "Unassigned",
    cases: casesIn(counts),
    median: hoursAt(counts, 0.5),
    p90: hoursAt(counts, 0.9),
  }));
  const stage = new Map<string, number[]>();
  for (const r of stageRows)
    stage.set(r.measure, addHistogram(stage.get(r.measure) ?? [], r.counts));
  const hoursOf = (measure: string, fraction: number) =>
    hoursAt(stage.get(measure) ?? [], fraction);

  const sla = new Map<string, { month: string; onTime: number; late: number }>();
  const urgent = { flagged: 0, contacted: 0 };
  const decisions = new Map<string, number>();
  const refusals = new Map<string, number>();
  let declined = 0;
  for (const r of countRows) {
    switch (r.measure) {
      case "sla": {
        const m = sla.get(r.month) ?? { month: r.month, onTime: 0, late: 0 };
        if (r.key === "late") m.late += r.n;
        else m.onTime += r.n;
        sla.set(r.month, m);
        break;
      }
      case "urgent":
        if (r.key === "flagged") urgent.flagged += r.n;
        else if (r.key === "contacted") urgent.contacted += r.n;
        break;
      case "declined":
        declined += r.n;
        break;
      case "decision":
        decisions.set(r.key, (decisions.get(r.key) ?? 0) + r.n);
        break;
      case "refusal":
        refusals.set(r.key, (refusals.get(r.key) ?? 0) + r.n);
        break;
    }
  }
  const breaches = [...sla.values()];
  const released = breaches.reduce((s, m) => s + m.onTime + m.late, 0);

  const charts: InsightChart[] = [
    doctorChart(byDoctor),
    stageChart({
      cases: released,
      queueMedian: hoursOf("queue", 0.5),
      queueP90: hoursOf("queue", 0.9),
      reviewMedian: hoursOf("review", 0.5),
      reviewP90: hoursOf("review", 0.9),
      personMedian: hoursOf("person_review", 0.5),
      personP90: hoursOf("person_review", 0.9),
    }),
    breachChart(period, breaches),
    urgentChart({
      ...urgent,
      median: hoursOf("first_contact", 0.5),
      p90: hoursOf("first_contact", 0.9),
    }),
    decisionChart(
      [...decisions].map(([decision, n]) => ({ decision, n })),
      declined,
    ),
    refusalChart([...refusals].map(([problem, n]) => ({ problem, n }))),
  ];
  await recordAuditEventAs(admin, {
    action: "insight.clinical_viewed",
    details: { from: period.query.from, to: period.query.to },
  });
  return { period, charts };
}

function doctorChart(
  rows: { doctor: string; cases: number; median: number | null; p90: number | null }[],
): InsightChart {
  const cases = suppressSmallCounts(rows.map((r) => ({ key: r.doctor, count: r.cases })));
  return {
    id: "turnaround-by-doctor",
    title: "Turnaround by doctor",
    summary: `Hours from the completed questionnaire to release for ${shownCountText(cases.total)} reports released in the period, by the doctor who wrote them.`,
    unit: "hours",
    stacked: false,
    series: [
      { key: "median", label: "Median" },
      { key: "p90", label: "90th percentile" },
    ],
    rows: rows.map((r) => ({
      key: r.doctor,
      label: `${r.doctor} (${shownCountText(cases.cells.find((c) => c.key === r.doctor)?.shown ?? hidden)} reports)`,
      cells: [hoursOver(r.cases, r.median), hoursOver(r.cases, r.p90)],
    })),
    rowTotals: false,
    references: [
      { value: 24, label: "24-hour promise" },
      { value: 48, label: "48-hour promise" },
    ],
    note: "A doctor with fewer than 5 releases in the period has no figure.",
  };
}

function stageChart(
  s:
    | {
        cases: number;
        queueMedian: number | null;
        queueP90: number | null;
        reviewMedian: number | null;
        reviewP90: number | null;
        personMedian: number | null;
        personP90: number | null;
      }
    | undefined,
): InsightChart {
  const n = s?.cases ?? 0;
  const row = (key: string, label: string, m: number | null, p: number | null): InsightRow => ({
    key,
    label,
    cells: [hoursOver(n, m), hoursOver(n, p)],
  });
  return {
    id: "turnaround-by-stage",
    title: "Turnaround by stage",
    summary: `Where the time went for the period's released reports: waiting in the queue for a doctor, the doctor's review, and the person's review of the report.`,
    unit: "hours",
    stacked: false,
    series: [
      { key: "median", label: "Median" },
      { key: "p90", label: "90th percentile" },
    ],
    rows: [
      row("queue", "In the queue", s?.queueMedian ?? null, s?.queueP90 ?? null),
      row("review", "Doctor's review", s?.reviewMedian ?? null, s?.reviewP90 ?? null),
      row("person", "The person's review", s?.personMedian ?? null, s?.personP90 ?? null),
    ],
    rowTotals: false,
  };
}

function breachChart(
  period: InsightPeriod,
  rows: { month: string; onTime: number; late: number }[],
): InsightChart {
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const totals = suppressSmallCounts(
    period.months.map((m) => ({
      key: m,
      count: (byMonth.get(m)?.onTime ?? 0) + (byMonth.get(m)?.late ?? 0),
    })),
  );
  const late = rows.reduce((s, r) => s + r.late, 0);
  const lateShown = suppressSmallCounts([{ key: "late", count: late }]).cells[0]?.shown ?? hidden;
  return {
    id: "sla-breaches",
    title: "Released within and after the SLA",
    summary: `${shownCountText(lateShown)} reports were released after their SLA due time in the period.`,
    unit: "people",
    stacked: true,
    series: [
      { key: "on-time", label: "Within the SLA" },
      { key: "late", label: "After the SLA" },
    ],
    rows: totals.cells.map(({ key, shown }) => {
      const split = suppressSmallCounts([
        { key: "on-time", count: byMonth.get(key)?.onTime ?? 0 },
        { key: "late", count: byMonth.get(key)?.late ?? 0 },
      ]);
      return {
        key,
        label: monthLabel(key, "short"),
        cells: split.cells.map((c) => (shown.suppressed ? shown : c.shown)),
        total: shown,
      };
    }),
    rowTotals: true,
  };
}

function urgentChart(
  u: { flagged: number; contacted: number; median: number | null; p90: number | null } | undefined,
): InsightChart {
  const flagged = u?.flagged ?? 0;
  const split = suppressSmallCounts([
    { key: "contacted", count: u?.contacted ?? 0 },
    { key: "not-contacted", count: flagged - (u?.contacted ?? 0) },
  ]);
  const contacted = u?.contacted ?? 0;
  return {
    id: "urgent-flags",
    title: "Urgent safety flags and time to first contact",
    summary: `${shownCountText(split.total)} cases raised an urgent safety flag in the period; the hours from the flag to the first successful contact.`,
    unit: "hours",
    stacked: false,
    series: [{ key: "hours", label: "Hours" }],
    rows: [
      {
        key: "median",
        label: "Median time to first contact",
        cells: [hoursOver(contacted, u?.median ?? null)],
      },
      { key: "p90", label: "90th percentile", cells: [hoursOver(contacted, u?.p90 ?? null)] },
    ],
    rowTotals: false,
    note: `Contacted: ${shownCountText(split.cells[0]?.shown ?? hidden)}; not yet contacted: ${shownCountText(split.cells[1]?.shown ?? hidden)}.`,
  };
}

function decisionChart(
  rows: { decision: string | null; n: number }[],
  declined: number,
): InsightChart {
  const count = (d: string) => rows.find((r) => r.decision === d)?.n ?? 0;
  const breakdown = suppressSmallCounts([
    { key: "approved", count: count("approved") },
    { key: "correction", count: count("correction") },
    { key: "withheld", count: count("withheld") },
    { key: "declined", count: declined },
  ]);
  const total = breakdown.total;
  const rate = (key: string) => {
    const c = breakdown.cells.find((x) => x.key === key)?.shown;
    return !c || c.suppressed || total.suppressed || total.value === 0
      ? "fewer than 5"
      : `${Math.round((100 * c.value) / total.value)}%`;
  };
  return {
    id: "decisions",
    title: "Corrections, declines and withholds",
    summary:
      !total.suppressed && total.value === 0
        ? "No one decided on a report, or declined to take part, in the period."
        : `Of ${shownCountText(total)} decisions in the period: corrections asked ${rate("correction")}, consent withheld ${rate("withheld")}, declined to take part ${rate("declined")}.`,
    unit: "people",
    stacked: false,
    series: [{ key: "decisions", label: "Decisions" }],
    rows: breakdownRows(breakdown, {
      approved: "Report approved",
      correction: "Correction asked",
      withheld: "Consent withheld at review",
      declined: "Declined to take part",
    }),
    rowTotals: false,
  };
}

function refusalChart(rows: { problem: string; n: number }[]): InsightChart {
  // Counts of refused signings by what the check found: the doctors' work, not people assessed.
  const order = Object.keys(PROBLEM_LABELS);
  const found = new Map(rows.map((r) => [r.problem, r.n]));
  const total = rows.reduce((s, r) => s + r.n, 0);
  return {
    id: "release-check-refusals",
    title: "Release-check refusals by kind",
    summary: `Signing was refused ${total} times in the period for these reasons; one refusal may have several.`,
    unit: "people",
    stacked: false,
    series: [{ key: "refusals", label: "Refusals" }],
    rows: order.map((key) => ({
      key,
      label: PROBLEM_LABELS[key as ReleaseProblem],
      cells: [shownValue(found.get(key) ?? 0)],
    })),
    rowTotals: false,
  };
}
