import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { OrderItem } from "~/db/schema/billing.ts";
import { formatPence, vatRate } from "./catalogue.ts";

export interface InvoiceData {
  number: string;
  issuedAt: Date;
  paidAt: Date | null;
  seller: Record<string, string>;
  buyer: Record<string, string>;
  items: OrderItem[];
  netPence: number;
  vatPence: number;
  totalPence: number;
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
  description: { width: "52%" },
  qty: { width: "10%", textAlign: "right" },
  money: { width: "19%", textAlign: "right" },
  totals: { marginTop: 16, marginLeft: "55%" },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 3 },
  grand: {
    fontFamily: "Helvetica-Bold",
    fontSize: 12,
    borderTopWidth: 1.5,
    borderTopColor: "#0b1f3a",
    paddingTop: 6,
  },
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

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});

function Party({ title, party }: { title: string; party: Record<string, string> }) {
  return (
    <View style={styles.party}>
      <Text style={styles.label}>{title}</Text>
      <Text>{party.name ?? party.organisationId}</Text>
      {party.address ? <Text>{party.address}</Text> : null}
      {party.vatNumber ? <Text>VAT number: {party.vatNumber}</Text> : null}
    </View>
  );
}

function InvoiceDocument({ invoice }: { invoice: InvoiceData }) {
  return (
    <Document title={`Invoice ${invoice.number}`} author={invoice.seller.name} language="en-GB">
      <Page size="A4" style={styles.page}>
        <Text style={styles.heading}>Invoice</Text>
        <Text>Invoice number: {invoice.number}</Text>
        <Text>Invoice date: {dateFormat.format(invoice.issuedAt)}</Text>
        {invoice.paidAt ? (
          <Text style={styles.muted}>Paid on {dateFormat.format(invoice.paidAt)}. Thank you.</Text>
        ) : null}
        <View style={styles.parties}>
          <Party title="From" party={invoice.seller} />
          <Party title="To" party={invoice.buyer} />
        </View>
        <View style={styles.headRow}>
          <Text style={styles.description}>Description</Text>
          <Text style={styles.qty}>Qty</Text>
          <Text style={styles.money}>Unit price</Text>
          <Text style={styles.money}>Amount</Text>
        </View>
        {invoice.items.map((item) => (
          <View key={item.sku} style={styles.row} wrap={false}>
            <Text style={styles.description}>{item.description}</Text>
            <Text style={styles.qty}>{item.quantity}</Text>
            <Text style={styles.money}>{formatPence(item.unitPence)}</Text>
            <Text style={styles.money}>{formatPence(item.netPence)}</Text>
          </View>
        ))}
        <View style={styles.totals}>
          <View style={styles.totalRow}>
            <Text>Subtotal (excluding VAT)</Text>
            <Text>{formatPence(invoice.netPence)}</Text>
          </View>
          <View style={styles.totalRow}>
            <Text>VAT at {Math.round(vatRate * 100)}%</Text>
            <Text>{formatPence(invoice.vatPence)}</Text>
          </View>
          <View style={[styles.totalRow, styles.grand]}>
            <Text>Total (GBP)</Text>
            <Text>{formatPence(invoice.totalPence)}</Text>
          </View>
        </View>
        <View style={styles.footer} fixed>
          <Text>
            {invoice.seller.name} · Invoice {invoice.number}
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
