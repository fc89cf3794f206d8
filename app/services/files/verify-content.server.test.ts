import fc from "fast-check";
import { zipSync } from "fflate";
import { fileTypeFromBuffer } from "file-type";
import { describe, expect, it } from "vitest";
import {
  docm,
  docx,
  jpegBytes,
  minimalPdf,
  pngBytes,
  windowsProgram,
} from "~tests/support/documents.ts";
import { MAX_DOCUMENT_BYTES } from "./limits.ts";
import { verifyDocumentContent } from "./verify-content.server.ts";

const refusal = {
  ok: false,
  reason: "This file is not a PDF, PNG, JPEG or Word (.docx) document.",
};

describe("what an uploaded document is, read from its bytes", () => {
  it("accepts a PDF, a PNG, a JPEG and a Word document, with the type they are served as", async () => {
    expect(await verifyDocumentContent(minimalPdf())).toEqual({
      ok: true,
      mime: "application/pdf",
      extension: "pdf",
    });
    expect(await verifyDocumentContent(pngBytes)).toEqual({
      ok: true,
      mime: "image/png",
      extension: "png",
    });
    expect(await verifyDocumentContent(jpegBytes)).toEqual({
      ok: true,
      mime: "image/jpeg",
      extension: "jpg",
    });
    expect(await verifyDocumentContent(docx())).toEqual({
      ok: true,
      mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      extension: "docx",
    });
  });

  it("refuses a Windows program, whatever it was called (an .exe renamed .pdf)", async () => {
    expect(await fileTypeFromBuffer(windowsProgram())).toMatchObject({ ext: "exe" });
    expect(await verifyDocumentContent(windowsProgram())).toEqual(refusal);
  });

  it("refuses a zip that is not a Word document, even with a word/ folder inside", async () => {
    const plainZip = zipSync({ "notes.txt": new TextEncoder().encode("hello") });
    expect(await verifyDocumentContent(plainZip)).toEqual(refusal);
    const wordFolder = zipSync({ "word/document.xml": new TextEncoder().encode("<w:document/>") });
    expect(await verifyDocumentContent(wordFolder)).toEqual(refusal);
    // file-type reads only the declaration, which here names a document the package lacks.
    const declaredOnly = zipSync({
      "[Content_Types].xml": new TextEncoder().encode(
        '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      "word/other.xml": new TextEncoder().encode("<x/>"),
    });
    expect(await fileTypeFromBuffer(declaredOnly)).toMatchObject({ ext: "docx" });
    expect(await verifyDocumentContent(declaredOnly)).toEqual(refusal);
  });

  it("refuses a macro-enabled Word document (.docm) and a Word template", async () => {
    expect(await verifyDocumentContent(docm())).toEqual(refusal);
    const dotx = zipSync({
      "[Content_Types].xml": new TextEncoder().encode(
        '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml"/></Types>',
      ),
      "word/document.xml": new TextEncoder().encode("<w:document/>"),
    });
    expect(await verifyDocumentContent(dotx)).toEqual(refusal);
  });

  it("accepts a file at 10 MB and refuses one a byte over", async () => {
    const atLimit = new Uint8Array(MAX_DOCUMENT_BYTES);
    atLimit.set(pngBytes);
    expect(await verifyDocumentContent(atLimit)).toMatchObject({ ok: true, extension: "png" });
    const over = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    over.set(pngBytes);
    expect(await verifyDocumentContent(over)).toEqual({
      ok: false,
      reason: "This file is larger than 10 MB, the most a document may be.",
    });
  });

  it("refuses text, an empty file and a truncated header", async () => {
    expect(await verifyDocumentContent(new TextEncoder().encode("Dear Dr Smith,"))).toEqual(
      refusal,
    );
    expect(await verifyDocumentContent(new Uint8Array(0))).toEqual(refusal);
    expect(await verifyDocumentContent(pngBytes.subarray(0, 4))).toEqual(refusal);
  });

  it("accepts random bytes only where file-type itself finds one of the four types", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 600 }),
          // Random tails behind each accepted magic number, and behind others.
          fc
            .tuple(
              fc.constantFrom(
                minimalPdf().subarray(0, 8),
                pngBytes.subarray(0, 16),
                jpegBytes.subarray(0, 4),
                windowsProgram().subarray(0, 2),
                new Uint8Array([0x50, 0x4b, 0x03, 0x04]),
              ),
              fc.uint8Array({ maxLength: 600 }),
            )
            .map(([head, tail]) => new Uint8Array([...head, ...tail])),
        ),
        async (bytes) => {
          const verified = await verifyDocumentContent(bytes);
          const detected = await fileTypeFromBuffer(bytes);
          // Random bytes cannot make a Word package; the three other types stand on their
          // magic numbers, so those are accepted exactly where file-type finds them.
          expect(verified.ok).toBe(["pdf", "png", "jpg"].includes(detected?.ext ?? ""));
          if (verified.ok) expect(verified.mime).toBe(detected?.mime);
          else expect(verified.reason).toBe(refusal.reason);
        },
      ),
      { numRuns: 300 },
    );
  });
});
