import { createHash } from "node:crypto";
import { Document, Font, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { Fragment, type ReactElement } from "react";
import type { QuestionKey } from "~/domain/referrals/management-questions.ts";
import type { ReportBody } from "./report-body.ts";
import {
  type ReportHeaderSource,
  type ReportSignature,
  reportHeaderFacts,
  signatureLines,
} from "./report-header.ts";
import { REPORT_TYPE_TITLES, type ReportSection, reportSections } from "./report-sections.ts";

/**
 * What a report's PDF shows: the released version as the employer may see it (frozen at release),
 * or, marked as such, a version the doctor downloads that was never released.
 */
interface ReportDocumentData {
  /** References, people, role, reason, date, basis and consent (report-header.ts). */
  header: ReportHeaderSource;
  body: ReportBody;
  diagnosisReleased: boolean;
  signature: ReportSignature;
  /** The person's statement after a declined correction, attached as its own section. */
  subjectStatement?: string | null;
  /** The employer's questions, each named once on the section that answers it. */
  questions?: readonly QuestionKey[];
  /**
   * What this copy is, printed under the title and in every page's footer, for a version that is
   * not the frozen release (the doctor's copy of a superseded version, for one).
   */
  mark?: { label: string; text: string };
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
    marginBottom: 6,
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
  paragraph: { fontSize: 10.5, lineHeight: 1.3, paddingBottom: 6 },
  sectionHead: { marginTop: 12 },
  sectionHeading: {
    fontSize: 12.5,
    lineHeight: 1.3,
    fontFamily: "Helvetica-Bold",
    paddingBottom: 2,
  },
  note: { fontSize: 9, lineHeight: 1.3, color: "#4a5a70", paddingBottom: 4 },
  question: { fontFamily: "Helvetica-Bold" },
  item: { flexDirection: "row", fontSize: 10.5, lineHeight: 1.3, paddingBottom: 2 },
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
  // The person's statement is theirs: a bar down its left side sets it apart from the doctor's
  // signed text above. Padding, not margins, so the bar runs unbroken between its lines.
  statement: { borderLeftWidth: 3, borderColor: "#0f766e", paddingLeft: 10 },
  mark: {
    marginBottom: 8,
    padding: 8,
    borderWidth: 1.5,
    borderColor: "#b45309",
    fontSize: 10.5,
    lineHeight: 1.3,
  },
  markLabel: { fontFamily: "Helvetica-Bold", textTransform: "uppercase" },
  footer: {
    position: "absolute",
    bottom: 28,
    left: 48,
    right: 48,
    fontSize: 8,
    color: "#4a5a70",
  },
});

/** A style a section's own elements take on, such as the person's statement's bar. */
type Style = typeof styles.statement;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.fact}>
      <Text style={styles.factLabel}>{label}</Text>
      <Text style={styles.factValue}>{value}</Text>
    </View>
  );
}

/*
 * Keeping text together. @react-pdf lays pages out greedily and never goes back, so each rule is
 * decided where the element is placed:
 * - a Text splits across pages with at least two lines on each side (its default orphans and
 *   widows), so a text of three lines moves whole; four lines of room after a heading is what it
 *   takes for the heading to keep two lines of its text, so a heading asks for that much room
 *   (minPresenceAhead) or moves to the next page;
 * - minPresenceAhead only counts elements after it in the same parent, and a first child never
 *   moves, so headings and texts are siblings on the page, not children of a section box;
 * - a heading whose first block is short (a bullet, an answer, a paragraph of a few lines) moves
 *   with that block as one unbreakable box.
 * Line counts are estimated from characters: at 10.5 pt Helvetica a line of this page holds about
 * 95 characters, and counting 85 overestimates, which only ever keeps more together.
 */
const LINE_HEIGHT = 10.5 * 1.3;
const HEADING_KEEP = 4 * LINE_HEIGHT + 2;
const CHARS_PER_LINE = 85;
/** A block this short (in estimated lines) can always move whole without leaving a gap of note. */
const SHORT_BLOCK_LINES = 8;

function estimatedLines(text: string): number {
  return text
    .split("\n")
    .reduce((lines, line) => lines + Math.max(1, Math.ceil(line.length / CHARS_PER_LINE)), 0);
}

interface Block {
  key: string;
  lines: number;
  element: ReactElement;
}

/** A section's text as blocks that may fall on different pages: paragraphs, bullets, answers. */
function sectionBlocks(section: ReportSection, style?: Style): Block[] {
  const paragraphs = (section.text ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p, i) => ({
      key: `p${i}`,
      lines: estimatedLines(p),
      element: <Text style={[styles.paragraph, style ?? {}]}>{p}</Text>,
    }));
  const items = (section.items ?? []).map((item, i) => ({
    key: `i${i}`,
    lines: estimatedLines(item),
    element: (
      <View style={styles.item} wrap={false}>
        <Text style={styles.bullet}>•</Text>
        <Text style={styles.itemText}>{item}</Text>
      </View>
    ),
  }));
  const answers = (section.answers ?? []).map((a, i) => ({
    key: `a${i}`,
    lines: estimatedLines(a.question) + estimatedLines(a.answer),
    element: (
      <View style={styles.paragraph} wrap={false}>
        <Text style={styles.question}>{a.question}</Text>
        <Text>{a.answer}</Text>
      </View>
    ),
  }));
  return [...paragraphs, ...items, ...answers];
}

function SectionHead({ section, style }: { section: ReportSection; style?: Style }) {
  return (
    <>
      <Text style={[styles.sectionHeading, style ?? {}]}>{section.heading}</Text>
      {section.question ? (
        <Text style={[styles.note, style ?? {}]}>Your question: {section.question}</Text>
      ) : null}
      {section.note ? <Text style={[styles.note, style ?? {}]}>{section.note}</Text> : null}
    </>
  );
}

/**
 * One section as siblings on the page: its heading, kept with its first lines, then its blocks.
 * `tail` goes after the last block and stays on its page (the signature after the doctor's last
 * section), moving with that block when it is short.
 */
function sectionElements(
  section: ReportSection,
  { tail, style }: { tail?: ReactElement; style?: Style } = {},
): ReactElement[] {
  const blocks = sectionBlocks(section, style);
  const [first, ...rest] = blocks;
  const keepFirst = first && first.lines <= SHORT_BLOCK_LINES;
  const elements: ReactElement[] = [];
  const head = <SectionHead section={section} style={style} />;
  // The last block and the tail form one box when the block is short; a long one flows and the
  // tail follows its last lines.
  const last = rest.at(-1) ?? (keepFirst ? undefined : first);
  const lastWithTail =
    tail && last && last.lines <= SHORT_BLOCK_LINES ? (
      <View key={`${section.id}-${last.key}`} wrap={false}>
        {last.element}
        {tail}
      </View>
    ) : null;
  if (first && keepFirst)
    elements.push(
      <View
        key={`${section.id}-head`}
        style={styles.sectionHead}
        wrap={false}
        minPresenceAhead={rest.length > 0 ? HEADING_KEEP : undefined}
      >
        {head}
        {first.element}
        {tail && rest.length === 0 ? tail : null}
      </View>,
    );
  else
    elements.push(
      <View
        key={`${section.id}-head`}
        style={styles.sectionHead}
        wrap={false}
        minPresenceAhead={HEADING_KEEP}
      >
        {head}
      </View>,
    );
  for (const block of keepFirst ? rest : blocks)
    elements.push(
      block === last && lastWithTail ? (
        lastWithTail
      ) : (
        <Fragment key={`${section.id}-${block.key}`}>{block.element}</Fragment>
      ),
    );
  if (tail && !(keepFirst && rest.length === 0) && !lastWithTail)
    elements.push(<Fragment key={`${section.id}-tail`}>{tail}</Fragment>);
  return elements;
}

/*
 * Every string reaches the PDF through <Text>, which draws characters: markup, script tags and
 * addresses in the doctor's free text come out literally, never interpreted or linked.
 */
function ReportDocument({ data }: { data: ReportDocumentData }) {
  const { header, mark } = data;
  const sections = reportSections(data.body, {
    includeDiagnosis: data.diagnosisReleased,
    subjectStatement: data.subjectStatement,
    questions: data.questions,
    signedAt: data.signature.signedAt,
  });
  // The doctor signs their own sections; the person's statement is theirs, after the signature
  // (docs/decisions/0011-report-audiences.md), so the signature never reads as signing it.
  const doctors = sections.filter((s) => s.id !== "subject-statement");
  const statement = sections.find((s) => s.id === "subject-statement");
  const title = REPORT_TYPE_TITLES[header.type];
  const [name, ...signatureRest] = signatureLines(data.signature);
  const signature = (
    <View style={styles.signature} wrap={false}>
      <Text style={styles.sectionHeading}>Consulting Doctor</Text>
      <Text style={styles.signatureName}>{name}</Text>
      {signatureRest.map((line) => (
        <Text key={line}>{line}</Text>
      ))}
    </View>
  );
  const lastDoctors = doctors.at(-1);
  return (
    <Document
      title={`${title} ${header.reportReference}${mark ? ` (${mark.label})` : ""}`}
      author="ReferOH"
      subject={`Occupational health report ${header.reportReference}`}
      creator="ReferOH"
      producer="ReferOH"
    >
      <Page size="A4" style={styles.page}>
        <Text style={styles.brand}>REFEROH · OCCUPATIONAL HEALTH</Text>
        <Text style={styles.heading}>{title}</Text>
        {mark ? (
          <View style={styles.mark}>
            <Text style={styles.markLabel}>{mark.label}</Text>
            <Text>{mark.text}</Text>
          </View>
        ) : null}
        <Text>Confidential: for the employer named below and the person it is about.</Text>
        <View style={styles.facts}>
          {reportHeaderFacts(header).map((fact) => (
            <Fact key={fact.id} label={fact.label} value={fact.value} />
          ))}
        </View>
        {doctors.flatMap((section) =>
          sectionElements(section, section === lastDoctors ? { tail: signature } : {}),
        )}
        {lastDoctors ? null : signature}
        {statement ? sectionElements(statement, { style: styles.statement }) : null}
        <Text style={styles.footer} fixed>
          {header.reportReference} · {header.referralReference}
          {mark ? ` · ${mark.label}` : ""} · Confidential
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
