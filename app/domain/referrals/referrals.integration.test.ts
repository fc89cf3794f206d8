import fs from "node:fs";
import path from "node:path";
import { addHours } from "date-fns";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { referral } from "~/db/schema/index.ts";
import { getCreditBalance } from "~/domain/billing/credit-ledger.server.ts";
import { handlePaymentEvent } from "~/domain/billing/orders.server.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { createDemoProvider } from "~/services/payments/demo-provider.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { auditEventsAbout } from "~tests/support/audit.ts";
import { becomeMemberForTest, providerScope } from "~tests/support/billing.ts";
import { tempDirForFile, testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { fileOutboxMailer } from "~tests/support/mail.ts";
import {
  employerScopeForTest,
  managementReferralInput,
  type TestEmployer,
} from "~tests/support/referrals.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import { cancelReferral } from "./cancel-referral.server.ts";
import { confirmReferralPayment } from "./confirm-referral-payment.server.ts";
import { createPreEmploymentReferral } from "./create-pre-employment-referral.server.ts";
import { getEmployerDashboard } from "./employer-dashboard.server.ts";
import { getReferralForEmployer } from "./get-referral.server.ts";
import { findReferralByInvitationToken } from "./invitations.server.ts";
import type { ReferralStatus } from "./lifecycle.ts";
import { referralStatuses } from "./lifecycle.ts";
import { listReferrals } from "./list-referrals.server.ts";
import { claimReferralReminder } from "./remind-referral.server.ts";
import { saveManagementReferral } from "./save-management-referral.server.ts";
import { sendReferralInvitation } from "./send-referral-invitation.server.ts";

const database = testDatabaseForFile();
const outbox = tempDirForFile("referoh-mail-");
const demo = createDemoProvider();
const seller = { name: "ReferOH Ltd" };

async function employer(name: string): Promise<TestEmployer> {
  return {
    userId: `user-${name}`,
    organisationId: await insertOrganisationForTest(database.db, { name: `${name} Ltd` }),
    organisationName: `${name} Ltd`,
  };
}

async function withCredits(actor: TestEmployer, packId: "starter" | "value" = "starter") {
  await becomeMemberForTest(database.db, actor, packId);
}

const candidate = {
  candidateName: "Sam Patel",
  candidateEmail: "sam.patel@example.org",
  jobRole: "Driver" as const,
  drivingRequired: true,
  nightShifts: false,
  loneWorking: false,
  safetyCritical: false,
  conditionalOfferDate: "2026-11-01",
  additionalNotes: "",
};

const managementInput = managementReferralInput({ questions: { recommendedAdjustments: true } });

type ManagementForm = Parameters<typeof saveManagementReferral>[1];

/** The employer saves the management referral form, with the demo provider for any payment. */
function saveReferral(
  actor: TestEmployer,
  form: Omit<ManagementForm, "input" | "provider"> & Partial<Pick<ManagementForm, "input">>,
) {
  return saveManagementReferral(employerScopeForTest(database.db, actor), {
    input: managementInput,
    provider: "demo",
    ...form,
  });
}

/** The employer cancels once the referral has reached `status`, set directly for the test. */
async function cancelOnceReached(actor: TestEmployer, referralId: string, status: ReferralStatus) {
  await database.db.update(referral).set({ status }).where(eq(referral.id, referralId));
  return cancelReferral(employerScopeForTest(database.db, actor), referralId);
}

/**
 * Sends the referral's first invitation through the embedded outbox and returns the message as
 * written there, its soft line breaks joined.
 */
async function sentInvitation(referralId: string, organisationName: string, publicUrl: string) {
  const mailer = fileOutboxMailer(outbox());
  const [full] = await database.db.select().from(referral).where(eq(referral.id, referralId));
  await sendReferralInvitation(
    systemScope(database.db, "test", testAdapters({ mailer, publicUrl })),
    { referral: full!, organisationName, kind: "initial" },
  );
  const latest = fs
    .readdirSync(path.join(outbox(), "mail"))
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .at(-1)!;
  return fs.readFileSync(path.join(outbox(), "mail", latest), "utf8").replace(/=\r?\n/g, "");
}

describe("pre-employment referral paid by credit", () => {
  it("spends 1 credit in the same transaction, invites the candidate and e-mails a working link", async () => {
    const actor = await employer("acme");
    await withCredits(actor);
    const { referral: created, placement } = await createPreEmploymentReferral(
      employerScopeForTest(database.db, actor),
      { input: candidate, provider: "demo" },
    );
    expect(placement).toEqual({ method: "credits", credits: 1 });
    expect(created.reference).toMatch(/^OCC-[A-Z0-9]{5}$/);
    expect(await getCreditBalance(database.db, actor.organisationId)).toBe(9);
    const stored = await getReferralForEmployer(
      employerScopeForTest(database.db, actor),
      created.id,
    );
    expect(stored.status).toBe("invited");

    const raw = await sentInvitation(created.id, actor.organisationName, "http://localhost:3000");
    expect(raw).toMatch(/^To: sam\.patel@example\.org$/m);
    const token = raw.match(/\/assessment\/([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toBeDefined();
    const found = await findReferralByInvitationToken(database.db, token!);
    expect(found.found && found.referral.id).toBe(created.id);
    // Change the first character: it carries six whole bits. The last one of a 43-character
    // token was set to "A", which one run in sixteen it already was.
    const tampered = `${token!.startsWith("A") ? "B" : "A"}${token!.slice(1)}`;
    expect((await findReferralByInvitationToken(database.db, tampered)).found).toBe(false);
  });
});

describe("management referral", () => {
  it("without credits opens an order and is invited once the order is paid", async () => {
    const actor = await employer("nocredit");
    const { referral: created, placement } = await saveReferral(actor, { intent: "submit" });
    expect(created.reference).toMatch(/^REF-\d{6}$/);
    expect(placement?.method).toBe("order");
    const before = await getReferralForEmployer(
      employerScopeForTest(database.db, actor),
      created.id,
    );
    expect(before.status).toBe("awaiting_payment");
    const orderId = placement?.method === "order" ? placement.orderId : "";
    const [order] = await database.db.query.paymentOrder.findMany({
      where: (o, { eq: e }) => e(o.id, orderId),
    });
    expect(order?.totalPence).toBe(38000 * 1.2);
    const outcome = await handlePaymentEvent(
      providerScope(database.db),
      demo.confirmationEvent(order!),
      {
        seller,
        onReferralPaid: (tx, scope, referralId, order) =>
          confirmReferralPayment(tx, scope, { referralId, order }),
      },
    );
    expect(outcome).toBe("granted");
    expect(
      (await getReferralForEmployer(employerScopeForTest(database.db, actor), created.id)).status,
    ).toBe("invited");
  });

  it("saves a draft, edits it, then submits with 4 credits; another company cannot touch it", async () => {
    const actor = await employer("drafts");
    const other = await employer("other");
    await withCredits(actor);
    const { referral: draft, placement } = await saveReferral(actor, {
      intent: "draft",
      input: { ...managementInput, referralReason: "", consentToProcessing: false },
    });
    expect(placement).toBeNull();
    expect(draft.status).toBe("draft");
    await expect(
      saveReferral(other, { referralId: draft.id, intent: "submit" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      getReferralForEmployer(employerScopeForTest(database.db, other), draft.id),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      cancelReferral(employerScopeForTest(database.db, other), draft.id),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(
      claimReferralReminder(employerScopeForTest(database.db, other), draft.id),
    ).rejects.toMatchObject({ code: "not_found" });

    const submitted = await saveReferral(actor, { referralId: draft.id, intent: "submit" });
    expect(submitted.placement).toEqual({ method: "credits", credits: 4 });
    expect(await getCreditBalance(database.db, actor.organisationId)).toBe(6);
    const stored = await getReferralForEmployer(employerScopeForTest(database.db, actor), draft.id);
    expect(stored).toMatchObject({
      status: "invited",
      reason: managementInput.referralReason,
      employerConsentConfirmed: true,
    });
    await expect(
      saveReferral(actor, { referralId: draft.id, intent: "draft" }),
    ).rejects.toMatchObject({ code: "invalid_state" });
  });

  it("pays four racing submissions with 4 credits once and orders for the rest", async () => {
    const actor = await employer("race");
    await becomeMemberForTest(database.db, actor);
    const { grantCredits } = await import("~/domain/billing/credit-ledger.server.ts");
    await grantCredits(database.db, {
      organisationId: actor.organisationId,
      credits: 4,
      reason: "adjustment",
    });
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => saveReferral(actor, { intent: "submit" })),
    );
    expect(results.filter((r) => r.placement?.method === "credits")).toHaveLength(1);
    expect(results.filter((r) => r.placement?.method === "order")).toHaveLength(3);
    expect(await getCreditBalance(database.db, actor.organisationId)).toBe(0);
  });
});

describe("reminders", () => {
  it("sends at most one per 24 hours per referral", async () => {
    const actor = await employer("remind");
    await withCredits(actor);
    const { referral: created } = await createPreEmploymentReferral(
      employerScopeForTest(database.db, actor),
      { input: candidate, provider: "demo" },
    );
    const now = new Date();
    await claimReferralReminder(employerScopeForTest(database.db, actor, now), created.id);
    await expect(
      claimReferralReminder(
        employerScopeForTest(database.db, actor, addHours(now, 23)),
        created.id,
      ),
    ).rejects.toMatchObject({ code: "too_soon" });
    await claimReferralReminder(
      employerScopeForTest(database.db, actor, addHours(now, 24)),
      created.id,
    );
    const both = await Promise.allSettled([
      claimReferralReminder(
        employerScopeForTest(database.db, actor, addHours(now, 49)),
        created.id,
      ),
      claimReferralReminder(
        employerScopeForTest(database.db, actor, addHours(now, 49)),
        created.id,
      ),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });
});

describe("cancelling", () => {
  it("returns the credits, stops the link and is audited; not possible once submitted", async () => {
    const actor = await employer("cancel");
    await withCredits(actor);
    const { referral: created } = await saveReferral(actor, { intent: "submit" });
    expect(await getCreditBalance(database.db, actor.organisationId)).toBe(6);
    const token = (await sentInvitation(created.id, "x", "http://localhost")).match(
      /\/assessment\/([A-Za-z0-9_-]{43})/,
    )![1]!;
    expect((await findReferralByInvitationToken(database.db, token)).found).toBe(true);

    expect(await cancelReferral(employerScopeForTest(database.db, actor), created.id)).toEqual({
      creditsReturned: 4,
      order: { outcome: "none" },
    });
    expect(await getCreditBalance(database.db, actor.organisationId)).toBe(10);
    expect(await findReferralByInvitationToken(database.db, token)).toEqual({
      found: false,
      reason: "revoked",
    });
    const events = await auditEventsAbout(database.db, created.id);
    expect(events.map((e) => e.action)).toContain("referral.cancel");
    await expect(
      cancelReferral(employerScopeForTest(database.db, actor), created.id),
    ).rejects.toMatchObject({ code: "invalid_state" });

    const { referral: second } = await saveReferral(actor, { intent: "submit" });
    await expect(cancelOnceReached(actor, second.id, "submitted")).rejects.toMatchObject({
      code: "invalid_state",
      message: expect.stringMatching(/sent their answers/),
    });
    await expect(cancelOnceReached(actor, second.id, "in_review")).rejects.toMatchObject({
      code: "invalid_state",
      message: "This referral can no longer be cancelled: a doctor has started work on it.",
    });
    expect(await getCreditBalance(database.db, actor.organisationId)).toBe(6);
  });
});

describe("the referrals list", () => {
  it("searches, filters and pages in the database, within the organisation only", async () => {
    const actor = await employer("list");
    const other = await employer("nosy");
    for (let i = 0; i < 27; i++) {
      await saveReferral(actor, {
        intent: "draft",
        input: {
          ...managementInput,
          employeeName: i === 3 ? "Priya Shah" : `Employee ${i}`,
          referralReason: i === 5 ? "Stress at WORK after a restructure" : "Back pain",
          consentToProcessing: false,
        },
      });
    }
    await createPreEmploymentReferral(employerScopeForTest(database.db, actor), {
      input: candidate,
      provider: "demo",
    });

    const first = await listReferrals(employerScopeForTest(database.db, actor), {});
    expect(first.total).toBe(28);
    expect(first.rows).toHaveLength(25);
    expect(first.previousCursor).toBeNull();
    expect(first.nextCursor).toBe(first.rows[24]!.id);
    const second = await listReferrals(employerScopeForTest(database.db, actor), {
      after: first.nextCursor!,
    });
    expect(second.rows).toHaveLength(3);
    expect(second).toMatchObject({
      total: 28,
      nextCursor: null,
      previousCursor: second.rows[0]!.id,
    });
    // Newest first, every referral once across the two pages, in created_at then id order.
    const all = [...first.rows, ...second.rows];
    expect(new Set(all.map((r) => r.id)).size).toBe(28);
    for (let i = 1; i < all.length; i++)
      expect(all[i - 1]!.createdAt.getTime()).toBeGreaterThanOrEqual(all[i]!.createdAt.getTime());
    // Previous from the second page is the first page again, whole.
    const back = await listReferrals(employerScopeForTest(database.db, actor), {
      before: second.previousCursor!,
    });
    expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    expect(back.previousCursor).toBeNull();
    // Another organisation's referral as the cursor finds nothing of either organisation.
    const theirs = await createPreEmploymentReferral(employerScopeForTest(database.db, other), {
      input: candidate,
      provider: "demo",
    });
    expect(
      await listReferrals(employerScopeForTest(database.db, actor), { after: theirs.referral.id }),
    ).toMatchObject({ rows: [], nextCursor: null });

    expect(
      (await listReferrals(employerScopeForTest(database.db, actor), { search: "priya" })).rows.map(
        (r) => r.subjectName,
      ),
    ).toEqual(["Priya Shah"]);
    // The reason is sealed at rest (docs/decisions/0010-hardening-at-the-edge.md): shown in the
    // list, never searched in SQL.
    expect(
      (await listReferrals(employerScopeForTest(database.db, actor), { search: "stress at work" }))
        .rows,
    ).toEqual([]);
    expect(first.rows.map((r) => r.issue)).toContain("Back pain");
    const byReference = first.rows[0]!.reference.toLowerCase();
    expect(
      (
        await listReferrals(employerScopeForTest(database.db, actor), { search: byReference })
      ).rows.map((r) => r.reference.toLowerCase()),
    ).toEqual([byReference]);
    const nothing = await listReferrals(employerScopeForTest(database.db, actor), {
      search: "100%_",
    });
    expect(nothing.rows).toEqual([]);
    // A search is not counted (that would read every match).
    expect(nothing.total).toBeNull();

    expect(
      (await listReferrals(employerScopeForTest(database.db, actor), { status: "draft" })).total,
    ).toBe(27);
    expect(
      (
        await listReferrals(employerScopeForTest(database.db, actor), {
          status: "awaiting_payment",
        })
      ).rows.map((r) => r.issue),
    ).toEqual(["Pre-employment check: Driver"]);
    expect((await listReferrals(employerScopeForTest(database.db, other), {})).total).toBe(1);
  });
});

describe("the employer dashboard", () => {
  it("counts active and completed referrals of the organisation only, with the credit balance", async () => {
    const actor = await employer("dashboard");
    const other = await employer("elsewhere");
    await withCredits(actor);
    await withCredits(other);
    const placed: { id: string }[] = [];
    for (let i = 0; i < 3; i++)
      placed.push(
        (
          await createPreEmploymentReferral(employerScopeForTest(database.db, actor), {
            input: candidate,
            provider: "demo",
          })
        ).referral,
      );
    await createPreEmploymentReferral(employerScopeForTest(database.db, other), {
      input: candidate,
      provider: "demo",
    });
    await database.db
      .update(referral)
      .set({ status: "complete" })
      .where(eq(referral.id, placed[0]!.id));
    await database.db
      .update(referral)
      .set({ status: "draft" })
      .where(eq(referral.id, placed[1]!.id));

    const summary = await getEmployerDashboard(employerScopeForTest(database.db, actor));
    expect(summary).toMatchObject({
      activeAssessments: 1,
      completedReports: 1,
      availableCredits: 7,
    });
    expect(summary.recentActivity.length).toBeGreaterThan(0);
    expect(summary.recentActivity.every((a) => placed.some((p) => p.id === a.referralId))).toBe(
      true,
    );
  });
});

interface CountRow {
  organisation_id: string;
  status: string;
  n: number;
}

describe("the maintained referral counts", () => {
  it("always equal counting the referrals, whatever is added, changes status, moves or is deleted", async () => {
    const organisations = [await employer("counted-a"), await employer("counted-b")];
    const ids: string[] = [];
    for (const actor of organisations)
      for (let i = 0; i < 3; i++)
        ids.push(
          (
            await createPreEmploymentReferral(employerScopeForTest(database.db, actor), {
              input: candidate,
              provider: "demo",
            })
          ).referral.id,
        );
    const orgIds = organisations.map((o) => o.organisationId);
    const counted = async () =>
      (
        (await database.db.execute(sql`
          select organisation_id, status, count(*)::int as n from referral
          where organisation_id in (${sql.join(
            orgIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          group by 1, 2 order by 1, 2`)) as unknown as { rows: CountRow[] }
      ).rows;
    const maintained = async () =>
      (
        (await database.db.execute(sql`
          select organisation_id, status, referrals as n from organisation_referral_count
          where organisation_id in (${sql.join(
            orgIds.map((id) => sql`${id}`),
            sql`, `,
          )})
            and referrals <> 0
          order by 1, 2`)) as unknown as { rows: CountRow[] }
      ).rows;
    expect(await maintained()).toEqual(await counted());

    const change = fc.record({
      index: fc.nat({ max: ids.length - 1 }),
      status: fc.constantFrom(...referralStatuses),
      move: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 6 }), async (changes) => {
        for (const { index, status, move } of changes)
          await database.db
            .update(referral)
            .set({ status, ...(move ? { organisationId: orgIds[index % 2]! } : {}) })
            .where(eq(referral.id, ids[index]!));
        expect(await maintained()).toEqual(await counted());
      }),
      { numRuns: 15 },
    );

    const [bare] = await database.db
      .insert(referral)
      .values({
        reference: "OCC-COUNTED",
        organisationId: orgIds[0]!,
        type: "management",
        status: "withheld",
        subjectName: "Counted Person",
        subjectEmail: "counted@example.org",
        createdBy: "test",
        ownerId: "test",
      })
      .returning({ id: referral.id });
    expect(await maintained()).toEqual(await counted());
    await database.db.delete(referral).where(eq(referral.id, bare!.id));
    expect(await maintained()).toEqual(await counted());
  });
});
