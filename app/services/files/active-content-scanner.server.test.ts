import zlib from "node:zlib";
import fc from "fast-check";
import { zlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  docm,
  docx,
  jpegBytes,
  minimalPdf,
  pdfStream,
  pngBytes,
} from "~tests/support/documents.ts";
import { activeContentScanner } from "./active-content-scanner.server.ts";

const scan = (bytes: Uint8Array) => activeContentScanner.scan(bytes, { fileName: "upload" });
const javascriptRefusal = {
  clean: false,
  reason:
    "This PDF contains JavaScript, which we do not accept. Print it to a new PDF and upload that.",
};
const openActionScript = (name: string) => ({
  catalogExtra: "/OpenAction 4 0 R",
  objects: [`<< /Type /Action /S /${name} /JS (app.alert\\("hello"\\)) >>`],
});

describe("active content in a PDF", () => {
  it("passes a plain PDF, with a page's content compressed as writers do", async () => {
    expect(await scan(minimalPdf())).toEqual({ clean: true });
    const content = pdfStream("BT /F1 12 Tf 72 712 Td (Fit note) Tj ET", "", "FlateDecode");
    expect(await scan(minimalPdf({ objects: [content] }))).toEqual({ clean: true });
    // A scan's image is not decoded: its samples are not PDF syntax.
    const image = pdfStream("/JS".repeat(10), "/Type /XObject /Subtype /Image", "FlateDecode");
    expect(await scan(minimalPdf({ objects: [image] }))).toEqual({ clean: true });
    // Ordinary actions (a link, opening at the first page) are not scripts.
    expect(
      await scan(
        minimalPdf({
          catalogExtra: "/OpenAction [3 0 R /Fit]",
          objects: ["<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://www.gov.uk) >> >>"],
        }),
      ),
    ).toEqual({ clean: true });
  });

  it("refuses JavaScript run when the document opens", async () => {
    expect(await scan(minimalPdf(openActionScript("JavaScript")))).toEqual(javascriptRefusal);
  });

  it("refuses a name written with #xx escapes, which a viewer decodes (/J#61vaScript)", async () => {
    expect(await scan(minimalPdf(openActionScript("J#61vaScript")))).toEqual(javascriptRefusal);
    expect(
      await scan(
        minimalPdf({
          catalogExtra: "/OpenAction 4 0 R",
          objects: ["<< /S /#4a#61va#53cript /#4A#53 (app.alert\\(1\\)) >>"],
        }),
      ),
    ).toEqual(javascriptRefusal);
  });

  it("refuses JavaScript hidden in a compressed object stream", async () => {
    // A PDF 1.5 object stream: the action's dictionary exists only inside the FlateDecode data.
    const hidden = "5 0 << /S /JavaScript /JS (app.launchURL\\('https://example.org'\\)) >>";
    const objectStream = pdfStream(hidden, "/Type /ObjStm /N 1 /First 4", "FlateDecode");
    const pdf = minimalPdf({ catalogExtra: "/OpenAction 5 0 R", objects: [objectStream] });
    expect(Buffer.from(pdf).toString("latin1")).not.toContain("JavaScript");
    expect(await scan(pdf)).toEqual(javascriptRefusal);
  });

  it("refuses a script behind a damaged checksum or an escaped filter name", async () => {
    const script = "<< /S /JavaScript /JS (this.print\\(\\)) >>";
    const compressed = zlibSync(Buffer.from(script, "latin1"));
    compressed.set([0, 0, 0, 0], compressed.length - 4); // adler-32 zeroed: viewers read on
    const damaged = Buffer.concat([
      Buffer.from(`<< /Length ${compressed.length} /Filter /Fl#61teDecode >>\nstream\n`, "latin1"),
      compressed,
      Buffer.from("\nendstream", "latin1"),
    ]);
    expect(await scan(minimalPdf({ objects: [new Uint8Array(damaged)] }))).toEqual(
      javascriptRefusal,
    );
  });

  it("refuses a script behind ASCII filters", async () => {
    const hex = Buffer.from("5 0 << /JS (x) >>", "latin1").toString("hex");
    const stream = `<< /Type /ObjStm /N 1 /First 4 /Length ${hex.length + 1} /Filter /ASCIIHexDecode >>\nstream\n${hex}>\nendstream`;
    expect(await scan(minimalPdf({ objects: [stream] }))).toEqual(javascriptRefusal);
  });

  it("does not take two-letter names that compressed or image bytes hold by chance for syntax", async () => {
    // Bytes of a JPEG, or of a compressed font, may spell "/JS " anywhere; "/JavaScript" they do not.
    const photo = (bytes: string) =>
      `<< /Type /XObject /Subtype /Image /Filter /DCTDecode /Length ${bytes.length} >>\nstream\n${bytes}\nendstream`;
    expect(
      await scan(minimalPdf({ objects: [photo("\xff\xd8\x01/JS \x02/XFA\x00\xff\xd9")] })),
    ).toEqual({
      clean: true,
    });
    const font = pdfStream("\x00\x01/JS\x00/XFA ", "/Length1 8", "FlateDecode");
    expect(await scan(minimalPdf({ objects: [font] }))).toEqual({ clean: true });
    expect(await scan(minimalPdf({ objects: [photo("\xff\xd8/JavaScript\x00\xff\xd9")] }))).toEqual(
      javascriptRefusal,
    );
  });

  it("refuses a launch action, attached files and XFA forms, each with its own reason", async () => {
    const launch = await scan(
      minimalPdf({ catalogExtra: "/OpenAction << /S /Launch /F (cmd.exe) >>" }),
    );
    expect(launch).toMatchObject({
      clean: false,
      reason: expect.stringContaining("starts a program"),
    });
    const attached = await scan(
      minimalPdf({
        catalogExtra: "/Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >>",
        objects: ["<< /Type /Filespec /F (a.exe) >>"],
      }),
    );
    expect(attached).toMatchObject({ clean: false, reason: expect.stringContaining("attached") });
    const xfa = await scan(minimalPdf({ catalogExtra: "/AcroForm << /XFA 4 0 R >>" }));
    expect(xfa).toMatchObject({ clean: false, reason: expect.stringContaining("XFA") });
  });

  it("refuses an encrypted PDF, whose streams it cannot read", async () => {
    const encrypted = minimalPdf({ objects: ["<< /Filter /Standard /V 4 /R 4 /P -3904 >>"] });
    const withTrailer = Buffer.from(encrypted)
      .toString("latin1")
      .replace("/Root 1 0 R", "/Root 1 0 R /Encrypt 4 0 R");
    expect(await scan(new Uint8Array(Buffer.from(withTrailer, "latin1")))).toMatchObject({
      clean: false,
      reason: expect.stringContaining("encrypted or password-protected"),
    });
  });

  it("refuses a stream that expands past 64 MB, stopping there", async () => {
    const zeros = zlib.deflateSync(Buffer.alloc(65 * 1024 * 1024));
    expect(zeros.length).toBeLessThan(100 * 1024);
    const bomb = Buffer.concat([
      Buffer.from(`<< /Length ${zeros.length} /Filter /FlateDecode >>\nstream\n`, "latin1"),
      zeros,
      Buffer.from("\nendstream", "latin1"),
    ]);
    expect(await scan(minimalPdf({ objects: [new Uint8Array(bomb)] }))).toMatchObject({
      clean: false,
      reason: expect.stringContaining("expands"),
    });
  });

  it("refuses every spelling of /JavaScript a viewer would decode, and no other key", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        async (escaped) => {
          const name = [..."JavaScript"]
            .map((char, index) =>
              escaped[index] ? `#${char.charCodeAt(0).toString(16).padStart(2, "0")}` : char,
            )
            .join("");
          expect(await scan(minimalPdf(openActionScript(name)))).toEqual(javascriptRefusal);
        },
      ),
      { numRuns: 50 },
    );
    // Names that merely start like one are not it.
    expect(
      await scan(minimalPdf({ objects: ["<< /JSON (1) /JavaScriptish (2) /Launcher (3) >>"] })),
    ).toEqual({ clean: true });
  });
});

describe("active content in a Word document", () => {
  it("passes a plain document and one with an embedded image", async () => {
    expect(await scan(docx())).toEqual({ clean: true });
    expect(await scan(docx({ "word/media/image1.png": pngBytes }))).toEqual({ clean: true });
  });

  it("refuses a zip it cannot list, which could hold anything", async () => {
    const truncated = docx().subarray(0, 100);
    expect(await scan(truncated)).toMatchObject({
      clean: false,
      reason: expect.stringContaining("could not be opened"),
    });
  });

  it("refuses macros: a VBA project, however the package declares itself", async () => {
    const macros = {
      clean: false,
      reason:
        "This Word document contains macros, which we do not accept. Save it as a Word Document (.docx) or a PDF and upload that.",
    };
    expect(await scan(docm())).toEqual(macros);
    // Declared as a plain .docx, still carrying the project.
    expect(await scan(docx({ "word/vbaProject.bin": new Uint8Array([0xd0, 0xcf]) }))).toEqual(
      macros,
    );
    expect(await scan(docx({ "word/vbaData.xml": "<wne:vbaSuppData/>" }))).toEqual(macros);
    expect(await scan(docx({ "WORD\\VBAPROJECT.BIN": new Uint8Array([1]) }))).toEqual(macros);
  });

  it("refuses ActiveX controls, embedded OLE objects and a remote template", async () => {
    expect(await scan(docx({ "word/activeX/activeX1.xml": "<ax:ocx/>" }))).toMatchObject({
      clean: false,
      reason: expect.stringContaining("ActiveX"),
    });
    expect(
      await scan(docx({ "word/embeddings/oleObject1.bin": new Uint8Array([0xd0, 0xcf]) })),
    ).toMatchObject({ clean: false, reason: expect.stringContaining("embedded object") });
    const remoteTemplate = docx({
      "word/_rels/settings.xml.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="https://example.org/t.dotm" TargetMode="External"/></Relationships>`,
    });
    expect(await scan(remoteTemplate)).toMatchObject({
      clean: false,
      reason: expect.stringContaining("another location"),
    });
    // An ordinary external link is not a fetch on opening.
    const hyperlink = docx({
      "word/_rels/document.xml.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://www.gov.uk" TargetMode="External"/></Relationships>`,
    });
    expect(await scan(hyperlink)).toEqual({ clean: true });
  });
});

describe("any bytes", () => {
  it("are answered, never thrown on, behind a PDF or zip header too", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          "",
          "%PDF-1.7\n",
          "PK\x03\x04",
          "%PDF-1.4\n1 0 obj << /Filter /FlateDecode >>\nstream\n",
        ),
        fc.uint8Array({ maxLength: 2000 }),
        async (head, tail) => {
          const bytes = new Uint8Array([...Buffer.from(head, "latin1"), ...tail]);
          const result = await scan(bytes);
          expect(typeof result.clean).toBe("boolean");
          if (head.startsWith("PK")) expect(result.clean).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("images", () => {
  it("carry no active content", async () => {
    expect(await scan(pngBytes)).toEqual({ clean: true });
    expect(await scan(jpegBytes)).toEqual({ clean: true });
  });
});
