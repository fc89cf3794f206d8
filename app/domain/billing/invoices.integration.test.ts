import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoice } from "~/db/schema/index.ts";
import { createDemoProvider } from "~/services/payments/demo-provider.server.ts";
import { employerScopeFor, providerScope } from "~tests/support/billing.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { insertOrganisationForTest } from "~tests/support/test-organisation.ts";
import { getInvoicePdf } from "./invoices.server.ts";
import { createOrder, handlePaymentEvent } from "./orders.server.ts";

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
      // pdftotext comes with poppler-utils, which `npm test` installs when it is missing.
      const file = path.join(os.tmpdir(), `invoice-${issued!.id}.pdf`);
      fs.writeFileSync(file, first.pdf);
      const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
      fs.rmSync(file);
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
});
