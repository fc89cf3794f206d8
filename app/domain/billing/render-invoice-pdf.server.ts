import type { renderInvoicePdf as render } from "./invoice-document.server.tsx";

/**
 * An invoice's or credit note's PDF, its renderer loaded on first use: @react-pdf/renderer with
 * its layout engine, fonts and PDF writer is about 70 files that every start loaded for the few
 * requests that make a PDF (docs/perf-notes-startup.md).
 */
export const renderInvoicePdf: typeof render = async (invoice) =>
  (await import("./invoice-document.server.tsx")).renderInvoicePdf(invoice);
