import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvent, insightCount, referral, referralManager } from "~/db/schema/index.ts";
import { visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { paidCreditPackOrderForTest } from "~tests/support/billing.ts";
import { summedInsightCounts } from "~tests/support/insight.ts";
import { employerScopeForTest } from "~tests/support/referrals.ts";
import { releaseReportsForTest } from "~tests/support/reports.ts";
import { teamOrganisationForFile } from "~tests/support/team.ts";
import { getEmployerInsight } from "./get-employer-insight.server.ts";
import { insightPeriod } from "./insight-period.ts";

/*
 * The management information (docs/architecture.md, "Management information"): the counts kept by
 * triggers agree with the referrals they count through every kind of change, and the page gives
 * owners and HR administrators the organisation's figures, a manager only their own, and another
 * organisation nothing.
 */
const team = teamOrganisationForFile({
  organisationName: "Insight Ltd",
  idPrefix: "user-insight-",
  domain: "insight.example",
  outsiders: [["eve", "owner"]],
});
const now = new Date("2026-06-15T12:00:00Z");
const period = insightPeriod({ period: "3", from: undefined, to: undefined }, now);
let sequence = 0;

async function addReferrals(
  owner: string,
  n: number,
  columns: Partial<typeof referral.$inferInsert> = {},
): Promise<string[]> {
  const ownerId = team.who(owner).userId;
  const rows = Array.from({ length: n }, () => ({
    reference: `REF-INS${String(++sequence).padStart(5, "0")}`,
    organisationId: team.organisationId,
    type: "management" as const,
    status: "invited" as const,
    subjectName: `Person ${sequence}`,
    subjectEmail: `person${sequence}@insight.example`,
    createdBy: ownerId,
    ownerId,
    createdAt: new Date("2026-05-10T09:00:00Z"),
    ...columns,
  }));
  const made = await team.db.insert(referral).values(rows).returning({ id: referral.id });
  return made.map((r) => r.id);
}

/** What the triggers should hold, counted from the referrals themselves. */
async function countedFromReferrals() {
  const result = (await team.db.execute(sql`
    select owner_id, measure, key, sum(value)::int as value from (
      select r.owner_id, x.measure, x.key, x.value
      from referral r, insight_referral_contribution(r) x where r.organisation_id = ${team.organisationId}
    ) c group by 1, 2, 3 having sum(value) <> 0 order by 1, 2, 3`)) as unknown as {
    rows: unknown[];
  };
  return result.rows;
}

async function keptCounts() {
  const cells = await summedInsightCounts(
    team.db,
    insightCount.ownerId,
    and(
      eq(insightCount.organisationId, team.organisationId),
      sql`${insightCount.measure} in ('referred', 'state', 'turnaround')`,
    ),
  );
  return cells.map(({ by, ...cell }) => ({ owner_id: by, ...cell }));
}

const table = (insight: Awaited<ReturnType<typeof getEmployerInsight>>, id: string) =>
  insight.charts.find((c) => c.id === id);

describe("the insight counts", () => {
  it("follow every change of the referrals they count, in the same transaction", async () => {
    const alices = await addReferrals("alice", 12);
    await addReferrals("owner", 3, { type: "pre_employment" });
    await addReferrals("bob", 2, { status: "draft" });
    // Released within 10 hours of the questionnaire, to a member's 24-hour promise.
    await team.db
      .update(referral)
      .set({
        status: "complete",
        memberTurnaround: true,
        submittedAt: new Date("2026-05-11T08:00:00Z"),
        completedAt: new Date("2026-05-11T18:30:00Z"),
      })
      .where(sql`${referral.id} in ${alices.slice(0, 6)}`);
    await team.db
      .update(referral)
      .set({ status: "cancelled" })
      .where(eq(referral.id, alices[6] ?? ""));
    // Reassigning a case moves its counts to its new owner; sending a draft counts it.
    await team.db
      .update(referral)
      .set({ ownerId: team.who("carol").userId })
      .where(eq(referral.id, alices[7] ?? ""));
    await team.db
      .update(referral)
      .set({ status: "invited" })
      .where(and(eq(referral.ownerId, team.who("bob").userId)));
    expect(await keptCounts()).toEqual(await countedFromReferrals());
    expect(await keptCounts()).toContainEqual({
      owner_id: team.who("alice").userId,
      measure: "turnaround",
      key: "24:10",
      value: 6,
    });
  });

  it("give owners and HR the organisation's figures and a manager only their own", async () => {
    const released = await team.db
      .select({ id: referral.id })
      .from(referral)
      .where(and(eq(referral.ownerId, team.who("alice").userId), eq(referral.status, "complete")));
    expect(released).toHaveLength(6);
    await releaseReportsForTest(team.db, {
      referralIds: released.map((r) => r.id),
      body: (i) => ({
        kind: "management",
        fitness: i < 5 ? "fit-with-adjustments" : "fit",
        adjustments: [{ text: "Phased return", weeks: 4 }],
        equalityActView: "may",
        summary: "A summary.",
      }),
      releasedAt: new Date("2026-05-11T18:30:00Z"),
    });
    await paidCreditPackOrderForTest(
      team.db,
      team.organisationId,
      new Date("2026-05-02T10:00:00Z"),
    );

    const owner = await getEmployerInsight(team.scopeOf("owner"), period);
    expect(owner.coverage).toBe("organisation");
    expect(owner.empty).toBe(false);
    const may = table(owner, "referrals-by-month")?.rows.find((r) => r.key === "2026-05-01");
    // 11 of Alice's (one reassigned to Carol), Carol's 1, Bob's 2, the owner's 3: 17 in May.
    expect(may?.total).toEqual({ suppressed: false, value: 17 });
    // 3 pre-employment and 14 management: the 3 hidden, and so the 14 with it.
    expect(may?.cells).toEqual([{ suppressed: true }, { suppressed: true }]);
    const outcomes = table(owner, "outcomes")?.rows.map((r) => [r.key, r.cells[0]]);
    expect(outcomes).toContainEqual(["fit-with-adjustments", { suppressed: true }]);
    expect(outcomes).toContainEqual(["fit", { suppressed: true }]);
    expect(table(owner, "turnaround")?.rows[0]?.cells).toEqual([
      { suppressed: false, value: 11 },
      { suppressed: false, value: 11 },
    ]);
    expect(table(owner, "spend")?.rows.find((r) => r.key === "2026-05-01")?.cells).toEqual([
      { suppressed: false, value: 1_020_00 },
    ]);
    expect(await getEmployerInsight(team.scopeOf("hr"), period)).toMatchObject({
      coverage: "organisation",
    });

    const alice = await getEmployerInsight(team.scopeOf("alice"), period);
    expect(alice.coverage).toBe("own");
    expect(
      table(alice, "referrals-by-month")?.rows.find((r) => r.key === "2026-05-01")?.total,
    ).toEqual({
      suppressed: false,
      value: 11,
    });
    expect(table(alice, "spend")).toBeUndefined();
    const carol = await getEmployerInsight(team.scopeOf("carol"), period);
    expect(
      table(carol, "referrals-by-month")?.rows.find((r) => r.key === "2026-05-01")?.total,
    ).toEqual({
      suppressed: true,
    });

    const [viewed] = await team.db
      .select({ details: auditEvent.details, actorId: auditEvent.actorId })
      .from(auditEvent)
      .where(
        and(
          eq(auditEvent.action, "insight.viewed"),
          eq(auditEvent.actorId, team.who("alice").userId),
        ),
      );
    expect(viewed?.details).toMatchObject({ coverage: "own", from: "2026-04", to: "2026-06" });
  });

  it("give a manager the figures of the referrals their list shows them: owned or named on, no others", async () => {
    const june = { createdAt: new Date("2026-06-03T09:00:00Z") };
    // Bob's seven June cases, all released; Alice is named on six of them.
    const bobs = await addReferrals("bob", 7, {
      ...june,
      status: "complete",
      submittedAt: new Date("2026-06-04T09:00:00Z"),
      completedAt: new Date("2026-06-04T20:00:00Z"),
    });
    await releaseReportsForTest(team.db, {
      referralIds: bobs,
      body: () => ({ kind: "management", fitness: "fit", adjustments: [], summary: "A summary." }),
      releasedAt: new Date("2026-06-04T20:00:00Z"),
    });
    await team.db.insert(referralManager).values(
      bobs.slice(0, 6).map((referralId) => ({
        referralId,
        userId: team.who("alice").userId,
        organisationId: team.organisationId,
      })),
    );
    const juneTotal = async (who: string) =>
      table(await getEmployerInsight(team.scopeOf(who), period), "referrals-by-month")?.rows.find(
        (r) => r.key === "2026-06-01",
      )?.total;
    const juneOnTheirList = async (who: string) =>
      team.db.$count(
        referral,
        and(
          visibleReferrals(team.scopeOf(who)),
          sql`${referral.createdAt} >= '2026-06-01' and ${referral.createdAt} < '2026-07-01'`,
        ),
      );
    const fitShown = async (who: string) =>
      table(await getEmployerInsight(team.scopeOf(who), period), "outcomes")?.rows.find(
        (r) => r.key === "fit",
      )?.cells[0];

    // Alice's figures are the six her list shows (and her own fit report of May); Carol, on
    // none, has none.
    expect(await juneOnTheirList("alice")).toBe(6);
    expect(await juneTotal("alice")).toEqual({ suppressed: false, value: 6 });
    expect(await fitShown("alice")).toEqual({ suppressed: false, value: 7 });
    // The bodies opened for her figures give only their categories.
    const payload = JSON.stringify(await getEmployerInsight(team.scopeOf("alice"), period));
    expect(payload).not.toMatch(/A summary|REF-INS|REP-|Person \d/);
    expect(await juneOnTheirList("carol")).toBe(0);
    expect(await juneTotal("carol")).toEqual({ suppressed: false, value: 0 });
    expect(await fitShown("carol")).toEqual({ suppressed: false, value: 0 });
    // The organisation's page counts each of Bob's seven once, not once per person on it.
    expect(await juneTotal("owner")).toEqual({ suppressed: false, value: 7 });
    expect(await fitShown("owner")).toEqual({ suppressed: false, value: 8 });

    // Taken off one: it leaves her list and her figures together (5 left, still shown).
    await team.db
      .delete(referralManager)
      .where(
        and(
          eq(referralManager.referralId, bobs[0] ?? ""),
          eq(referralManager.userId, team.who("alice").userId),
        ),
      );
    expect(await juneOnTheirList("alice")).toBe(5);
    expect(await juneTotal("alice")).toEqual({ suppressed: false, value: 5 });
    expect(await fitShown("alice")).toEqual({ suppressed: false, value: 6 });
  });

  it("give another organisation's owner none of these figures", async () => {
    const eve = team.who("eve");
    const elsewhere = await getEmployerInsight(
      employerScopeForTest(team.db, {
        userId: eve.userId,
        memberRole: "owner",
        organisationId: team.otherOrganisationId,
        organisationName: "Elsewhere Ltd",
      }),
      period,
    );
    const rows = elsewhere.charts.flatMap((c) => c.rows.flatMap((r) => [...r.cells, r.total]));
    expect(rows.every((cell) => !cell || cell.suppressed || cell.value === 0)).toBe(true);
    // The page says there is nothing to chart instead of showing the zeros.
    expect(elsewhere.empty).toBe(true);
  });
});
