import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditNote, paymentOrder, referral } from "~/db/schema/index.ts";
import { declineConsent } from "~/domain/assessments/decline-consent.server.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { cancelReferral } from "~/domain/referrals/cancel-referral.server.ts";
import { confirmReferralPayment } from "~/domain/referrals/confirm-referral-payment.server.ts";
import { getEmployerDashboard } from "~/domain/referrals/employer-dashboard.server.ts";
import { expireUnpaidReferrals } from "~/domain/referrals/expire-unpaid-referrals.server.ts";
import { issueInvitationToken } from "~/domain/referrals/invitations.server.ts";
import { saveManagementReferral } from "~/domain/referrals/save-management-referral.server.ts";
import { createDemoProvider } from "~/services/payments/demo-provider.server.ts";
import type { PaymentProvider } from "~/services/payments/provider.ts";
import { createStripeProvider } from "~/services/payments/stripe-provider.server.ts";
import { testAdapters, withAdapters } from "~tests/support/adapters.ts";
import { subjectScopeForTest } from "~tests/support/assessments.ts";
import { auditEventsAbout } from "~tests/support/audit.ts";
import {
  employerScopeFor,
  fakeStripeApi,
  providerScope,
  testSeller,
} from "~tests/support/billing.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { pdfText } from "~tests/support/pdf-text.ts";
import {
  employerScopeForTest,
  managementReferralInput,
  type TestEmployer,
} from "~tests/support/referrals.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import { getCreditNotePdf } from "./get-credit-note-pdf.server.ts";
import {
  type ConfirmationHooks,
  handlePaymentEvent,
  listOrders,
  type PaymentOrder,
} from "./orders.server.ts";
import { pendingRefunds, settleRefund } from "./settle-refund.server.ts";

const database = testDatabaseForFile();
const demo = createDemoProvider();
const hooks: ConfirmationHooks = {
  seller: testSeller,
  onReferralPaid: (tx, scope, referralId, order) =>
    confirmReferralPayment(tx, scope, { referralId, order }),
  describeBuyer: async () => ({ name: "Acme Ltd", address: "2 Buyer Road\nLeeds LS1 1AA" }),
};

async function employer(name: string): Promise<TestEmployer> {
  return {
    userId: `user-${name}`,
    organisationId: await insertOrganisationForTest(database.db, { name: `${name} Ltd` }),
    organisationName: `${name} Ltd`,
  };
}

/** A management referral paid per referral (£380 + VAT) through the demo provider. */
async function paidReferral(actor: TestEmployer) {
  const { referral: created, placement } = await saveManagementReferral(
    employerScopeForTest(database.db, actor),
    {
      intent: "submit",
      provider: "demo",
      input: managementReferralInput({
        referralReason: "Back pain affecting lifting duties",
        jobDetails: "Warehouse team leader",
      }),
    },
  );
  if (placement?.method !== "order") throw new Error("expected a pay-per-referral order");
  const [order] = await database.db
    .select()
    .from(paymentOrder)
    .where(eq(paymentOrder.id, placement.orderId));
  expect(
    await handlePaymentEvent(providerScope(database.db), demo.confirmationEvent(order!), hooks),
  ).toBe("granted");
  return { referralId: created.id, orderId: order!.id };
}

async function creditNoteRow(id: string) {
  const [note] = await database.db.select().from(creditNote).where(eq(creditNote.id, id));
  return note;
}

describe("cancelling a card-paid referral", () => {
  it("refunds the whole invoice with a sequential credit note, VAT reversed, through the provider once", async () => {
    const actor = await employer("refund");
    const first = await paidReferral(actor);
    const second = await paidReferral(actor);

    const one = await cancelReferral(employerScopeForTest(database.db, actor), first.referralId);
    const two = await cancelReferral(employerScopeForTest(database.db, actor), second.referralId);
    if (one.order.outcome !== "refunded" || two.order.outcome !== "refunded")
      throw new Error("expected refunds");
    expect(one.creditsReturned).toBe(0);
    expect(one.order.creditNote.totalPence).toBe(45_600);
    expect(one.order.creditNote.number).toMatch(/^CN-\d{6}$/);
    // Sequential: the second note's number follows the first's.
    expect(Number(two.order.creditNote.number.slice(3))).toBe(
      Number(one.order.creditNote.number.slice(3)) + 1,
    );

    const orders = await listOrders(employerScopeFor(database.db, actor));
    const listed = orders.find((o) => o.id === first.orderId)!;
    expect(listed.status).toBe("refunded");
    expect(listed.creditNoteNumber).toBe(one.order.creditNote.number);
    expect(listed.refundStatus).toBe("pending");
    expect(await pendingRefunds(providerScope(database.db))).toContain(one.order.creditNote.id);

    // The provider is asked once; a second settle (a retried job) does not ask again.
    const calls: { amountPence: number; idempotencyKey: string }[] = [];
    const recording: Pick<PaymentProvider, "refund"> = {
      async refund(request) {
        calls.push({ amountPence: request.amountPence, idempotencyKey: request.idempotencyKey });
        return demo.refund(request);
      },
    };
    expect(
      await settleRefund(
        withAdapters(providerScope(database.db), { payments: { ...demo, ...recording } }),
        one.order.creditNote.id,
      ),
    ).toBe("succeeded");
    expect(
      await settleRefund(
        withAdapters(providerScope(database.db), { payments: { ...demo, ...recording } }),
        one.order.creditNote.id,
      ),
    ).toBe("already_refunded");
    expect(calls).toEqual([
      { amountPence: 45_600, idempotencyKey: `refund-${one.order.creditNote.id}` },
    ]);
    const note = await creditNoteRow(one.order.creditNote.id);
    expect(note).toMatchObject({
      refundStatus: "succeeded",
      providerRefundId: `demo_refund-${one.order.creditNote.id}`,
      reason: "referral_cancelled",
      netPence: 38_000,
      vatPence: 7_600,
    });
    const audits = await auditEventsAbout(database.db, one.order.creditNote.id);
    expect(audits.map((a) => `${a.action}:${a.outcome}`)).toEqual(["billing.refund:success"]);

    // The PDF names the invoice it credits and shows every amount reversed.
    const { pdf } = await getCreditNotePdf(
      employerScopeFor(database.db, actor),
      one.order.creditNote.id,
    );
    const text = pdfText(pdf);
    expect(text).toContain("Credit note");
    expect(text).toContain(one.order.creditNote.number);
    expect(text).toContain(`Credits invoice ${one.order.creditNote.invoiceNumber}`);
    expect(text).toMatch(/-£380\.00/);
    expect(text).toMatch(/-£76\.00/);
    expect(text).toMatch(/Total credited \(GBP\)\s+-£456\.00/);
    expect(text).toContain("GB123456789");

    // Another organisation cannot read it.
    const other = await employer("other");
    await expect(
      getCreditNotePdf(employerScopeFor(database.db, other), one.order.creditNote.id),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("keeps a refund the provider refused pending, with the error, for the retry job", async () => {
    const actor = await employer("refused");
    const paid = await paidReferral(actor);
    const cancelled = await cancelReferral(
      employerScopeForTest(database.db, actor),
      paid.referralId,
    );
    if (cancelled.order.outcome !== "refunded") throw new Error("expected a refund");
    const failing: Pick<PaymentProvider, "refund"> = {
      async refund() {
        throw new Error("card network unavailable");
      },
    };
    await expect(
      settleRefund(
        withAdapters(providerScope(database.db), { payments: { ...demo, ...failing } }),
        cancelled.order.creditNote.id,
      ),
    ).rejects.toThrow("card network unavailable");
    const note = await creditNoteRow(cancelled.order.creditNote.id);
    expect(note).toMatchObject({
      refundStatus: "pending",
      refundAttempts: 1,
      lastRefundError: "card network unavailable",
    });
    expect(await pendingRefunds(providerScope(database.db))).toContain(
      cancelled.order.creditNote.id,
    );
  });

  it("closes an unpaid order without a credit note", async () => {
    const actor = await employer("unpaid");
    const { placement } = await saveManagementReferral(employerScopeForTest(database.db, actor), {
      intent: "submit",
      provider: "demo",
      input: managementReferralInput({
        employeeName: "Al Smith",
        employeeEmail: "al@example.org",
        referralReason: "Stress",
        jobDetails: "Clerk",
      }),
    });
    if (placement?.method !== "order") throw new Error("expected an order");
    const [row] = await database.db
      .select({ id: referral.id })
      .from(referral)
      .where(eq(referral.orderId, placement.orderId));
    const result = await cancelReferral(employerScopeForTest(database.db, actor), row!.id);
    expect(result).toEqual({ creditsReturned: 0, order: { outcome: "cancelled" } });
    const [order] = await database.db
      .select()
      .from(paymentOrder)
      .where(eq(paymentOrder.id, placement.orderId));
    expect(order!.status).toBe("cancelled");
  });
});

describe("a referral left awaiting payment", () => {
  it("is not active, expires after 7 days unpaid, and a late payment grants nothing", async () => {
    const actor = await employer("unpaid-expiry");
    const placedAt = new Date("2026-01-05T09:00:00Z");
    const { referral: created, placement } = await saveManagementReferral(
      employerScopeForTest(database.db, actor, placedAt),
      {
        intent: "submit",
        provider: "demo",
        input: managementReferralInput({
          employeeName: "Lee Unpaid",
          employeeEmail: "lee@example.org",
          referralReason: "Stress",
          jobDetails: "Clerk",
        }),
      },
    );
    if (placement?.method !== "order") throw new Error("expected an order");
    expect(
      (await getEmployerDashboard(employerScopeForTest(database.db, actor))).activeAssessments,
    ).toBe(0);

    // Six days and 23 hours: still waiting.
    const early = await expireUnpaidReferrals(
      systemScope(database.db, "test", testAdapters(), { now: new Date("2026-01-12T08:00:00Z") }),
    );
    expect(early.map((e) => e.referralId)).not.toContain(created.id);
    const due = await expireUnpaidReferrals(
      systemScope(database.db, "test", testAdapters(), { now: new Date("2026-01-12T09:00:01Z") }),
    );
    expect(due.map((e) => e.referralId)).toContain(created.id);
    const [row] = await database.db.select().from(referral).where(eq(referral.id, created.id));
    expect(row!.status).toBe("payment_expired");
    const [order] = await database.db
      .select()
      .from(paymentOrder)
      .where(eq(paymentOrder.id, placement.orderId));
    expect(order!.status).toBe("expired");
    // The checkout page's button pressed afterwards: closed, nothing granted or invoiced.
    expect(
      await handlePaymentEvent(providerScope(database.db), demo.confirmationEvent(order!), hooks),
    ).toBe("closed");
    const [after] = await database.db.select().from(referral).where(eq(referral.id, created.id));
    expect(after!.status).toBe("payment_expired");
    // Run again: nothing more to do.
    expect(
      await expireUnpaidReferrals(
        systemScope(database.db, "test", testAdapters(), { now: new Date("2026-01-20T00:00:00Z") }),
      ),
    ).toEqual([]);
  });
});

describe("the person declines a card-paid referral", () => {
  it("refunds the employer with a credit note", async () => {
    const actor = await employer("declined");
    const paid = await paidReferral(actor);
    const [row] = await database.db.select().from(referral).where(eq(referral.id, paid.referralId));
    expect(row!.status).toBe("invited");
    const { token } = await issueInvitationToken(database.db, {
      referralId: row!.id,
      invitedAt: row!.invitedAt ?? new Date(),
    });
    const opened = await openAssessmentLink(database.db, {
      token,
      origin: { ip: "10.9.9.9", requestId: "req-decline" },
    });
    if (!opened.ok) throw new Error("link refused");
    const ended = await declineConsent(subjectScopeForTest(database.db, opened.link));
    expect(ended.decision).toBe("declined");
    if (ended.order.outcome !== "refunded") throw new Error("expected a refund");
    expect(ended.order.creditNote.totalPence).toBe(45_600);
    expect(
      await settleRefund(
        withAdapters(providerScope(database.db), { payments: demo }),
        ended.order.creditNote.id,
      ),
    ).toBe("succeeded");
    const note = await creditNoteRow(ended.order.creditNote.id);
    expect(note!.reason).toBe("consent_declined");
    const orders = await listOrders(employerScopeFor(database.db, actor));
    expect(orders.find((o) => o.id === paid.orderId)).toMatchObject({
      status: "refunded",
      refundStatus: "succeeded",
    });
  });
});

describe("the Stripe provider's refund", () => {
  it("refunds the checkout's PaymentIntent through the Refunds API with the idempotency key", async () => {
    const stripeApi = await fakeStripeApi((request) =>
      request.path.startsWith("/v1/checkout/sessions/")
        ? { id: "cs_paid", object: "checkout.session", payment_intent: "pi_123" }
        : { id: "re_456", object: "refund", status: "succeeded" },
    );
    const { received } = stripeApi;
    try {
      const stripe = createStripeProvider({
        secretKey: "sk_test_x",
        webhookSecret: "whsec_x",
        api: stripeApi.api,
      });
      const order = { id: "order-1", providerReference: "cs_paid" } as PaymentOrder;
      expect(
        await stripe.refund({ order, amountPence: 45_600, idempotencyKey: "refund-cn-1" }),
      ).toEqual({ providerRefundId: "re_456" });
      expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([
        "GET /v1/checkout/sessions/cs_paid",
        "POST /v1/refunds",
      ]);
      const refund = received[1]!;
      expect(refund.idempotencyKey).toBe("refund-cn-1");
      expect(refund.body.get("payment_intent")).toBe("pi_123");
      expect(refund.body.get("amount")).toBe("45600");
    } finally {
      stripeApi.close();
    }
  });
});
