import type { FileScanner } from "./file-scanner.ts";
import { readOfficePackage } from "./office-package.server.ts";
import { looksLikePdf, pdfActiveContent } from "./pdf-active-content.server.ts";

const WORD_MESSAGES = {
  macros:
    "This Word document contains macros, which we do not accept. Save it as a Word Document (.docx) or a PDF and upload that.",
  activeX:
    "This Word document contains ActiveX controls, which can run code. Save it as a PDF and upload that.",
  embedded:
    "This Word document contains an embedded object, such as a program or another file, which we do not accept. Save it as a PDF and upload that.",
  remote:
    "This Word document loads content from another location when it is opened, which we do not accept. Save it as a PDF and upload that.",
  unreadable:
    "This file looks like a Word document but could not be opened to be checked. Save it again as a Word Document (.docx) or a PDF and upload that.",
} as const;

/**
 * The scanner every upload goes through, with or without ClamAV: it refuses what can act on the
 * reader's machine when the document is opened, decided by content, not by known signatures.
 * A PDF's scripts, launch actions and attached files; a Word document's macros (VBA), ActiveX
 * controls, embedded OLE objects and remote templates. Images carry no active content.
 */
export const activeContentScanner: FileScanner = {
  async scan(bytes) {
    const reason = looksLikePdf(bytes) ? pdfActiveContent(bytes) : officeActiveContent(bytes);
    return reason ? { clean: false, reason } : { clean: true };
  },
};

function officeActiveContent(bytes: Uint8Array): string | null {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) return null;
  // A zip we cannot list could hold anything; the content check refuses such a file too.
  const pkg = readOfficePackage(bytes);
  if (!pkg) return WORD_MESSAGES.unreadable;
  const contentTypes = pkg.contentTypes?.toLowerCase() ?? "";
  if (
    pkg.names.some((name) => /(^|\/)(vbaproject\.bin|vbadata\.xml)$/.test(name)) ||
    contentTypes.includes("macroenabled") ||
    contentTypes.includes("vbaproject")
  )
    return WORD_MESSAGES.macros;
  if (
    pkg.names.some((name) => /(^|\/)activex\//.test(name)) ||
    contentTypes.includes("ms-office.activex")
  )
    return WORD_MESSAGES.activeX;
  // OLE objects (`oleObject1.bin`: a packaged program, a legacy spreadsheet with its macros) and
  // macro-enabled Office files carried inside; an embedded .xlsx or image is plain data.
  if (
    pkg.names.some((name) =>
      /(^|\/)embeddings\/.*\.(bin|docm|dotm|xlsm|xlsb|xltm|pptm|ppsm|potm)$/.test(name),
    )
  )
    return WORD_MESSAGES.embedded;
  // A template, frame, sub-document or object fetched from elsewhere when the document opens
  // (remote template injection, which loads macros from a server).
  for (const rels of pkg.relationships.values()) {
    for (const relationship of rels.matchAll(/<Relationship\b[^>]*>/gi)) {
      if (
        /\bTargetMode\s*=\s*["']External["']/i.test(relationship[0]) &&
        /\bType\s*=\s*["'][^"']*\/(attachedTemplate|frame|subDocument|oleObject|package)["']/i.test(
          relationship[0],
        )
      )
        return WORD_MESSAGES.remote;
    }
  }
  return null;
}
