import { createHash } from "node:crypto";
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { formatLongDate } from "~/lib/dates.ts";
import type { ReportBody } from "./report-body.ts";
import { REPORT_TYPE_TITLES, type ReportSection, reportSections } from "./report-sections.ts";

/** What the released PDF shows: the frozen version as the employer may see it. */
export interface ReportDocumentData {
  reportReference: string;
  referralReference: string;
  type: "management" | "pre_employment";
  subjectName: string;
  organisationName: string;
  body: ReportBody;
  diagnosisReleased: boolean;
  authorName: string;
  authorGmcNumber: string;
  signedAt: Date;
  approvedAt: Date;
  version: number;
}

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
  section: { marginBottom: 14, lineHeight: 1.45 },
  sectionHeading: { fontSize: 12.5, fontFamily: "Helvetica-Bold", marginBottom: 4 },
  note: { fontSize: 9, color: "#4a5a70", marginBottom: 4 },
  question: { fontFamily: "Helvetica-Bold", marginTop: 4 },
  item: { flexDirection: "row", marginBottom: 2 },
  bullet: { width: 12 },
  itemText: { flex: 1 },
  signature: {
    lineHeight: 1.45,
    marginTop: 10,
    paddingTop: 10,
    borderTopWidth: 1,
    borderColor: "#d8dee6",
  },
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

function sectionLength(section: ReportSection): number {
  return (
    (section.text?.length ?? 0) +
    (section.items ?? []).join("").length +
    (section.answers ?? []).reduce((n, a) => n + a.question.length + a.answer.length, 0)
  );
}

/*
 * Every string reaches the PDF through <Text>, which draws characters: markup, script tags and
 * addresses in the doctor's free text come out literally, never interpreted or linked.
 */
function ReportDocument({ data }: { data: ReportDocumentData }) {
  const sections = reportSections(data.body, { includeDiagnosis: data.diagnosisReleased });
  const title = REPORT_TYPE_TITLES[data.type];
  return (
    <Document
      title={`${title} ${data.reportReference}`}
      author="ReferOH"
      subject={`Occupational health report ${data.reportReference}`}
      creator="ReferOH"
      producer="ReferOH"
    >
      <Page size="A4" style={styles.page}>
        <Text style={styles.brand}>REFEROH · OCCUPATIONAL HEALTH</Text>
        <Text style={styles.heading}>{title}</Text>
        <Text>Confidential: for the employer named below and the person it is about.</Text>
        <View style={styles.facts}>
          <Fact label="Report reference" value={data.reportReference} />
          <Fact label="Referral reference" value={data.referralReference} />
          <Fact
            label={data.type === "management" ? "Employee" : "Candidate"}
            value={data.subjectName}
          />
          <Fact label="Employer" value={data.organisationName} />
          <Fact label="Signed by the doctor" value={formatLongDate(data.signedAt)} />
          <Fact label="Approved for release" value={formatLongDate(data.approvedAt)} />
          <Fact label="Version" value={String(data.version)} />
        </View>
        {sections.map((section) => (
          // A short section moves to the next page whole rather than leave its heading behind.
          <View key={section.id} style={styles.section} wrap={sectionLength(section) > 900}>
            <Text style={styles.sectionHeading} minPresenceAhead={40}>
              {section.heading}
            </Text>
            {section.note ? <Text style={styles.note}>{section.note}</Text> : null}
            {section.text ? <Text>{section.text}</Text> : null}
            {section.items?.map((item, i) => (
              <View key={i} style={styles.item} wrap={false}>
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
          </View>
        ))}
        <View style={styles.signature} wrap={false}>
          <Text style={styles.sectionHeading}>Consulting Doctor</Text>
          <Text>{data.authorName}</Text>
          <Text>GMC number {data.authorGmcNumber}</Text>
          <Text style={styles.note}>
            Signed electronically on {formatLongDate(data.signedAt)}. The person this report is
            about read it and agreed to its release on {formatLongDate(data.approvedAt)}.
          </Text>
        </View>
        <Text style={styles.footer} fixed>
          {data.reportReference} · {data.referralReference} · Confidential
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
