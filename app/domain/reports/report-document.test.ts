import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderReportPdf } from "./report-document.server.tsx";

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "report-pdf-"));
  try {
    const file = path.join(dir, "report.pdf");
    writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const hostile = {
  summary: 'Summary <b>bold</b> <script>alert("x")</script> see https://example.com/a?b=1&c=2',
  adjustment: "<img src=x onerror=alert(1)> Desk near the exit",
};

describe("renderReportPdf", () => {
  it("draws free text literally, with the reference, outcome and the doctor's GMC number", async () => {
    const { pdf, sha256 } = await renderReportPdf({
      reportReference: "REP-7K2M9Q",
      referralReference: "REF-000042",
      type: "management",
      subjectName: "Jo Bloggs",
      organisationName: "Acme & Sons <Ltd>",
      body: {
        kind: "management",
        answers: [{ question: "fitForWork", answer: "Yes, with adjustments." }],
        fitness: "fit-with-adjustments",
        adjustments: [hostile.adjustment],
        diagnosis: "Secret diagnosis text",
        summary: hostile.summary,
      },
      diagnosisReleased: false,
      authorName: "Dr Amira Shah",
      authorGmcNumber: "7654321",
      signedAt: new Date("2026-11-16T10:00:00Z"),
      approvedAt: new Date("2026-11-18T10:00:00Z"),
      version: 2,
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
