import type { Page } from "@playwright/test";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { insightCount, member, paymentOrder, referral } from "../../../app/db/schema/index.ts";
import {
  shownCountText,
  suppressSmallCounts,
} from "../../../app/domain/insight/suppress-small-counts.ts";
import { paidCreditPackOrderForTest } from "../../support/billing.ts";
import { releaseReportsForTest } from "../../support/reports.ts";
import { createAccountOn } from "../../support/test-accounts.ts";
import { PASSWORD, uniqueEmail } from "../auth/helpers.ts";
import { employerServerForFile } from "../support/employer-server.ts";
import { expect, test } from "../support/test.ts";

/*
 * The employer's insight page (docs/architecture.md, "Management information") on cases made
 * here through the database: each chart's "Show as table" reads as the database counts it,
 * suppressed below 5; the page's `.data` and its CSV carry no name and no reference; and a
 * manager sees only the referrals on their list.
 */

const port = Number(process.env.E2E_PORT ?? 3210) + 197;
const origin = `http://localhost:${port}`;
const ownerEmail = uniqueEmail("insight-owner");
const managerEmail = uniqueEmail("insight-manager");

const names: string[] = [];
const references: string[] = [];

/** The first day of the month `back` months before this one (UTC), as a Date at `day`. */
function monthAgo(back: number, day = 2, hour = 9) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, day, hour));
}

test.describe.configure({ mode: "serial" });

const employer = employerServerForFile(
  {
    name: "insight",
    port,
    employer: { email: ownerEmail, name: "Olive Owner" },
    organisation: { name: "Insight Foods Ltd" },
    role: "owner",
  },
  async ({ server, db, organisationId, userId: ownerId }) => {
    const managerId = await createAccountOn(
      server.runtime,
      "employer",
      managerEmail,
      "Milo Manager",
    );
    await db.insert(member).values({ organisationId, userId: managerId, role: "manager" });

    let n = 0;
    const add = async (
      owner: string,
      count: number,
      columns: Partial<typeof referral.$inferInsert>,
    ) => {
      const rows = Array.from({ length: count }, () => {
        n++;
        const name = `Quentin Insightperson${n}`;
        const reference = `REF-IN${Date.now().toString().slice(-6)}${n}`;
        names.push(name);
        references.push(reference);
        return {
          reference,
          organisationId,
          type: "management" as const,
          status: "invited" as const,
          subjectName: name,
          subjectEmail: `insight${n}@example.org`,
          createdBy: owner,
          ownerId: owner,
          createdAt: monthAgo(1),
          ...columns,
        };
      });
      await db.insert(referral).values(rows);
    };
    // Last month: the owner's 9 management referrals (6 released in 20 hours) and 6 pre-employment
    // checks, the manager's 5; this month, the owner's 2 (a small month) and a draft (not counted).
    await add(ownerId, 6, {
      status: "complete",
      memberTurnaround: true,
      submittedAt: monthAgo(1, 3, 8),
      completedAt: new Date(monthAgo(1, 3, 8).getTime() + 20.5 * 3_600_000),
    });
    await add(ownerId, 3, {});
    await add(ownerId, 6, { type: "pre_employment", status: "cancelled" });
    await add(managerId, 5, {});
    await add(ownerId, 2, { createdAt: monthAgo(0, 1, 1) });
    await add(ownerId, 1, { status: "draft", createdAt: monthAgo(0, 1, 1) });
    const released = await db
      .select({ id: referral.id })
      .from(referral)
      .where(and(eq(referral.organisationId, organisationId), eq(referral.status, "complete")));
    await releaseReportsForTest(db, {
      referralIds: released.map((r) => r.id),
      releasedAt: new Date(monthAgo(1, 3, 8).getTime() + 20.5 * 3_600_000),
      body: (i) => ({
        kind: "management",
        fitness: i === 0 ? "fit" : "fit-with-adjustments",
        adjustments: [{ text: "A later start", weeks: 6 }],
        equalityActView: "likely",
        summary: "Summary.",
      }),
    });
    await paidCreditPackOrderForTest(db, organisationId, monthAgo(1, 1));
  },
);

async function signedIn(page: Page, email: string) {
  const answer = await page.request.post(`${origin}/login`, {
    form: { intent: "sign-in", email, password: PASSWORD },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
}

/** Every chart's table as { chart id: { row label: [cell texts] } }, read from the page. */
function chartTables(page: Page) {
  return page.$$eval("table[data-insight-table]", (tables) =>
    Object.fromEntries(
      tables.map((table) => [
        table.getAttribute("data-insight-table") ?? "",
        Object.fromEntries(
          [...table.querySelectorAll("tbody tr")].map((tr) => [
            tr.getAttribute("data-row") ?? "",
            [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? ""),
          ]),
        ),
      ]),
    ),
  );
}

const monthKey = (back: number) => monthAgo(back).toISOString().slice(0, 7).concat("-01");

test("an owner's charts read as the database counts them, and carry no name or reference", async ({
  browser,
}) => {
  const { db, organisationId } = employer();
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signedIn(page, ownerEmail);
  await page.goto("/employer-insight?period=3");
  await expect(page.getByRole("heading", { level: 1, name: "Insight" })).toBeVisible();
  for (const name of [
    "Referrals by month and type",
    "Turnaround from completed questionnaire to release",
    "Outcomes by fitness category",
    "Equality Act opinions",
    "Spend by month",
  ])
    await expect(page.getByRole("img", { name })).toBeVisible();
  const tables = await chartTables(page);

  // Referrals by month and type, from the referrals themselves (drafts are not yet referrals).
  const made = await db
    .select({
      month: sql<string>`to_char(date_trunc('month', ${referral.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
      type: referral.type,
      n: sql<number>`count(*)::int`,
    })
    .from(referral)
    .where(and(eq(referral.organisationId, organisationId), ne(referral.status, "draft")))
    .groupBy(sql`1`, referral.type);
  const madeIn = (month: string, type: string) =>
    made.find((r) => r.month === month && r.type === type)?.n ?? 0;
  const months = [2, 1, 0].map(monthKey);
  const monthTotals = suppressSmallCounts(
    months.map((m) => ({ key: m, count: madeIn(m, "pre_employment") + madeIn(m, "management") })),
  );
  for (const { key: month, shown } of monthTotals.cells) {
    const types = suppressSmallCounts(
      ["pre_employment", "management"].map((t) => ({ key: t, count: madeIn(month, t) })),
    );
    const expected = [
      ...types.cells.map((c) => shownCountText(shown.suppressed ? shown : c.shown)),
      shownCountText(shown),
    ];
    expect(tables["referrals-by-month"]?.[month], month).toEqual(expected);
  }
  // This month's 2 are hidden, and with them last month's total, which would give them back.
  expect(tables["referrals-by-month"]?.[monthKey(0)]).toEqual([
    "fewer than 5",
    "fewer than 5",
    "fewer than 5",
  ]);

  // Turnaround: every released case took 20.5 hours, so the median and the 90th are within 21.
  const released = await db
    .select({
      hours: sql<number>`extract(epoch from ${referral.completedAt} - ${referral.submittedAt}) / 3600`,
    })
    .from(referral)
    .where(and(eq(referral.organisationId, organisationId), isNotNull(referral.completedAt)));
  expect(released.map((r) => Math.ceil(Number(r.hours)))).toEqual(Array(6).fill(21));
  expect(tables.turnaround?.["24"]).toEqual(["21 h", "21 h"]);
  expect(tables.turnaround?.["48"]).toEqual(["fewer than 5", "fewer than 5"]);

  // Outcomes, adjustments and Equality Act views, from the counts the releases kept.
  const kept = await db
    .select({
      measure: insightCount.measure,
      key: insightCount.key,
      n: sql<number>`sum(${insightCount.value})::int`,
    })
    .from(insightCount)
    .where(
      and(
        eq(insightCount.organisationId, organisationId),
        sql`${insightCount.measure} in ('outcome', 'adjustment', 'equality_act')`,
      ),
    )
    .groupBy(insightCount.measure, insightCount.key);
  const keptOf = (measure: string, key: string) =>
    kept.find((k) => k.measure === measure && k.key === key)?.n ?? 0;
  expect(keptOf("outcome", "fit-with-adjustments")).toBe(5);
  // 5 and 1: the 1 is hidden, and the 5 with it, or the total (6) would give it back.
  expect(tables.outcomes?.["fit-with-adjustments"]).toEqual(["fewer than 5"]);
  expect(tables.outcomes?.fit).toEqual(["fewer than 5"]);
  expect(tables.outcomes?.unfit).toEqual(["0"]);
  expect(tables.adjustments?.weeks).toEqual([String(keptOf("adjustment", "weeks"))]);
  expect(tables["equality-act"]?.likely).toEqual([String(keptOf("equality_act", "likely"))]);

  // How the period's referrals ended, from their states now.
  const states = await db
    .select({ status: referral.status, n: sql<number>`count(*)::int` })
    .from(referral)
    .where(and(eq(referral.organisationId, organisationId), ne(referral.status, "draft")))
    .groupBy(referral.status);
  const inState = (s: string) => states.find((r) => r.status === s)?.n ?? 0;
  expect(tables.ends?.finished).toEqual([String(inState("complete"))]);
  expect(tables.ends?.cancelled).toEqual([String(inState("cancelled"))]);
  expect(tables.ends?.open).toEqual([String(inState("invited"))]);

  // Spend: what the orders paid, by the month they were paid in.
  const [paid] = await db
    .select({ pence: sql<number>`sum(${paymentOrder.totalPence})::int` })
    .from(paymentOrder)
    .where(and(eq(paymentOrder.organisationId, organisationId), eq(paymentOrder.status, "paid")));
  expect(tables.spend?.[monthKey(1)]).toEqual([
    `£${(Number(paid?.pence) / 100).toLocaleString("en-GB")}`,
  ]);

  // Neither the page's data nor its export names anyone or any case.
  const data = await page.request.get(`${origin}/employer-insight.data?period=12`);
  expect(data.status()).toBe(200);
  const csv = await page.request.get(`${origin}/employer-insight.csv?period=12`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const html = await page.content();
  for (const body of [await data.text(), await csv.text(), html]) {
    for (const name of names) expect(body).not.toContain(name);
    for (const reference of references) expect(body).not.toContain(reference);
    expect(body).not.toContain("Insightperson");
  }
  expect(await csv.text()).toContain("fewer than 5");
  await context.close();
});

test("a manager sees only the referrals they own, and no spend", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signedIn(page, managerEmail);
  await page.goto("/employer-insight?period=3");
  await expect(
    page.getByText("Figures for the referrals on your list: those you own or are named on."),
  ).toBeVisible();
  const tables = await chartTables(page);
  // The manager's 5 management referrals of last month, and nothing of the owner's.
  expect(tables["referrals-by-month"]?.[monthKey(1)]).toEqual(["0", "5", "5"]);
  expect(tables.ends?.open).toEqual(["5"]);
  expect(tables.spend).toBeUndefined();
  await expect(page.getByRole("img", { name: "Spend by month" })).toHaveCount(0);
  await context.close();
});
