import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/*
 * A PDF read back as its readers' tools read it: pdftotext and pdfinfo, from poppler-utils (which
 * `npm test` installs when missing). They read files, so the bytes go to a folder of their own,
 * removed afterwards.
 */
function withPdfFile<T>(pdf: Buffer, read: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "referoh-pdf-"));
  try {
    const file = path.join(dir, "document.pdf");
    fs.writeFileSync(file, pdf);
    return read(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The whole text of a PDF; `-layout` (the default) keeps columns and lines as printed. */
export function pdfText(pdf: Buffer, options: string[] = ["-layout"]): string {
  return withPdfFile(pdf, (file) =>
    execFileSync("pdftotext", [...options, file, "-"], { encoding: "utf8" }),
  );
}

/** The text of each page of a PDF, in order, read with pdftotext's `options`. */
export function pdfPageTexts(pdf: Buffer, options: string[] = []): string[] {
  return withPdfFile(pdf, (file) => {
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
    return Array.from({ length: pages }, (_, i) =>
      execFileSync("pdftotext", [...options, "-f", String(i + 1), "-l", String(i + 1), file, "-"], {
        encoding: "utf8",
      }),
    );
  });
}
