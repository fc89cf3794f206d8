import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server.ts";
import { invoice, paymentOrder } from "~/db/schema/index.ts";
import { createScope } from "~/domain/kernel/scope.ts";
import { createDemoProvider } from "~/services/payments/demo-provider.server.ts";
import { testAdapters, withAdapters } from "~tests/support/adapters.ts";
import { employerScopeFor, providerScope } from "~tests/support/billing.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { pdfText } from "~tests/support/pdf-text.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import { billingAddressOf } from "./billing-address-of.server.ts";
import { getInvoicePdf } from "./invoices.server.ts";
import { createOrder, handlePaymentEvent } from "./orders.server.ts";
import { saveBillingAddress } from "./save-billing-address.server.ts";
import { startPurchase } from "./start-purchase.server.ts";

const database = testDatabaseForFile();

describe("invoices", () => {
  it("renders a real PDF for the buyer's organisation only, and serves the same bytes again", async () => {
    const actor = { userId: "u1", organisationId: await insertOrganisationForTest(database.db) };
    const order = await createOrder(database.db, {
      actor,
      request: { kind: "membership", interval: "annual", packId: "starter" },
      provider: "demo",
    });
    await handlePaymentEvent(
      providerScope(database.db),
      createDemoProvider().confirmationEvent(order),
      {
        seller: {
          name: "ReferOH Ltd",
          address: "1 Example Street, Leeds",
          vatNumber: "GB123456789",
        },
        describeBuyer: async () => ({
          name: "Acme <Widgets> & Co Ltd",
          address: "2 Mill Lane, York",
        }),
      },
    );
    const [issued] = await database.db.select().from(invoice).where(eq(invoice.orderId, order.id));

    await expect(
      getInvoicePdf(
        employerScopeFor(database.db, { userId: "u2", organisationId: "org-other" }),
        issued!.id,
      ),
    ).rejects.toThrow(/not found/);

    const first = await getInvoicePdf(employerScopeFor(database.db, actor), issued!.id);
    expect(first.pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const second = await getInvoicePdf(employerScopeFor(database.db, actor), issued!.id);
    expect(second.sha256).toBe(first.sha256);
    expect(second.pdf.equals(first.pdf)).toBe(true);

    {
      // As an accountant's tools read it.
      const text = pdfText(first.pdf);
      expect(text).toContain(issued!.number);
      expect(text).toContain("Acme <Widgets> & Co Ltd");
      expect(text).toContain("Annual membership");
      expect(text).toContain("Starter credit pack (10 credits)");
      expect(text).toContain("£2,200"); // 1,350 + 850 net
      expect(text).toContain("£440"); // VAT at 20%
      expect(text).toContain("£2,640");
      expect(text).toContain("VAT registration number: GB123456789");
    }
  });

  it("asks for the buyer's address at checkout, holds a VAT invoice without it, and issues it once given", async () => {
    const organisationId = await insertOrganisationForTest(database.db, {
      name: "Addressless Ltd",
      address: null,
    });
    const owner = { userId: "owner-1", organisationId };
    const ownerScope = employerScopeFor(database.db, owner);
    const managerScope = createScope(
      database.db,
      {
        role: "employer",
        userId: "manager-1",
        organisationId,
        organisationName: "Addressless Ltd",
        memberRole: "manager",
      },
      { ip: null, requestId: "test:manager" },
      testAdapters(),
      new Date(),
    );
    const services = {
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", JOBS: "off" }),
      payments: createDemoProvider(),
    };

    // Checkout goes to the address page first, before any provider is asked.
    const started = await startPurchase(withAdapters(ownerScope, { payments: services.payments }), {
      request: { kind: "membership", interval: "monthly" },
    });
    expect(started.redirectUrl).toBe(`/billing-address?order=${started.orderId}`);
    const [unstarted] = await database.db
      .select()
      .from(paymentOrder)
      .where(eq(paymentOrder.id, started.orderId));
    expect(unstarted!.providerReference).toBeNull();

    // A payment that arrives anyway (a checkout from before) is recorded, its invoice held back;
    // the membership line records the period it bought.
    const paid = await handlePaymentEvent(
      providerScope(database.db),
      createDemoProvider().confirmationEvent(unstarted!),
      { seller: { name: "ReferOH Ltd", address: "1 Example Street, Leeds" } },
    );
    expect(paid).toBe("granted");
    expect(
      await database.db.select().from(invoice).where(eq(invoice.orderId, unstarted!.id)),
    ).toEqual([]);
    const [recorded] = await database.db
      .select()
      .from(paymentOrder)
      .where(eq(paymentOrder.id, unstarted!.id));
    expect(recorded!.items[0]!.period).toEqual({
      start: expect.any(String),
      end: expect.any(String),
    });

    // A manager paying may give the missing address; the held invoice is issued with it.
    expect(
      await saveBillingAddress(managerScope, services, {
        address: "  4 Canal Wharf\nLeeds\nLS11 5PS  ",
      }),
    ).toEqual({ invoicesIssued: 1 });
    expect(await billingAddressOf(ownerScope)).toBe("4 Canal Wharf\nLeeds\nLS11 5PS");
    const [issued] = await database.db
      .select()
      .from(invoice)
      .where(eq(invoice.orderId, unstarted!.id));
    expect(issued!.buyer).toEqual({
      name: "Addressless Ltd",
      address: "4 Canal Wharf\nLeeds\nLS11 5PS",
    });
    const text = pdfText((await getInvoicePdf(ownerScope, issued!.id)).pdf);
    expect(text).toContain("4 Canal Wharf");
    expect(text).toContain("LS11 5PS");
    // The period wraps in the narrow description column: read it across the line break.
    expect(text.replace(/\s+/g, " ")).toMatch(
      /Membership period \d{1,2} \w+ \d{4} to \d{1,2} \w+ \d{4}/,
    );
    // Changing an address already given is billing: not a manager's.
    await expect(
      saveBillingAddress(managerScope, services, { address: "Elsewhere\nYork" }),
    ).rejects.toThrow(/owners and HR administrators/);

    // With the address, checkout goes straight to the provider, and a referral's line names it.
    const referralOrder = await startPurchase(
      withAdapters(ownerScope, { payments: services.payments }),
      {
        request: {
          kind: "referral",
          referralType: "management",
          referralId: "00000000-0000-4000-8000-000000000001",
          reference: "REF-000777",
        },
      },
    );
    expect(referralOrder.redirectUrl).toMatch(/^\/payment\?order=/);
    const [pending] = await database.db
      .select()
      .from(paymentOrder)
      .where(eq(paymentOrder.id, referralOrder.orderId));
    await handlePaymentEvent(
      providerScope(database.db),
      createDemoProvider().confirmationEvent(pending!),
      { seller: { name: "ReferOH Ltd" } },
    );
    const [referralInvoice] = await database.db
      .select()
      .from(invoice)
      .where(eq(invoice.orderId, pending!.id));
    const referralText = pdfText((await getInvoicePdf(ownerScope, referralInvoice!.id)).pdf);
    expect(referralText).toContain("Management Referral");
    expect(referralText).toContain("Referral REF-000777");
  });
});
