import { createHash } from "node:crypto";
import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { formatLongDate } from "~/lib/dates.ts";
import type { ReferralQuestion } from "./drafter.ts";
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
  /** The person's statement after a declined correction, attached as its own section. */
  subjectStatement?: string | null;
  /** The employer's questions, each named once on the section that answers it. */
  questions?: readonly ReferralQuestion[];
  /** The header an OH report must carry: role, the employer's reason, date and basis. */
  jobRole?: string | null;
  /** Pre-employment risk modules of the role: driving, nights, lone working, safety-critical. */
  riskModules?: readonly string[];
  referralReason?: string | null;
  assessmentDate?: Date | null;
  basis?: string;
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
      <Text style={styles.sectionHeading} minPresenceAhead={40}>
        {section.heading}
      </Text>
      {section.question ? <Text style={styles.note}>Your question: {section.question}</Text> : null}
      {section.note ? <Text style={styles.note}>{section.note}</Text> : null}
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
  const sections = reportSections(data.body, {
    includeDiagnosis: data.diagnosisReleased,
    subjectStatement: data.subjectStatement,
    questions: data.questions,
  });
  const last = sections.at(-1);
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
          {data.jobRole ? <Fact label="Job role" value={data.jobRole} /> : null}
          {data.riskModules?.length ? (
            <Fact label="Role risks assessed" value={data.riskModules.join(", ")} />
          ) : null}
          {data.referralReason ? (
            <Fact label="Reason for referral" value={data.referralReason} />
          ) : null}
          {data.assessmentDate ? (
            <Fact label="Assessment date" value={formatLongDate(data.assessmentDate)} />
          ) : null}
          {data.basis ? <Fact label="Basis of assessment" value={data.basis} /> : null}
          <Fact label="Signed by the doctor" value={formatLongDate(data.signedAt)} />
          <Fact label="Approved for release" value={formatLongDate(data.approvedAt)} />
          <Fact label="Version" value={String(data.version)} />
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
            <Text>{data.authorName}</Text>
            <Text>GMC number {data.authorGmcNumber}</Text>
            <Text>Signed electronically on {formatLongDate(data.signedAt)}</Text>
            <Text style={styles.note}>
              Consent to disclosure: the person this report is about read it and agreed to its
              release to {data.organisationName} on {formatLongDate(data.approvedAt)}.
            </Text>
          </View>
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
