import { describe, expect, it } from "vitest";
import { testSeller } from "~tests/support/billing.ts";
import { pdfText } from "~tests/support/pdf-text.ts";
import { renderInvoicePdf } from "./invoice-document.server.tsx";
import { missingSellerDetails } from "./orders.server.ts";
import { priceOrder } from "./price-order.ts";

const buyer = { name: "Acme Widgets Ltd", address: "2 Buyer Road, Leeds LS1 1AA" };
// A membership with the Starter pack: two lines, priced by the real catalogue.
const order = priceOrder(
  { kind: "membership", interval: "monthly", packId: "starter" },
  { membership: "none" },
);

/**
 * HMRC VAT Notice 700/21 §16.3, "full VAT invoice": each item the invoice must show, and the text
 * that proves it is there. (Discounts and foreign-currency items do not arise: we give none and
 * invoice in sterling.)
 */
const requiredItems: [item: string, expected: RegExp][] = [
  ["a unique, sequential invoice number", /Invoice number: INV-000042/],
  ["the seller's name", /ReferOH Ltd/],
  ["the seller's address", /1 Example Street[\s\S]*London EC1A 1AA/],
  ["the seller's VAT registration number", /VAT registration number: GB123456789/],
  ["the invoice date", /Invoice date: 3 March 2026/],
  ["the time of supply (tax point)", /Tax point \(time of supply\): 2 March 2026/],
  ["the customer's name", /Acme Widgets Ltd/],
  ["the customer's address", /2 Buyer Road, Leeds LS1 1AA/],
  ["a description of each supply", /Monthly membership[\s\S]*Starter/],
  ["the quantity of each supply", /Monthly membership\s+1\s/],
  ["the unit price of each supply, excluding VAT", /Monthly membership\s+1\s+£125\.00/],
  ["the rate of VAT per line", /Monthly membership\s+1\s+£125\.00\s+£125\.00\s+20%/],
  ["the amount of VAT per line", /Monthly membership\s+1\s+£125\.00\s+£125\.00\s+20%\s+£25\.00/],
  ["the total amount excluding VAT", /Total excluding VAT\s+£975\.00/],
  ["the total amount of VAT", /Total VAT at 20%\s+£195\.00/],
  ["the total payable", /Total payable \(GBP\)\s+£1,170\.00/],
  // Companies Act 2006 / Company Regulations 2008: a company's number on its business documents.
  ["the seller's company number", /Company number: 12345678/],
];

describe("the VAT invoice PDF", () => {
  it("shows every item HMRC requires on a full VAT invoice", async () => {
    const pdf = await renderInvoicePdf({
      number: "INV-000042",
      issuedAt: new Date("2026-03-03T10:00:00Z"),
      taxPoint: new Date("2026-03-02T10:00:00Z"),
      paidAt: new Date("2026-03-02T10:00:00Z"),
      seller: testSeller,
      buyer,
      items: order.items,
      netPence: order.netPence,
      vatPence: order.vatPence,
      totalPence: order.totalPence,
    });
    const text = pdfText(pdf);
    expect(text).toContain("VAT invoice");
    const missing = requiredItems
      .filter(([, pattern]) => !pattern.test(text))
      .map(([item]) => item);
    expect(missing).toEqual([]);
  });

  it("names what is missing from a seller before an invoice is issued", () => {
    expect(missingSellerDetails(testSeller)).toEqual([]);
    expect(missingSellerDetails({ name: "ReferOH Ltd" })).toEqual([
      "address",
      "companyNumber",
      "vatNumber",
    ]);
  });
});
