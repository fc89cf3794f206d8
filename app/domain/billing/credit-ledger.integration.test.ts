import { addMonths, subDays } from "date-fns";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLedger, creditLot, membership, organisation } from "~/db/schema/index.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { employerScopeForTest } from "~tests/support/referrals.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import {
  getCreditBalance,
  grantCredits,
  InsufficientCreditsError,
  isInsufficientCredits,
  refundCredits,
  spendCredits,
} from "./credit-ledger.server.ts";
import { expireCredits } from "./expire-credits.server.ts";
import { getCreditUsage } from "./get-credit-usage.server.ts";
import { getMembershipAndCredits } from "./membership.server.ts";

const database = testDatabaseForFile();

const org = (name: string) => insertOrganisationForTest(database.db, { name: `${name} Ltd` });

/** The amounts an organisation's ledger records for one reason, in the order written. */
async function ledgerAmounts(organisationId: string, reason: string) {
  const entries = await database.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.organisationId, organisationId));
  return entries.filter((e) => e.reason === reason).map((e) => e.amount);
}

describe("credit ledger", () => {
  it("never goes below zero when 20 spends race against a balance of 4", async () => {
    const { db } = database;
    const organisationId = await org("race");
    await grantCredits(db, { organisationId, credits: 4 });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction((tx) =>
          spendCredits(tx, { organisationId, credits: 4, referralId: `ref-${i}`, actorId: "u1" }),
        ),
      ),
    );
    const paid = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o) => o.status === "rejected") as PromiseRejectedResult[];
    expect(paid).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(isInsufficientCredits(r.reason)).toBe(true);
    expect(await getCreditBalance(db, organisationId)).toBe(0);
    expect(await ledgerAmounts(organisationId, "spend")).toEqual([-4]);
  });

  it("spends the oldest-expiring credits first, across lots", async () => {
    const { db } = database;
    const organisationId = await org("order");
    const now = new Date();
    const older = await grantCredits(db, { organisationId, credits: 3, now: subDays(now, 100) });
    const newer = await grantCredits(db, { organisationId, credits: 10, now });
    await db.transaction((tx) =>
      spendCredits(tx, { organisationId, credits: 4, referralId: "r1", actorId: "u1", now }),
    );
    const lots = await db
      .select()
      .from(creditLot)
      .where(eq(creditLot.organisationId, organisationId));
    expect(lots.find((l) => l.id === older)?.creditsRemaining).toBe(0);
    expect(lots.find((l) => l.id === newer)?.creditsRemaining).toBe(9);
    expect(await getCreditBalance(db, organisationId, now)).toBe(9);
    const employer = { userId: "u1", organisationId, organisationName: "Usage Ltd" };
    expect(await getCreditUsage(employerScopeForTest(db, employer, now))).toEqual({
      total: 13,
      remaining: 9,
      used: 4,
    });
  });

  it("refunds a cancelled referral's credits once, to the lots they came from", async () => {
    const { db } = database;
    const organisationId = await org("refund");
    await grantCredits(db, { organisationId, credits: 5 });
    await db.transaction((tx) =>
      spendCredits(tx, { organisationId, credits: 4, referralId: "r-cancel", actorId: "u1" }),
    );
    expect(await getCreditBalance(db, organisationId)).toBe(1);
    expect(
      await db.transaction((tx) =>
        refundCredits(tx, { organisationId, referralId: "r-cancel", actorId: "u1" }),
      ),
    ).toBe(4);
    expect(
      await db.transaction((tx) =>
        refundCredits(tx, { organisationId, referralId: "r-cancel", actorId: "u1" }),
      ),
    ).toBe(0);
    expect(await getCreditBalance(db, organisationId)).toBe(5);
  });

  it("takes expired credits out of the balance with a ledger entry, once", async () => {
    const { db } = database;
    const organisationId = await org("expiry");
    const bought = new Date("2025-01-10T10:00:00Z");
    await grantCredits(db, { organisationId, credits: 20, now: bought });
    await db.transaction((tx) =>
      spendCredits(tx, {
        organisationId,
        credits: 4,
        referralId: "r1",
        actorId: "u1",
        now: bought,
      }),
    );
    const dayBefore = subDays(addMonths(bought, 12), 1);
    expect(await getCreditBalance(db, organisationId, dayBefore)).toBe(16);
    const after = addMonths(bought, 12);
    expect(await getCreditBalance(db, organisationId, after)).toBe(0);
    const job = systemScope(db, "billing-expire-credits", testAdapters(), { now: after });
    await expireCredits(job);
    await expireCredits(job);
    expect(await ledgerAmounts(organisationId, "expiry")).toEqual([-16]);
  });

  it("refuses a spend larger than the balance and changes nothing", async () => {
    const { db } = database;
    const organisationId = await org("short");
    await grantCredits(db, { organisationId, credits: 3 });
    await expect(
      db.transaction((tx) =>
        spendCredits(tx, { organisationId, credits: 4, referralId: "r1", actorId: "u1" }),
      ),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    expect(await getCreditBalance(db, organisationId)).toBe(3);
  });

  it("grants no credits to an organisation that does not exist", async () => {
    const { db } = database;
    await expect(grantCredits(db, { organisationId: "org-nobody", credits: 5 })).rejects.toThrow();
    expect(
      await db.select().from(creditLot).where(eq(creditLot.organisationId, "org-nobody")),
    ).toEqual([]);
    expect(
      await db.select().from(creditLedger).where(eq(creditLedger.organisationId, "org-nobody")),
    ).toEqual([]);
  });

  it("reads an organisation's membership and unexpired credits together", async () => {
    const { db } = database;
    const now = new Date();
    const [created] = await db
      .insert(organisation)
      .values({ name: "Standing Ltd" })
      .returning({ id: organisation.id });
    const organisationId = created!.id;
    expect(await getMembershipAndCredits(db, organisationId, now)).toEqual({
      membership: null,
      credits: 0,
    });

    await grantCredits(db, { organisationId, credits: 3, now: subDays(now, 400) }); // expired
    await grantCredits(db, { organisationId, credits: 5, now: subDays(now, 10) });
    await grantCredits(db, { organisationId, credits: 4, now });
    await grantCredits(db, { organisationId: await org("other"), credits: 9, now });
    expect(await getMembershipAndCredits(db, organisationId, now)).toEqual({
      membership: null,
      credits: 9,
    });

    const periodEnd = addMonths(now, 1);
    await db.insert(membership).values({
      organisationId,
      interval: "monthly",
      status: "active",
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd,
      provider: "demo",
    });
    const standing = await getMembershipAndCredits(db, organisationId, now);
    expect(standing?.credits).toBe(9);
    expect(standing?.membership).toMatchObject({ organisationId, status: "active" });
    expect(standing?.membership?.currentPeriodEnd).toEqual(periodEnd);

    expect(await getMembershipAndCredits(db, "no-such-organisation", now)).toBeNull();
  });
});
