import type { renderReportPdf as render } from "./report-document.server.tsx";

/**
 * The report's PDF, its renderer loaded on first use: @react-pdf/renderer with its layout
 * engine, fonts and PDF writer is about 70 files that every start loaded for the few requests
 * that make a PDF (docs/perf-notes-startup.md).
 */
export const renderReportPdf: typeof render = async (data) =>
  (await import("./report-document.server.tsx")).renderReportPdf(data);
