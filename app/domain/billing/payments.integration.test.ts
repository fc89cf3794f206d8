import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import { runtimeContext } from "~/context.ts";
import { invoice, membership, paymentEvent, paymentOrder } from "~/db/schema/index.ts";
import { action as stripeWebhook } from "~/routes/resources/stripe-webhook.ts";
import { createDemoProvider } from "~/services/payments/demo-provider.server.ts";
import { createStripeProvider } from "~/services/payments/stripe-provider.server.ts";
import type { Runtime } from "~/services/runtime.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import {
  becomeMemberForTest,
  employerScopeFor,
  fakeStripeApi,
  providerScope,
} from "~tests/support/billing.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import { cancelMembership } from "./cancel-membership.server.ts";
import { changeMembershipInterval } from "./change-membership-interval.server.ts";
import { getCreditBalance } from "./credit-ledger.server.ts";
import { getMembership } from "./membership.server.ts";
import { createOrder, handlePaymentEvent } from "./orders.server.ts";
import { renewDemoMemberships } from "./renew-memberships.server.ts";
import { resumeMembership } from "./resume-membership.server.ts";

const webhookSecret = "whsec_test_secret";
const seller = { name: "ReferOH Ltd" };
const database = testDatabaseForFile();

async function actorFor(name: string) {
  return {
    userId: `user-${name}`,
    organisationId: await insertOrganisationForTest(database.db, { name: `${name} Ltd` }),
  };
}

async function becomeMember(actor: Awaited<ReturnType<typeof actorFor>>) {
  expect(await becomeMemberForTest(database.db, actor)).toBe("granted");
}

/** A member's credit pack ordered through Stripe and not yet paid: what a webhook would confirm. */
async function memberPackOrder(name: string, packId: "starter" | "value" | "plus") {
  const actor = await actorFor(name);
  await becomeMember(actor);
  const order = await createOrder(database.db, {
    actor,
    request: { kind: "credit_pack", packId },
    provider: "stripe",
  });
  return { actor, order };
}

async function orderStatus(orderId: string) {
  const [row] = await database.db.select().from(paymentOrder).where(eq(paymentOrder.id, orderId));
  return row?.status;
}

function ordersOf(organisationId: string) {
  return database.db
    .select()
    .from(paymentOrder)
    .where(eq(paymentOrder.organisationId, organisationId));
}

function callWebhook(body: string, signature: string | null) {
  const provider = createStripeProvider({ secretKey: "sk_test_x", webhookSecret });
  const context = new RouterContextProvider();
  const config = loadConfig({ LOG_LEVEL: "silent" });
  context.set(runtimeContext, {
    payments: provider,
    adapters: testAdapters({ payments: provider }),
    database,
    config,
    logger: { warn() {}, info() {} },
  } as unknown as Runtime);
  const headers = new Headers({ "content-type": "application/json" });
  if (signature) headers.set("stripe-signature", signature);
  const request = new Request("http://localhost/webhooks/stripe", {
    method: "POST",
    body,
    headers,
  });
  return stripeWebhook({ request, context } as unknown as Parameters<typeof stripeWebhook>[0]);
}

function checkoutCompleted(orderId: string, eventId: string) {
  return JSON.stringify({
    id: eventId,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: `cs_${eventId}`,
        object: "checkout.session",
        client_reference_id: orderId,
        payment_status: "paid",
        subscription: null,
      },
    },
  });
}

describe("demo provider", () => {
  it("confirms a membership with the Value pack once, with an invoice, through the webhook code path", async () => {
    const actor = await actorFor("demo");
    const demo = createDemoProvider();
    const order = await createOrder(database.db, {
      actor,
      request: { kind: "membership", interval: "monthly", packId: "value" },
      provider: "demo",
    });
    expect(order).toMatchObject({
      status: "pending",
      netPence: 12500 + 170000,
      totalPence: (12500 + 170000) * 1.2,
    });
    const event = demo.confirmationEvent(order);
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => handlePaymentEvent(providerScope(database.db), event, { seller })),
    );
    expect(outcomes.sort()).toEqual(["duplicate", "duplicate", "granted"]);
    expect(await getCreditBalance(database.db, actor.organisationId)).toBe(20);
    const m = await getMembership(database.db, actor.organisationId);
    expect(m).toMatchObject({ status: "active", interval: "monthly", provider: "demo" });
    const invoices = await database.db.select().from(invoice).where(eq(invoice.orderId, order.id));
    expect(invoices).toHaveLength(1);
    expect(invoices[0]!.number).toMatch(/^INV-\d{6}$/);
  });

  it("switches interval at the period end and cancels keeping access", async () => {
    const actor = await actorFor("interval");
    await becomeMember(actor);
    const switched = await changeMembershipInterval(employerScopeFor(database.db, actor), "annual");
    expect(switched).toMatchObject({
      status: "pending_change",
      interval: "monthly",
      pendingInterval: "annual",
    });
    const cancelled = await cancelMembership(employerScopeFor(database.db, actor));
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now());
    // Every member right, packs included, lasts to the period end.
    const pack = await createOrder(database.db, {
      actor,
      request: { kind: "credit_pack", packId: "starter" },
      provider: "demo",
    });
    expect(pack.netPence).toBe(85_000);
    // Resume before the end undoes the cancellation; a second resume is refused.
    const resumed = await resumeMembership(employerScopeFor(database.db, actor));
    expect(resumed).toMatchObject({ status: "active", cancelledAt: null });
    await expect(resumeMembership(employerScopeFor(database.db, actor))).rejects.toThrow(
      /no cancelled/,
    );
    // After the period ends there is nothing to resume.
    await cancelMembership(employerScopeFor(database.db, actor));
    await expect(
      resumeMembership(
        employerScopeFor(database.db, actor, new Date(resumed.currentPeriodEnd.getTime() + 1000)),
      ),
    ).rejects.toThrow(/no cancelled/);
  });
});

describe("demo renewals", () => {
  it("renew at the period end in the pending interval, and leave cancelled memberships to lapse", async () => {
    const demo = createDemoProvider();
    const switching = await actorFor("renew");
    const leaving = await actorFor("leave");
    await becomeMember(switching);
    await becomeMember(leaving);
    await changeMembershipInterval(employerScopeFor(database.db, switching), "annual");
    await cancelMembership(employerScopeFor(database.db, leaving));
    const before = await getMembership(database.db, switching.organisationId);
    const later = new Date(before!.currentPeriodEnd.getTime() + 60_000);

    await renewDemoMemberships(
      providerScope(database.db, later),
      { seller },
      demo.confirmationEvent,
    );
    const renewed = await getMembership(database.db, switching.organisationId);
    expect(renewed).toMatchObject({ status: "active", interval: "annual", pendingInterval: null });
    expect(renewed!.currentPeriodStart.getTime()).toBe(later.getTime());
    expect(renewed!.currentPeriodEnd.getFullYear()).toBe(later.getFullYear() + 1);
    const orders = await ordersOf(switching.organisationId);
    expect(orders.filter((o) => o.kind === "renewal").map((o) => [o.status, o.netPence])).toEqual([
      ["paid", 135000],
    ]);

    const lapsed = await getMembership(database.db, leaving.organisationId);
    expect(lapsed?.status).toBe("cancelled");
    // Running again renews nothing twice.
    await renewDemoMemberships(
      providerScope(database.db, later),
      { seller },
      demo.confirmationEvent,
    );
    const again = await ordersOf(switching.organisationId);
    expect(again.filter((o) => o.kind === "renewal")).toHaveLength(1);
  });
});

describe("stripe webhooks", () => {
  it("grants once when the same event arrives five times at once", async () => {
    const { actor, order } = await memberPackOrder("stripe", "value");
    const body = checkoutCompleted(order.id, `evt_${order.id.slice(0, 8)}`);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: webhookSecret,
    });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => callWebhook(body, signature)),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = await Promise.all(responses.map(async (r) => (await r.json()).outcome));
    expect(outcomes.filter((o) => o === "granted")).toHaveLength(1);
    expect(await getCreditBalance(database.db, actor.organisationId)).toBe(20);
    expect(await orderStatus(order.id)).toBe("paid");
    expect(await database.db.$count(invoice, eq(invoice.orderId, order.id))).toBe(1);
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const { actor, order } = await memberPackOrder("forged", "plus");
    const body = checkoutCompleted(order.id, "evt_forged");
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: "whsec_wrong",
    });
    const eventsBefore = await database.db.$count(paymentEvent);
    expect((await callWebhook(body, forged)).status).toBe(400);
    expect((await callWebhook(body, null)).status).toBe(400);
    expect(await database.db.$count(paymentEvent)).toBe(eventsBefore);
    expect(await getCreditBalance(database.db, actor.organisationId)).toBe(0);
    expect(await orderStatus(order.id)).toBe("pending");
  });

  it("refuses an event signed more than 5 minutes ago", async () => {
    const { actor, order } = await memberPackOrder("replay", "starter");
    const body = checkoutCompleted(order.id, "evt_old");
    const old = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect((await callWebhook(body, old)).status).toBe(400);
    expect(await getCreditBalance(database.db, actor.organisationId)).toBe(0);
  });

  it("creates a Checkout Session from the order's catalogue amounts", async () => {
    const stripeApi = await fakeStripeApi(() => ({
      id: "cs_test_123",
      object: "checkout.session",
      url: "https://checkout.stripe.test/cs_test_123",
    }));
    const { received } = stripeApi;
    try {
      const provider = createStripeProvider({
        secretKey: "sk_test_x",
        webhookSecret,
        api: stripeApi.api,
      });
      const actor = await actorFor("session");
      const order = await createOrder(database.db, {
        actor,
        request: { kind: "membership", interval: "annual" },
        provider: "stripe",
      });
      const started = await provider.startCheckout(order, {
        success: "http://localhost/s",
        cancel: "http://localhost/c",
      });
      expect(started).toEqual({
        redirectUrl: "https://checkout.stripe.test/cs_test_123",
        providerReference: "cs_test_123",
      });
      expect(received).toHaveLength(1);
      const { path, body, idempotencyKey } = received[0]!;
      expect(path).toBe("/v1/checkout/sessions");
      expect(idempotencyKey).toBe(`checkout-${order.id}`);
      expect(body.get("mode")).toBe("subscription");
      expect(body.get("client_reference_id")).toBe(order.id);
      expect(body.get("line_items[0][price_data][unit_amount]")).toBe(String(135000 * 1.2));
      expect(body.get("line_items[0][price_data][recurring][interval]")).toBe("year");
      expect(body.get("line_items[0][price_data][currency]")).toBe("gbp");
    } finally {
      stripeApi.close();
    }
  });
});

describe("stripe subscription events", () => {
  it("renew a Stripe membership once per paid invoice and end it when the subscription is deleted", async () => {
    const actor = await actorFor("stripe-sub");
    const order = await createOrder(database.db, {
      actor,
      request: { kind: "membership", interval: "monthly" },
      provider: "stripe",
    });
    const completed = JSON.stringify({
      id: "evt_sub_start",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_sub",
          object: "checkout.session",
          client_reference_id: order.id,
          payment_status: "paid",
          subscription: "sub_123",
        },
      },
    });
    await callWebhook(
      completed,
      Stripe.webhooks.generateTestHeaderString({ payload: completed, secret: webhookSecret }),
    );
    const started = await getMembership(database.db, actor.organisationId);
    expect(started).toMatchObject({
      status: "active",
      provider: "stripe",
      providerSubscriptionId: "sub_123",
    });

    const renewal = JSON.stringify({
      id: "evt_sub_renew",
      object: "event",
      type: "invoice.paid",
      data: {
        object: {
          id: "in_1",
          object: "invoice",
          billing_reason: "subscription_cycle",
          parent: {
            type: "subscription_details",
            subscription_details: { subscription: "sub_123" },
          },
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: renewal,
      secret: webhookSecret,
    });
    const outcomes = await Promise.all([
      callWebhook(renewal, signature),
      callWebhook(renewal, signature),
    ]).then((rs) => Promise.all(rs.map(async (r) => (await r.json()).outcome)));
    expect(outcomes.sort()).toEqual(["duplicate", "renewed"]);
    const renewed = await getMembership(database.db, actor.organisationId);
    expect(renewed!.currentPeriodEnd.getTime()).toBeGreaterThan(
      started!.currentPeriodEnd.getTime(),
    );
    const orders = await ordersOf(actor.organisationId);
    expect(
      orders
        .filter((o) => o.kind === "renewal")
        .map((o) => [o.status, o.providerReference, o.totalPence]),
    ).toEqual([["paid", "in_1", 15000]]);
    expect(
      await database.db.$count(invoice, eq(invoice.organisationId, actor.organisationId)),
    ).toBe(2);

    const deleted = JSON.stringify({
      id: "evt_sub_end",
      object: "event",
      type: "customer.subscription.deleted",
      data: { object: { id: "sub_123", object: "subscription" } },
    });
    const response = await callWebhook(
      deleted,
      Stripe.webhooks.generateTestHeaderString({ payload: deleted, secret: webhookSecret }),
    );
    expect((await response.json()).outcome).toBe("ended");
    const ended = await getMembership(database.db, actor.organisationId);
    expect(ended?.status).toBe("cancelled");
    expect(ended!.currentPeriodEnd.getTime()).toBe(renewed!.currentPeriodEnd.getTime());
  });
});

describe("membership is required for packs", () => {
  it("is enforced on the server, not only on the page", async () => {
    const actor = await actorFor("nonmember");
    await expect(
      createOrder(database.db, {
        actor,
        request: { kind: "credit_pack", packId: "value" },
        provider: "demo",
      }),
    ).rejects.toThrow(/members/);
    expect(
      await database.db.$count(membership, eq(membership.organisationId, actor.organisationId)),
    ).toBe(0);
  });
});
