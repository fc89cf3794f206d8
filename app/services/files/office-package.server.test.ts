import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { docx } from "~tests/support/documents.ts";
import { wordDocumentText } from "./office-package.server.ts";

const body = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${inner}</w:body></w:document>`;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

describe("wordDocumentText: the words of a .docx as the disclosure gate reads them", () => {
  it("reads runs split mid-word, paragraphs, tabs, headers and footers, and nothing of the markup", () => {
    const text = wordDocumentText(
      docx({
        "word/document.xml": body(
          '<w:p><w:r><w:t>Jo has </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">depres</w:t></w:r><w:r><w:t>sion.</w:t></w:r></w:p><w:p><w:r><w:t>Hours</w:t><w:tab/><w:t>mornings &amp; afternoons</w:t></w:r></w:p><w:p><w:r><w:instrText>HYPERLINK "x"</w:instrText></w:r></w:p>',
        ),
        "word/header1.xml": `<w:hdr xmlns:w="x"><w:p><w:r><w:t>Letter from the GP</w:t></w:r></w:p></w:hdr>`,
        "word/footer2.xml": `<w:ftr xmlns:w="x"><w:p><w:r><w:t>&#x41;sthma clinic</w:t></w:r></w:p></w:ftr>`,
      }),
    );
    expect(text).toContain("Jo has depression.\n");
    expect(text).toContain("Hours mornings & afternoons");
    expect(text).toContain("Letter from the GP");
    expect(text).toContain("Asthma clinic");
    expect(text).not.toContain("HYPERLINK");
    expect(text).not.toMatch(/<|w:t/);
  });

  it("reads a tracked deletion, a text box, an entity and a word split around a proofing mark", () => {
    const text = wordDocumentText(
      docx({
        "word/document.xml": body(
          '<w:p><w:del><w:r><w:delText>Depression noted.</w:delText></w:r></w:del></w:p><w:p><w:r><w:t>Jo has as</w:t></w:r><w:proofErr w:type="spellStart"/><w:r><w:t>thma</w:t></w:r></w:p><w:p><w:r><w:drawing><w:txbxContent><w:p><w:r><w:t>&#x65;pilepsy</w:t></w:r></w:p></w:txbxContent></w:drawing></w:r></w:p>',
        ),
      }),
    );
    expect(text).toContain("Depression noted.");
    expect(text).toContain("Jo has asthma");
    expect(text).toContain("epilepsy");
  });

  it("gives back any text a run holds, once escaped as Word escapes it", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 80 }), (words) => {
        // XML 1.0 cannot hold most control characters; Word never writes them.
        const clean = Array.from(words)
          .filter((ch) => {
            const code = ch.codePointAt(0) ?? 0;
            return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
          })
          .join("");
        const text = wordDocumentText(
          docx({
            "word/document.xml": body(
              `<w:p><w:r><w:t xml:space="preserve">${escapeXml(clean)}</w:t></w:r></w:p>`,
            ),
          }),
        );
        expect(text).toBe(`${clean}\n`);
      }),
    );
  });

  it("answers null, never partial text, for a file it cannot read", () => {
    expect(wordDocumentText(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toBeNull();
  });
});
