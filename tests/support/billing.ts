import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Database } from "~/db/client.server.ts";
import { paymentOrder } from "~/db/schema/index.ts";
import type { CreditPackId } from "~/domain/billing/catalogue.ts";
import {
  createOrder,
  type EventOutcome,
  handlePaymentEvent,
} from "~/domain/billing/orders.server.ts";
import type { EmployerActor, SystemActor } from "~/domain/kernel/actor.ts";
import type { Adapters } from "~/domain/kernel/adapters.ts";
import { type Scope, systemScope } from "~/domain/kernel/scope.ts";
import { createDemoProvider } from "~/services/payments/demo-provider.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { employerScopeForTest } from "./referrals.ts";

/** The seller's details an invoice and a credit note print: every one that must be there. */
export const testSeller = {
  name: "ReferOH Ltd",
  address: "1 Example Street\nLondon EC1A 1AA",
  companyNumber: "12345678",
  vatNumber: "GB123456789",
};

/** A signed-in employer's scope for billing tests: the owner of the organisation, at `now`. */
export function employerScopeFor(
  db: Database,
  member: { userId: string; organisationId: string },
  now = new Date(),
  adapters: Adapters = testAdapters(),
): Scope<EmployerActor> {
  const { userId, organisationId } = member;
  const employer = { userId, organisationId, organisationName: "Test organisation" };
  return employerScopeForTest(db, employer, now, adapters, `test:${userId}`);
}

/** The payment provider's word, as webhooks and the demo payment page apply it. */
export function providerScope(
  db: Database,
  now = new Date(),
  adapters: Adapters = testAdapters(),
): Scope<SystemActor> {
  return systemScope(db, "test-provider", adapters, { now });
}

/**
 * The organisation becomes a member as the demo payment page makes it one: a monthly membership
 * ordered (with a credit pack when `packId` is given) and the provider's confirmation applied.
 */
export async function becomeMemberForTest(
  db: Database,
  actor: { userId: string; organisationId: string },
  packId?: CreditPackId,
): Promise<EventOutcome> {
  const order = await createOrder(db, {
    actor,
    request: { kind: "membership", interval: "monthly", packId },
    provider: "demo",
  });
  return handlePaymentEvent(providerScope(db), createDemoProvider().confirmationEvent(order), {
    seller: testSeller,
  });
}

interface StripeApiRequest {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey?: string;
}

/**
 * A local HTTP server standing in for Stripe's API: it records each request and answers with
 * `respond(request)`. The Stripe provider is pointed at it through `api`; close it when done.
 */
export async function fakeStripeApi(respond: (request: StripeApiRequest) => object) {
  const received: StripeApiRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const request: StripeApiRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        body: new URLSearchParams(raw),
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      };
      received.push(request);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(respond(request)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    api: { host: "127.0.0.1", port, protocol: "http" as const },
    close: () => server.close(),
  };
}

/**
 * A credit pack paid for at `paidAt` (£850 net, £1,020 with VAT), written as the order a demo
 * payment leaves: for figures that count spend, not for the credits it would grant.
 */
export async function paidCreditPackOrderForTest(
  db: Database,
  organisationId: string,
  paidAt: Date,
) {
  await db.insert(paymentOrder).values({
    organisationId,
    kind: "credit_pack",
    grants: {},
    items: [],
    netPence: 850_00,
    vatPence: 170_00,
    totalPence: 1_020_00,
    provider: "demo",
    status: "paid",
    paidAt,
  });
}
