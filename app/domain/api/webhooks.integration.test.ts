import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { addDays, addSeconds } from "date-fns";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  member,
  paymentOrder,
  user,
  webhookAttempt,
  webhookDelivery,
  webhookEndpoint,
} from "~/db/schema/index.ts";
import { handlePaymentEvent } from "~/domain/billing/orders.server.ts";
import { getDoctorCase } from "~/domain/doctor/get-doctor-case.server.ts";
import { reportBodyFromDraft } from "~/domain/doctor/report-from-draft.ts";
import { saveReportDraft } from "~/domain/doctor/save-report.server.ts";
import { signAndSendReport } from "~/domain/doctor/send-report.server.ts";
import { takeReferral } from "~/domain/doctor/take-referral.server.ts";
import type { Adapters } from "~/domain/kernel/adapters.ts";
import { type Scope, systemScope } from "~/domain/kernel/scope.ts";
import { cancelReferral } from "~/domain/referrals/cancel-referral.server.ts";
import { confirmReferralPayment } from "~/domain/referrals/confirm-referral-payment.server.ts";
import { saveManagementReferral } from "~/domain/referrals/save-management-referral.server.ts";
import { approveReport } from "~/domain/reports/approve-report.server.ts";
import { createDemoProvider } from "~/services/payments/demo-provider.server.ts";
import { createWebhookSender } from "~/services/webhooks/webhook-sender.server.ts";
import { testAdapters, withAdapters } from "~tests/support/adapters.ts";
import { subjectScopeForTest } from "~tests/support/assessments.ts";
import { providerScope, testSeller } from "~tests/support/billing.ts";
import { createDoctorForTest } from "~tests/support/consultations.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { scopeFor, submittedCaseForTest } from "~tests/support/doctor.ts";
import { recordingMailer } from "~tests/support/mail.ts";
import { employerScopeForTest, managementReferralInput } from "~tests/support/referrals.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import { changeWebhookEndpoint } from "./change-webhook-endpoint.server.ts";
import { createWebhookEndpoint } from "./create-webhook-endpoint.server.ts";
import { deliverDueWebhooks } from "./deliver-webhooks.server.ts";
import { listWebhookEndpoints } from "./list-webhook-endpoints.server.ts";
import { resendWebhookDelivery } from "./resend-webhook-delivery.server.ts";
import type { WebhookEvent } from "./webhook-events.ts";
import { queueWebhookEvent } from "./webhook-outbox.server.ts";

/*
 * Webhooks (docs/api.md) end to end on a real HTTP receiver that checks every signature with the
 * `standardwebhooks` library, as an HR system would: a referral's whole course through the
 * domain's own use cases reaches it as `referral.status_changed` events, a delivery the receiver
 * answers with a 500 is retried with backoff and logged, and an endpoint that fails for three
 * days is switched off and its organisation's owner e-mailed.
 */
const database = testDatabaseForFile();

interface Received {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/** A receiver: verifies each request with the endpoint's secret, answers what `answer` says. */
function receiver() {
  const state = {
    secret: "",
    received: [] as Received[],
    refused: 0,
    answer: (_: Received): number => 204,
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      try {
        const event = new Webhook(state.secret).verify(body, {
          "webhook-id": String(request.headers["webhook-id"]),
          "webhook-timestamp": String(request.headers["webhook-timestamp"]),
          "webhook-signature": String(request.headers["webhook-signature"]),
        }) as { type: string; data: Record<string, unknown> };
        const got = { id: String(request.headers["webhook-id"]), ...event };
        state.received.push(got);
        response.writeHead(state.answer(got)).end();
      } catch {
        state.refused++;
        response.writeHead(400).end();
      }
    });
  });
  return { state, server };
}

const hook = receiver();
let url = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => hook.server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(hook.server.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise<void>((resolve) => hook.server.close(() => resolve())));

async function organisationWithOwner() {
  const db = database.db;
  const organisationId = await insertOrganisationForTest(db, { name: "Hooks Ltd" });
  const userId = `user-${randomUUID()}`;
  const email = `owner-${userId}@hooks.example`;
  await db
    .insert(user)
    .values({ id: userId, name: "Olu Owner", email, emailVerified: true, role: "employer" });
  await db.insert(member).values({ organisationId, userId, role: "owner" });
  const scopeAt = (now = new Date()) =>
    employerScopeForTest(db, { userId, organisationId, organisationName: "Hooks Ltd" }, now);
  return { organisationId, email, scopeAt };
}

const deliver = (now: Date, mailer = recordingMailer(), given: Partial<Adapters> = {}) =>
  deliverDueWebhooks(
    systemScope(database.db, "webhook-deliveries", testAdapters({ mailer, ...given }), { now }),
  );

/** An endpoint the test expects to be accepted. */
async function addEndpoint(scope: Scope, url: string, events: WebhookEvent[]) {
  const added = await createWebhookEndpoint(scope, { intent: "create-endpoint", url, events });
  if (added.status !== "created") throw new Error(`refused: ${added.message}`);
  return added;
}

describe("webhooks", () => {
  it("tell a signed receiver of a referral's whole course, and retry a delivery answered with a 500", async () => {
    const db = database.db;
    const { scopeAt } = await organisationWithOwner();
    const endpoint = await addEndpoint(scopeAt(), url, [
      "referral.status_changed",
      "referral.payment_required",
    ]);
    hook.state.secret = endpoint.secret;
    hook.state.received = [];
    // The first attempt at the first event fails; every other is taken.
    let failedOnce = false;
    hook.state.answer = () => {
      if (failedOnce) return 204;
      failedOnce = true;
      return 500;
    };

    // No credits: the referral waits for payment, is paid, and is cancelled.
    const { referral, placement } = await saveManagementReferral(scopeAt(), {
      intent: "submit",
      input: managementReferralInput(),
      provider: "demo",
    });
    expect(placement?.method).toBe("order");
    const [order] = await db
      .select()
      .from(paymentOrder)
      .where(eq(paymentOrder.id, placement?.method === "order" ? placement.orderId : ""));
    await handlePaymentEvent(providerScope(db), createDemoProvider().confirmationEvent(order!), {
      seller: testSeller,
      onReferralPaid: (tx, scope, referralId, paidOrder) =>
        confirmReferralPayment(tx, scope, { referralId, order: paidOrder }),
    });
    await cancelReferral(scopeAt(), referral.id);

    const start = new Date();
    const first = await deliver(start);
    expect(first).toMatchObject({ delivered: 3, failed: 1 });
    // The failed one is retried after its backoff, not before.
    expect((await deliver(addSeconds(start, 5))).delivered).toBe(0);
    const retried = await deliver(addSeconds(start, 31));
    expect(retried).toMatchObject({ delivered: 1, failed: 0, nextDueAt: null });

    expect(hook.state.refused).toBe(0);
    const changes = hook.state.received
      .filter((e) => e.type === "referral.status_changed")
      .map((e) => `${e.data.from}→${e.data.to}`);
    expect(new Set(changes)).toEqual(
      new Set(["draft→awaiting_payment", "awaiting_payment→invited", "invited→cancelled"]),
    );
    // Four events, one of them received twice (the 500, then the retry) under one webhook-id.
    expect(hook.state.received).toHaveLength(5);
    expect(new Set(hook.state.received.map((e) => e.id)).size).toBe(4);
    expect(
      hook.state.received.filter((e) => e.type === "referral.payment_required")[0]?.data,
    ).toEqual({ referralId: referral.id, reference: referral.reference, type: "management" });
    // References and statuses only: nothing of what the employer wrote about the person.
    const everything = JSON.stringify(hook.state.received);
    expect(everything).not.toContain(managementReferralInput().referralReason);
    expect(everything).not.toContain(managementReferralInput().employeeName);

    // The log shows the failed attempt and the one that worked, with their statuses and times.
    const [listed] = await listWebhookEndpoints(scopeAt());
    const logged = listed!.deliveries.flatMap((d) => d.attemptLog.map((a) => a.statusCode));
    expect(logged.sort()).toEqual([204, 204, 204, 204, 500]);
    expect(listed!.deliveries.every((d) => d.status === "delivered")).toBe(true);

    // "Send again" sends the same message once more, under the same id.
    const again = listed!.deliveries[0]!;
    await resendWebhookDelivery(scopeAt(), again.id);
    await deliver(addSeconds(start, 40));
    expect(hook.state.received.at(-1)?.id).toBe(again.messageId);
  });

  it("tell a signed receiver of a case's course from the invitation to the released report", async () => {
    const db = database.db;
    const mailer = recordingMailer();
    const jobs = { send: async () => "job-id" };
    hook.state.received = [];
    hook.state.answer = () => 204;
    const refusedBefore = hook.state.refused;
    // The person answers and submits through the assessment's use cases, the endpoint added as
    // soon as they are invited.
    const { referral: r, link } = await submittedCaseForTest(db, {
      adapters: { mailer, jobs },
      onInvited: async ({ organisationId }) => {
        const owner = employerScopeForTest(db, {
          userId: `user-${randomUUID()}`,
          organisationId,
          organisationName: "Test Employer Ltd",
        });
        hook.state.secret = (
          await addEndpoint(owner, url, ["referral.status_changed", "report.released"])
        ).secret;
      },
    });
    // A doctor takes it, writes, signs and sends the report; the person releases it.
    const doctor = await createDoctorForTest(db, "Dr Hook Webb");
    const asDoctor = (now = new Date()) => withAdapters(scopeFor(db, doctor, now), { mailer });
    await takeReferral(asDoctor(), r.id);
    const editor = await getDoctorCase(asDoctor(), { referralId: r.id, purpose: "editor" });
    await saveReportDraft(asDoctor(), {
      referralId: r.id,
      body: reportBodyFromDraft(editor.draft, r),
    });
    const signedAt = new Date();
    await signAndSendReport(
      asDoctor(signedAt),
      { reviewWorkingDays: 5 },
      { referralId: r.id, stepUpAt: new Date(signedAt.getTime() - 60_000) },
    );
    await approveReport(
      subjectScopeForTest(db, link, { adapters: testAdapters({ mailer, jobs }) }),
      {
        version: 1,
        releaseDiagnosis: false,
      },
    );

    await deliver(new Date(Date.now() + 1_000));
    expect(hook.state.refused).toBe(refusedBefore);
    const changes = hook.state.received
      .filter((e) => e.type === "referral.status_changed" && e.data.referralId === r.id)
      .map((e) => `${e.data.from}→${e.data.to}`);
    expect(new Set(changes)).toEqual(
      new Set([
        "invited→in_progress",
        "in_progress→submitted",
        "submitted→in_review",
        "in_review→awaiting_subject",
        "awaiting_subject→complete",
      ]),
    );
    // The release is told as its own event, naming the report to fetch through the API.
    const released = hook.state.received.filter(
      (e) => e.type === "report.released" && e.data.referralId === r.id,
    );
    expect(released).toHaveLength(1);
    expect(released[0]?.data.reportReference).toMatch(/^REP-/);
  });

  it("sign with the old secret too for a day after a rotation", async () => {
    const { scopeAt, organisationId } = await organisationWithOwner();
    const endpoint = await addEndpoint(scopeAt(), url, ["review.due"]);
    const { secret } = await changeWebhookEndpoint(scopeAt(), {
      endpointId: endpoint.id,
      intent: "rotate-secret",
    });
    const now = new Date();
    await database.db.transaction((tx) =>
      queueWebhookEvent(tx, {
        organisationId,
        type: "review.due",
        data: { reference: "REF-000001" },
        now,
      }),
    );
    // A receiver still on the old secret, and one already on the new, both accept it.
    for (const [known, at] of [
      [endpoint.secret, now],
      [secret!, addSeconds(now, 31)],
    ] as const) {
      hook.state.secret = known;
      hook.state.answer = () => 500;
      const before = hook.state.refused;
      expect((await deliver(at)).failed).toBe(1);
      expect(hook.state.refused).toBe(before);
    }
  });

  it("switch off an endpoint that has failed for three days, and e-mail the owner", async () => {
    const db = database.db;
    const { scopeAt, organisationId, email } = await organisationWithOwner();
    const endpoint = await addEndpoint(scopeAt(), url, ["review.due"]);
    hook.state.secret = endpoint.secret;
    hook.state.answer = () => 503;
    const event = (now: Date) =>
      db.transaction((tx) =>
        queueWebhookEvent(tx, {
          organisationId,
          type: "review.due",
          data: { reference: "REF-000002" },
          now,
        }),
      );
    const later = new Date();
    const start = addDays(later, -3);
    await event(start);
    await deliver(start);
    await event(later);
    const mailer = recordingMailer();
    await deliver(addSeconds(later, 1), mailer);
    const [row] = await db
      .select()
      .from(webhookEndpoint)
      .where(eq(webhookEndpoint.id, endpoint.id));
    expect(row?.disabledReason).toBe("failing");
    expect(mailer.sent.map((m) => m.to)).toEqual([email]);
    // Nothing more is sent to it until it is switched back on.
    await event(addSeconds(later, 5));
    const before = hook.state.received.length;
    await deliver(addSeconds(later, 10));
    expect(hook.state.received.length).toBe(before);
    const attempts = await db
      .select({ status: webhookAttempt.statusCode })
      .from(webhookAttempt)
      .innerJoin(webhookDelivery, eq(webhookDelivery.id, webhookAttempt.deliveryId))
      .where(eq(webhookDelivery.endpointId, endpoint.id));
    // The first attempt, three days back, is refused by the receiver's own timestamp check (400)
    // rather than answered 503: a failure all the same.
    expect(attempts).toHaveLength(2);
    expect(attempts.every((a) => (a.status ?? 0) >= 400)).toBe(true);
  });

  it("refuse an address that leads to a private network, and say why on the form", async () => {
    const { scopeAt } = await organisationWithOwner();
    // As a product served over https has it: public addresses only.
    const https = (resolve: (host: string) => string[]) =>
      withAdapters(scopeAt(), {
        publicUrl: "https://referoh.example",
        webhooks: createWebhookSender({
          localReceivers: false,
          resolve: async (host) => resolve(host).map((address) => ({ address, family: 4 })),
        }),
      });
    const refused = (scope: Scope, address: string) =>
      createWebhookEndpoint(scope, {
        intent: "create-endpoint",
        url: address,
        events: ["review.due"],
      });
    const metadata = await refused(
      https(() => ["169.254.169.254"]),
      "https://metadata.example/latest",
    );
    expect(metadata).toEqual({
      status: "refused",
      message: expect.stringContaining("public internet"),
    });
    expect(
      await refused(
        https(() => ["8.8.8.8"]),
        "http://hooks.example/",
      ),
    ).toEqual({
      status: "refused",
      message: "Enter an address starting https://",
    });
    expect(
      await refused(
        https(() => []),
        "https://0x7f.1/",
      ),
    ).toMatchObject({
      status: "refused",
    });
    expect(await listWebhookEndpoints(scopeAt())).toEqual([]);
  });

  it("refuse at delivery a host that resolves to a private address after it was added", async () => {
    const db = database.db;
    const { scopeAt, organisationId } = await organisationWithOwner();
    // DNS the test controls: public while the endpoint is added, private by the time it is sent.
    let answer = "93.184.215.14";
    const asked: string[] = [];
    const webhooks = createWebhookSender({
      localReceivers: false,
      resolve: async (host) => {
        asked.push(host);
        return [{ address: answer, family: 4 }];
      },
    });
    const endpoint = await addEndpoint(
      withAdapters(scopeAt(), { publicUrl: "https://referoh.example", webhooks }),
      "https://hooks.example/in",
      ["review.due"],
    );
    const now = new Date();
    await db.transaction((tx) =>
      queueWebhookEvent(tx, {
        organisationId,
        type: "review.due",
        data: { reference: "REF-000003" },
        now,
      }),
    );
    answer = "10.20.30.40";
    expect(await deliver(now, recordingMailer(), { webhooks })).toMatchObject({
      delivered: 0,
      failed: 1,
    });
    expect(asked).toEqual(["hooks.example", "hooks.example"]);
    const [delivery] = await db
      .select()
      .from(webhookDelivery)
      .where(eq(webhookDelivery.endpointId, endpoint.id));
    // Logged as not sent, and retried like any failure (the address may be put right).
    expect(delivery).toMatchObject({ status: "pending", attempts: 1 });
    const attempts = await db
      .select()
      .from(webhookAttempt)
      .where(eq(webhookAttempt.deliveryId, delivery!.id));
    expect(attempts).toMatchObject([
      { statusCode: null, error: expect.stringContaining("private network") },
    ]);
  });
});
