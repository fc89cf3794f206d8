import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { OrderItem } from "~/db/schema/billing.ts";
import { formatLongDate } from "~/lib/dates.ts";
import { vatRate } from "./catalogue.ts";
import { lineDetail } from "./invoice-lines.ts";

/** Pounds and pence always, as an accountant reads an invoice (the site drops ".00"). */
const money = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 2,
});
function formatPence(pence: number): string {
  return money.format(pence / 100);
}

/**
 * A full UK VAT invoice (HMRC VAT Notice 700/21 §16.3), or a credit note that reverses one.
 * docs/vat-invoices.md lists each required item and where it comes from.
 */
interface InvoiceData {
  kind?: "invoice" | "credit_note";
  number: string;
  issuedAt: Date;
  /** The time of supply: the payment date for a service paid in advance. */
  taxPoint: Date;
  paidAt: Date | null;
  seller: Record<string, string>;
  buyer: Record<string, string>;
  items: OrderItem[];
  netPence: number;
  vatPence: number;
  totalPence: number;
  /** A credit note names the invoice it reverses, and why. */
  credits?: { invoiceNumber: string; invoiceDate: Date; reason: string };
}

const styles = StyleSheet.create({
  page: { padding: 48, fontSize: 10, fontFamily: "Helvetica", color: "#0b1f3a" },
  heading: { fontSize: 22, fontFamily: "Helvetica-Bold", marginBottom: 4 },
  muted: { color: "#4a5a70" },
  parties: {
    flexDirection: "row",
    justifyContent: "space-between",
    marginTop: 24,
    marginBottom: 24,
  },
  party: { width: "45%" },
  label: { fontFamily: "Helvetica-Bold", marginBottom: 4 },
  row: {
    flexDirection: "row",
    borderBottomWidth: 1,
    borderBottomColor: "#d8dee6",
    paddingVertical: 6,
  },
  headRow: {
    flexDirection: "row",
    borderBottomWidth: 1.5,
    borderBottomColor: "#0b1f3a",
    paddingVertical: 6,
    fontFamily: "Helvetica-Bold",
  },
  description: { width: "34%" },
  qty: { width: "7%", textAlign: "right" },
  money: { width: "15%", textAlign: "right" },
  rate: { width: "9%", textAlign: "right" },
  totals: { marginTop: 16, marginLeft: "50%" },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 3 },
  grand: {
    fontFamily: "Helvetica-Bold",
    fontSize: 12,
    borderTopWidth: 1.5,
    borderTopColor: "#0b1f3a",
    paddingTop: 6,
  },
  note: { marginTop: 24 },
  footer: {
    position: "absolute",
    bottom: 32,
    left: 48,
    right: 48,
    fontSize: 8,
    color: "#4a5a70",
    flexDirection: "row",
    justifyContent: "space-between",
  },
});

const ratePercent = `${Math.round(vatRate * 100)}%`;

function Party({ title, party }: { title: string; party: Record<string, string> }) {
  return (
    <View style={styles.party}>
      <Text style={styles.label}>{title}</Text>
      <Text>{party.name ?? party.organisationId}</Text>
      {party.address
        ? party.address.split(/\s*\n\s*/).map((line) => <Text key={line}>{line}</Text>)
        : null}
      {party.companyNumber ? <Text>Company number: {party.companyNumber}</Text> : null}
      {party.vatNumber ? <Text>VAT registration number: {party.vatNumber}</Text> : null}
    </View>
  );
}

/** A credit note shows the reversed amounts as negatives, so the two documents sum to nothing. */
function signed(pence: number, credit: boolean) {
  return credit ? `-${formatPence(pence)}` : formatPence(pence);
}

function InvoiceDocument({ invoice }: { invoice: InvoiceData }) {
  const credit = invoice.kind === "credit_note";
  const title = credit ? "Credit note" : "VAT invoice";
  return (
    <Document title={`${title} ${invoice.number}`} author={invoice.seller.name} language="en-GB">
      <Page size="A4" style={styles.page}>
        <Text style={styles.heading}>{title}</Text>
        <Text>
          {credit ? "Credit note number" : "Invoice number"}: {invoice.number}
        </Text>
        <Text>
          {credit ? "Credit note date" : "Invoice date"}: {formatLongDate(invoice.issuedAt)}
        </Text>
        <Text>Tax point (time of supply): {formatLongDate(invoice.taxPoint)}</Text>
        {invoice.credits ? (
          <Text>
            Credits invoice {invoice.credits.invoiceNumber} dated{" "}
            {formatLongDate(invoice.credits.invoiceDate)}
          </Text>
        ) : null}
        {!credit && invoice.paidAt ? (
          <Text style={styles.muted}>Paid on {formatLongDate(invoice.paidAt)}. Thank you.</Text>
        ) : null}
        <View style={styles.parties}>
          <Party title="From" party={invoice.seller} />
          <Party title="To" party={invoice.buyer} />
        </View>
        <View style={styles.headRow}>
          <Text style={styles.description}>Description</Text>
          <Text style={styles.qty}>Qty</Text>
          <Text style={styles.money}>Unit price (excl. VAT)</Text>
          <Text style={styles.money}>Net amount</Text>
          <Text style={styles.rate}>VAT rate</Text>
          <Text style={styles.money}>VAT</Text>
        </View>
        {invoice.items.map((item) => (
          <View key={item.sku} style={styles.row} wrap={false}>
            <View style={styles.description}>
              <Text>{item.description}</Text>
              {lineDetail(item) ? <Text style={styles.muted}>{lineDetail(item)}</Text> : null}
            </View>
            <Text style={styles.qty}>{item.quantity}</Text>
            <Text style={styles.money}>{formatPence(item.unitPence)}</Text>
            <Text style={styles.money}>{signed(item.netPence, credit)}</Text>
            <Text style={styles.rate}>{ratePercent}</Text>
            <Text style={styles.money}>{signed(item.vatPence, credit)}</Text>
          </View>
        ))}
        <View style={styles.totals}>
          <View style={styles.totalRow}>
            <Text>Total excluding VAT</Text>
            <Text>{signed(invoice.netPence, credit)}</Text>
          </View>
          <View style={styles.totalRow}>
            <Text>Total VAT at {ratePercent}</Text>
            <Text>{signed(invoice.vatPence, credit)}</Text>
          </View>
          <View style={[styles.totalRow, styles.grand]}>
            <Text>{credit ? "Total credited (GBP)" : "Total payable (GBP)"}</Text>
            <Text>{signed(invoice.totalPence, credit)}</Text>
          </View>
        </View>
        {invoice.credits ? (
          <View style={styles.note}>
            <Text>Reason: {invoice.credits.reason}</Text>
            <Text style={styles.muted}>
              The amount credited is refunded to the card that paid the invoice.
            </Text>
          </View>
        ) : null}
        <View style={styles.footer} fixed>
          <Text>
            {invoice.seller.name} · {title} {invoice.number}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

export function renderInvoicePdf(invoice: InvoiceData): Promise<Buffer> {
  return renderToBuffer(<InvoiceDocument invoice={invoice} />);
}
