import { createHash } from "node:crypto";
import { Document, Font, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import type { ReferralQuestion } from "./drafter.ts";
import type { ReportBody } from "./report-body.ts";
import {
  type ReportHeaderSource,
  type ReportSignature,
  reportHeaderFacts,
  signatureLines,
} from "./report-header.ts";
import { REPORT_TYPE_TITLES, type ReportSection, reportSections } from "./report-sections.ts";

/** What the released PDF shows: the frozen version as the employer may see it. */
interface ReportDocumentData {
  /** References, people, role, reason, date, basis and consent (report-header.ts). */
  header: ReportHeaderSource & { approvedAt: Date };
  body: ReportBody;
  diagnosisReleased: boolean;
  signature: ReportSignature;
  /** The person's statement after a declined correction, attached as its own section. */
  subjectStatement?: string | null;
  /** The employer's questions, each named once on the section that answers it. */
  questions?: readonly ReferralQuestion[];
}

// Whole words only: the default hyphenation split "exami-nation" in the basis of assessment, and a
// split word in a medical report reads as a typo (and defeats a search of the PDF's text).
Font.registerHyphenationCallback((word) => [word]);

const styles = StyleSheet.create({
  page: {
    paddingTop: 48,
    paddingBottom: 64,
    paddingHorizontal: 48,
    fontSize: 10.5,
    fontFamily: "Helvetica",
    color: "#0b1f3a",
  },
  brand: { fontSize: 9, color: "#0f766e", fontFamily: "Helvetica-Bold", marginBottom: 10 },
  heading: { fontSize: 20, fontFamily: "Helvetica-Bold", marginBottom: 6 },
  facts: {
    marginTop: 10,
    marginBottom: 18,
    paddingVertical: 8,
    borderTopWidth: 1,
    borderBottomWidth: 1,
    borderColor: "#d8dee6",
  },
  fact: { flexDirection: "row", paddingVertical: 1.5 },
  factLabel: { width: "32%", color: "#4a5a70" },
  factValue: { width: "68%" },
  // Line height only on the text blocks: inherited by the page-number footer it hides the numbers.
  // Ordinary body spacing. A unitless line height is resolved against the font size of the
  // element that sets it (18 pt by default), so the size is repeated here or lines come out double.
  section: { marginBottom: 12, fontSize: 10.5, lineHeight: 1.3 },
  sectionHeading: { fontSize: 12.5, fontFamily: "Helvetica-Bold", marginBottom: 4 },
  note: { fontSize: 9, color: "#4a5a70", marginBottom: 4 },
  question: { fontFamily: "Helvetica-Bold", marginTop: 4 },
  item: { flexDirection: "row", marginBottom: 2 },
  bullet: { width: 12 },
  itemText: { flex: 1 },
  signature: {
    fontSize: 10.5,
    lineHeight: 1.3,
    marginTop: 10,
    paddingTop: 10,
    borderTopWidth: 1,
    borderColor: "#d8dee6",
  },
  signatureName: { fontFamily: "Helvetica-Bold" },
  footer: {
    position: "absolute",
    bottom: 28,
    left: 48,
    right: 48,
    fontSize: 8,
    color: "#4a5a70",
  },
});

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.fact}>
      <Text style={styles.factLabel}>{label}</Text>
      <Text style={styles.factValue}>{value}</Text>
    </View>
  );
}

function SectionContent({ section, last }: { section: ReportSection; last: boolean }) {
  // The heading never stands alone at the foot of a page: it needs some of its text after it.
  // The last element of the last section keeps the signature with it (minPresenceAhead).
  const keep = last ? 110 : undefined;
  return (
    <>
      {/* The heading and its notes move as one, and only with some of the text after them. */}
      <View wrap={false} minPresenceAhead={36}>
        <Text style={styles.sectionHeading}>{section.heading}</Text>
        {section.question ? (
          <Text style={styles.note}>Your question: {section.question}</Text>
        ) : null}
        {section.note ? <Text style={styles.note}>{section.note}</Text> : null}
      </View>
      {section.text ? <Text minPresenceAhead={keep}>{section.text}</Text> : null}
      {section.items?.map((item, i) => (
        <View
          key={i}
          style={styles.item}
          wrap={false}
          minPresenceAhead={i === (section.items?.length ?? 0) - 1 ? keep : undefined}
        >
          <Text style={styles.bullet}>•</Text>
          <Text style={styles.itemText}>{item}</Text>
        </View>
      ))}
      {section.answers?.map((a) => (
        <View key={a.question}>
          <Text style={styles.question}>{a.question}</Text>
          <Text>{a.answer}</Text>
        </View>
      ))}
    </>
  );
}

/*
 * Every string reaches the PDF through <Text>, which draws characters: markup, script tags and
 * addresses in the doctor's free text come out literally, never interpreted or linked.
 */
function ReportDocument({ data }: { data: ReportDocumentData }) {
  const { header } = data;
  const sections = reportSections(data.body, {
    includeDiagnosis: data.diagnosisReleased,
    subjectStatement: data.subjectStatement,
    questions: data.questions,
    signedAt: data.signature.signedAt,
  });
  const last = sections.at(-1);
  const title = REPORT_TYPE_TITLES[header.type];
  const [name, ...signature] = signatureLines(data.signature);
  return (
    <Document
      title={`${title} ${header.reportReference}`}
      author="ReferOH"
      subject={`Occupational health report ${header.reportReference}`}
      creator="ReferOH"
      producer="ReferOH"
    >
      <Page size="A4" style={styles.page}>
        <Text style={styles.brand}>REFEROH · OCCUPATIONAL HEALTH</Text>
        <Text style={styles.heading}>{title}</Text>
        <Text>Confidential: for the employer named below and the person it is about.</Text>
        <View style={styles.facts}>
          {reportHeaderFacts(header).map((fact) => (
            <Fact key={fact.id} label={fact.label} value={fact.value} />
          ))}
        </View>
        {sections.slice(0, -1).map((section) => (
          <View key={section.id} style={styles.section}>
            <SectionContent section={section} last={false} />
          </View>
        ))}
        {/* The last section and the signature share a parent, so the signature never stands alone. */}
        <View style={styles.section}>
          {last ? <SectionContent section={last} last /> : null}
          <View style={styles.signature} wrap={false}>
            <Text style={styles.sectionHeading}>Consulting Doctor</Text>
            <Text style={styles.signatureName}>{name}</Text>
            {signature.map((line) => (
              <Text key={line}>{line}</Text>
            ))}
          </View>
        </View>
        <Text style={styles.footer} fixed>
          {header.reportReference} · {header.referralReference} · Confidential
        </Text>
        <Text
          style={[styles.footer, { textAlign: "right" }]}
          fixed
          render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`}
        />
      </Page>
    </Document>
  );
}

export async function renderReportPdf(
  data: ReportDocumentData,
): Promise<{ pdf: Buffer; sha256: string }> {
  const pdf = await renderToBuffer(<ReportDocument data={data} />);
  return { pdf, sha256: createHash("sha256").update(pdf).digest("hex") };
}
