import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pdfPageTexts, pdfText } from "~tests/support/pdf-text.ts";
import { renderReportPdf } from "./report-document.server.tsx";
import type { ReportHeaderSource } from "./report-header.ts";

const hostile = {
  summary: 'Summary <b>bold</b> <script>alert("x")</script> see https://example.com/a?b=1&c=2',
  adjustment: "<img src=x onerror=alert(1)> Desk near the exit",
};

const signature = {
  name: "Dr Amira Shah",
  qualifications: null,
  gmcNumber: "7654321",
  signedAt: new Date("2026-11-16T10:00:00Z"),
};

function header(
  over: Partial<ReportHeaderSource> &
    Pick<ReportHeaderSource, "reportReference" | "referralReference" | "subjectName">,
): ReportHeaderSource & { approvedAt: Date } {
  return {
    type: "management",
    version: 1,
    organisationName: "Employer Ltd",
    jobRole: null,
    jobDetails: null,
    riskModules: [],
    referralReason: null,
    assessmentDate: null,
    consultationHeld: false,
    signedAt: signature.signedAt,
    ...over,
    approvedAt: new Date("2026-11-18T10:00:00Z"),
  };
}

describe("renderReportPdf", () => {
  it("draws free text literally, with the reference, outcome and the doctor's GMC number", async () => {
    const { pdf, sha256 } = await renderReportPdf({
      header: header({
        reportReference: "REP-7K2M9Q",
        referralReference: "REF-000042",
        subjectName: "Jo Bloggs",
        organisationName: "Acme & Sons <Ltd>",
        version: 2,
      }),
      body: {
        kind: "management",
        answers: [{ question: "fitForWork", answer: "Yes, with adjustments." }],
        fitness: "fit-with-adjustments",
        adjustments: [hostile.adjustment],
        diagnosis: "Secret diagnosis text",
        summary: hostile.summary,
      },
      diagnosisReleased: false,
      signature,
    });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    const text = pdfText(pdf);
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("REP-7K2M9Q");
    expect(flat).toContain("REF-000042");
    expect(flat).toContain("Fit with adjustments");
    expect(flat).toContain("GMC number 7654321");
    expect(flat).toContain("Dr Amira Shah");
    expect(flat).toContain('<script>alert("x")</script>');
    expect(flat).toContain("<b>bold</b>");
    expect(flat).toContain("https://example.com/a?b=1&c=2");
    expect(flat).toContain("<img src=x onerror=alert(1)> Desk near the exit");
    expect(flat).toContain("Acme & Sons <Ltd>");
    expect(flat).toMatch(/Page 1 of 1/);
    expect(flat).not.toContain("Secret diagnosis text");
    // No link annotation was made from the address in the text.
    expect(pdf.toString("latin1")).not.toContain("/URI");
  });
});

const paragraph = (n: number, words: string) =>
  Array.from({ length: n }, (_, i) => `${words} (${i + 1}).`).join(" ");

describe("the PDF layout of a typical management case", () => {
  it("flows sections across pages and never leaves the signature alone on a page", async () => {
    const { pdf } = await renderReportPdf({
      header: header({
        reportReference: "REP-LAYOUT",
        referralReference: "REF-000777",
        subjectName: "Sam Patel",
        organisationName: "Northwind Logistics Ltd",
        jobRole: "Warehouse operative",
        referralReason: "Back pain affecting lifting duties.",
        assessmentDate: new Date("2026-11-12T10:00:00Z"),
      }),
      body: {
        kind: "management",
        summary: paragraph(
          14,
          "They are at work with changed duties and find long periods of lifting difficult at present",
        ),
        fitness: "fit-with-adjustments",
        fitnessOpinion:
          "In my opinion they are fit for their current role with the adjustments below.",
        timescale: "About 2 to 4 weeks",
        adjustments: [
          { text: "Reduced lifting", weeks: 6 },
          { text: "More frequent short breaks.", weeks: 4, reviewBy: "2026-12-21" },
          "A workstation assessment.",
        ],
        equalityActOpinion: paragraph(
          3,
          "In my opinion the Equality Act 2010 is unlikely to apply",
        ),
        formalProcesses: "They are able to take part in formal meetings or processes.",
        followUp: "Review in about four weeks, before the adjustments end.",
      },
      diagnosisReleased: false,
      signature: { ...signature, qualifications: "MB ChB, MFOM" },
      questions: ["fitForWork", "recommendedAdjustments", "equalityAct", "followUp"],
      subjectStatement: "I agree with the adjustments but the review date is too late for me.",
    });
    if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, pdf);
    const pages = pdfPageTexts(pdf);
    const last = pages.at(-1)!;
    expect(last).toContain("Consulting Doctor");
    // The signature shares its page with the end of the last section.
    expect(last).toContain("Statement by the person this report is about");
    const all = pages.join("\n").replace(/\s+/g, " ");
    for (const fact of [
      "Warehouse operative",
      "Back pain affecting lifting duties.",
      "12 November 2026",
      "Online health questionnaire only",
      "Consent to disclosure",
      "Sam Patel read this report and agreed to its release to Northwind Logistics Ltd on 18 November 2026.",
      "MB ChB, MFOM",
      "GMC number 7654321",
      "Signed electronically on 16 November 2026",
      // Weeks alone: reviewed that many weeks after signing (16 November + 6 weeks).
      "Reduced lifting, for 6 weeks (review by 28 December 2026)",
      "More frequent short breaks, for 4 weeks (review by 21 December 2026)",
      "Your question: Is the condition likely to be considered a disability under the Equality Act 2010?",
    ])
      expect(all).toContain(fact);
    // No page ends with a section heading and nothing after it.
    const headings = ["Summary", "Recommendations", "Fit for Work", "Equality Act 2010"];
    for (const page of pages.slice(0, -1)) {
      const lines = page
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l && !/^Page \d+ of \d+$/.test(l) && !/Confidential$/.test(l));
      expect(headings).not.toContain(lines.at(-1));
    }
  });
});

describe("the pre-employment certificate", () => {
  it("names the role and the risks it was assessed for, and a temporary recommendation's terms", async () => {
    const { pdf } = await renderReportPdf({
      header: header({
        type: "pre_employment",
        reportReference: "REP-CERT01",
        referralReference: "OCC-AB12C",
        subjectName: "Robin Taylor",
        jobRole: "HGV driver (nights)",
        riskModules: ["driving", "nightShifts", "safetyCritical"],
        assessmentDate: new Date("2026-11-12T10:00:00Z"),
        consultationHeld: true,
      }),
      body: {
        kind: "pre_employment",
        outcome: "fit-with-adjustments",
        recommendations: [{ text: "No night shifts", weeks: 8 }, "A seat with lumbar support."],
        summary: "Fit for the role with the recommendations below.",
      },
      diagnosisReleased: false,
      signature: { ...signature, qualifications: "MBBS, MRCP(UK), MFOM" },
    });
    if (process.env.CERTIFICATE_PDF_OUT) writeFileSync(process.env.CERTIFICATE_PDF_OUT, pdf);
    const text = pdfText(pdf).replace(/\s+/g, " ");
    for (const fact of [
      "Pre-Employment Health Certificate",
      "Candidate Robin Taylor",
      "Job role HGV driver (nights)",
      "Role risks assessed Driving, night shifts and safety-critical work",
      "Assessment date 12 November 2026",
      "Online health questionnaire and a video consultation; no physical examination",
      "No night shifts, for 8 weeks (review by 11 January 2027)",
      "A seat with lumbar support.",
      "Dr Amira Shah MBBS, MRCP(UK), MFOM GMC number 7654321 Signed electronically on 16 November 2026",
    ])
      expect(text).toContain(fact);
    expect(text).not.toContain("Reason for referral");
  });
});
