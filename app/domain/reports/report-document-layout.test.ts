import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { questionKeys } from "~/domain/referrals/management-questions.ts";
import { pdfPageTexts } from "~tests/support/pdf-text.ts";
import type { ManagementReportBody } from "./report-body.ts";
import { renderReportPdf } from "./report-document.server.tsx";
import { reportSections } from "./report-sections.ts";

/*
 * The layout of the released PDF, read back from the PDF itself: `pdftotext -layout`, page by
 * page. A report a reader can trust keeps each heading with its text, prints the doctor's
 * signature straight after the doctor's last section, and the person's statement after the
 * signature under its own heading, so the signature never reads as if it signed the statement.
 */

function pdfPages(pdf: Buffer): string[][] {
  return pdfPageTexts(pdf, ["-layout"]).map((page) =>
    page
      .split("\n")
      .map((line) => line.trim().replace(/\s+/g, " "))
      // The running footer (references, page number) is not part of the flow.
      .filter((line) => line && !/Confidential/.test(line) && !/^Page \d+ of \d+$/.test(line)),
  );
}

const sentences = (n: number, words: string) =>
  Array.from({ length: n }, (_, i) => `${words} (${i + 1}).`).join(" ");

const STATEMENT =
  "I agree that I can work with these adjustments, but I would like the review to happen sooner than the report says, because my shifts change in the new year.";

/** A management report answering all seven questions, the summary `summaryLength` sentences long. */
function body(summaryLength: number, followUp: string): ManagementReportBody {
  return {
    kind: "management",
    summary: sentences(
      summaryLength,
      "They are at work with changed duties and find long periods of lifting difficult at present",
    ),
    diagnosis: "A musculoskeletal back condition, improving with treatment.",
    fitness: "fit-with-adjustments",
    fitnessOpinion: sentences(
      4,
      "In my opinion they are fit for their current role with the adjustments below",
    ),
    timescale: "About 2 to 4 weeks for most duties; heavier lifting may take longer.",
    adjustments: [
      { text: "Reduced lifting, no more than 10 kg from waist height", weeks: 6 },
      { text: "More frequent short breaks during picking shifts", weeks: 4 },
      "A workstation assessment by the line manager within the next month.",
    ],
    prognosis: sentences(
      2,
      "Their health is improving; further absence is possible until it settles",
    ),
    recurrence: "possible",
    equalityActView: "may",
    equalityActOpinion: sentences(
      3,
      "In my opinion the Equality Act 2010 may apply, depending on how long the effects last",
    ),
    formalProcesses: sentences(
      2,
      "They are able to take part in formal meetings, with a companion if they wish",
    ),
    followUp,
  };
}

const SHORT_FOLLOW_UP = "Review in about four weeks, before the temporary adjustments end.";
const LONG_FOLLOW_UP = `${sentences(9, "A review with the line manager is advised at each stage of the return, with notes kept")} Review in about four weeks, before the temporary adjustments end.`;

async function render(summaryLength: number, followUp: string) {
  const data = {
    header: {
      type: "management" as const,
      reportReference: "REP-LAYOUT",
      referralReference: "REF-000004",
      version: 2,
      subjectName: "Sam Patel",
      organisationName: "Northwind Logistics Ltd",
      jobRole: null,
      jobDetails: "Warehouse operative: picking and packing, 6am to 2pm, lifting up to 20 kg.",
      riskModules: [],
      referralReason: sentences(3, "Back pain has affected lifting duties since the summer"),
      assessmentDate: new Date("2026-11-12T10:00:00Z"),
      consultationHeld: true,
      signedAt: new Date("2026-11-16T10:00:00Z"),
      approvedAt: new Date("2026-11-18T10:00:00Z"),
      disclosedItems: ["musculoskeletal back condition"],
    },
    body: body(summaryLength, followUp),
    diagnosisReleased: true,
    signature: {
      name: "Dr Amira Shah",
      qualifications: "MB ChB, MFOM",
      gmcNumber: "7654321",
      signedAt: new Date("2026-11-16T10:00:00Z"),
    },
    subjectStatement: STATEMENT,
    questions: questionKeys,
  };
  const sections = reportSections(data.body, {
    includeDiagnosis: true,
    questions: data.questions,
    subjectStatement: data.subjectStatement,
    signedAt: data.signature.signedAt,
  });
  const { pdf } = await renderReportPdf(data);
  return { pdf, sections };
}

/**
 * Where each heading falls and what follows it on its page. A heading's "lead" (its question and
 * note, which travel with it) is skipped; what is left on the page before the next heading is its
 * text. The text of a section that goes on over the page must start with two lines here.
 */
function layoutProblems(pages: string[][], sections: ReturnType<typeof reportSections>): string[] {
  const headings = new Map(sections.map((s) => [s.heading, s]));
  headings.set("Consulting Doctor", { id: "summary", heading: "Consulting Doctor" });
  const problems: string[] = [];
  pages.forEach((lines, p) => {
    const starts = lines.flatMap((line, i) => (headings.has(line) ? [i] : []));
    starts.forEach((start, k) => {
      const section = headings.get(lines[start]!)!;
      const end = starts[k + 1] ?? lines.length;
      const lead = [
        section.question ? `Your question: ${section.question}` : "",
        section.note ?? "",
      ]
        .join(" ")
        .replace(/\s+/g, " ")
        .trim();
      let i = start + 1;
      let read = "";
      while (i < end && lead.startsWith(`${read} ${lines[i]}`.trim())) {
        read = `${read} ${lines[i]}`.trim();
        i += 1;
      }
      const text = end - i;
      const continues = end === lines.length && p < pages.length - 1;
      if (text === 0) problems.push(`page ${p + 1} ends with the heading "${lines[start]}"`);
      else if (continues && text < 2 && !headings.has(pages[p + 1]?.[0] ?? ""))
        problems.push(`page ${p + 1} ends with "${lines[start]}" and one line of its text`);
    });
  });
  return problems;
}

describe("the PDF layout of a report that answers all seven questions, with a statement", () => {
  it("keeps each heading with its text, and signs straight after the doctor's last section, before the statement", async () => {
    // Each summary length moves everything after it by a line or so: across the range every
    // heading meets the foot of a page, as "Follow-up or review" did on a released report.
    // A short last section moves with the signature; a long one flows and the signature follows.
    const cases = [
      ...Array.from({ length: 28 }, (_, i) => ({ length: 10 + i * 2, followUp: SHORT_FOLLOW_UP })),
      ...Array.from({ length: 14 }, (_, i) => ({ length: 11 + i * 4, followUp: LONG_FOLLOW_UP })),
    ];
    const seen = { pages: new Set<number>(), footOfPage: new Set<string>() };
    for (const { length, followUp } of cases) {
      const { pdf, sections } = await render(length, followUp);
      // To look at the pages: REPORT_LAYOUT_OUT=<directory>, then pdftoppm -png -r 60 each file.
      if (process.env.REPORT_LAYOUT_OUT)
        writeFileSync(
          path.join(process.env.REPORT_LAYOUT_OUT, `summary-${length}-${followUp.length}.pdf`),
          pdf,
        );
      const pages = pdfPages(pdf);
      seen.pages.add(pages.length);
      const where = `with a summary of ${length} sentences and a follow-up of ${followUp.length} characters`;
      expect(layoutProblems(pages, sections), where).toEqual([]);

      const flow = pages.flatMap((lines, p) => lines.map((line) => ({ line, p })));
      const at = (text: string) => flow.findIndex((l) => l.line === text);
      const signature = at("Consulting Doctor");
      const statement = at("Statement by the person this report is about");
      const followUpHeading = at("Follow-up or review");
      expect(signature, where).toBeGreaterThan(followUpHeading);
      // The statement comes after the whole signature block, never before or inside it.
      const signedOn = flow.findIndex((l) => l.line.startsWith("Signed electronically on"));
      expect(signedOn, where).toBeGreaterThan(signature);
      expect(statement, where).toBeGreaterThan(signedOn);
      expect(
        flow
          .slice(statement)
          .map((l) => l.line)
          .join(" "),
      ).toContain(STATEMENT);
      // Nothing comes between the doctor's last section and the signature, and the block is on
      // one page. A short last section moves with it, so the signature never starts a page; a
      // long one flows over the page and the signature may start the next one.
      expect(flow[signature - 1]?.line, where).toMatch(/adjustments end\.$/);
      expect(flow[signedOn]?.p, where).toBe(flow[signature]?.p);
      if (followUp === SHORT_FOLLOW_UP)
        expect(flow[signature - 1]?.p, where).toBe(flow[signature]?.p);
      for (const lines of pages.slice(0, -1)) seen.footOfPage.add(lines.at(-1) ?? "");
    }
    // The range did what it is for: reports of two and three pages, and many page ends.
    expect([...seen.pages].sort()).toEqual(expect.arrayContaining([2, 3]));
    expect(seen.footOfPage.size).toBeGreaterThan(10);
  }, 120_000);
});
