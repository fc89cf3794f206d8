import { zipSync, zlibSync } from "fflate";

/**
 * Small real documents for the upload checks, built in code: a PDF with its cross-reference table,
 * a Word package with its content types, images, the start of a Windows program, and the EICAR
 * anti-virus test file, assembled from parts so that no file in the repository is itself
 * "infected" for a scanner on a developer's machine.
 */

const latin1 = (text: string) => Buffer.from(text, "latin1");

/**
 * A one-page PDF; each extra object is appended after the page tree (numbered from 4) and may
 * be a dictionary or a stream (`pdfStream`). `catalogExtra` goes into the catalog's dictionary
 * (`/OpenAction 4 0 R`, `/Names << … >>`).
 */
export function minimalPdf(
  options: { objects?: (string | Uint8Array)[]; catalogExtra?: string } = {},
): Uint8Array {
  const objects: (string | Uint8Array)[] = [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ""}>>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
    ...(options.objects ?? []),
  ];
  const parts: Buffer[] = [latin1("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      latin1(`${index + 1} 0 obj\n`),
      typeof body === "string" ? latin1(body) : Buffer.from(body),
      latin1("\nendobj\n"),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(length),
    "%%EOF\n",
  ].join("\n");
  parts.push(latin1(xref));
  return new Uint8Array(Buffer.concat(parts));
}

/** A stream object's body; FlateDecode compresses `content` as a PDF writer does. */
export function pdfStream(content: string, dictionary = "", filter?: "FlateDecode"): Uint8Array {
  const data = filter ? Buffer.from(zlibSync(latin1(content))) : latin1(content);
  return new Uint8Array(
    Buffer.concat([
      latin1(
        `<< /Length ${data.length}${filter ? ` /Filter /${filter}` : ""} ${dictionary}>>\nstream\n`,
      ),
      data,
      latin1("\nendstream"),
    ]),
  );
}

/** A 1×1 PNG. */
export const pngBytes = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);

/** A 1×1 JPEG (JFIF). */
export const jpegBytes = new Uint8Array(
  Buffer.from(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
    "base64",
  ),
);

const WORD_MAIN =
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
const WORD_MACRO_MAIN = "application/vnd.ms-word.document.macroEnabled.main+xml";

/**
 * A Word package: content types, the package relationships and a one-paragraph document, plus
 * any extra parts. `macroEnabled` declares the main part as a .docm's, as Word saves one.
 */
export function docx(
  extraParts: Record<string, string | Uint8Array> = {},
  options: { macroEnabled?: boolean; extraContentTypes?: string } = {},
): Uint8Array {
  const text = (value: string | Uint8Array) =>
    typeof value === "string" ? new TextEncoder().encode(value) : value;
  const parts: Record<string, string | Uint8Array> = {
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${options.macroEnabled ? WORD_MACRO_MAIN : WORD_MAIN}"/>${options.extraContentTypes ?? ""}</Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    "word/document.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Job description: warehouse operative.</w:t></w:r></w:p></w:body></w:document>`,
    ...extraParts,
  };
  return zipSync(Object.fromEntries(Object.entries(parts).map(([name, v]) => [name, text(v)])));
}

/** A macro-enabled Word document (.docm) as Word saves it: its VBA project and the declaration. */
export function docm(): Uint8Array {
  return docx(
    {
      "word/vbaProject.bin": new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      "word/_rels/document.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/></Relationships>`,
    },
    {
      macroEnabled: true,
      extraContentTypes:
        '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>',
    },
  );
}

/** The start of a Windows program: the DOS header pointing at a PE header. */
export function windowsProgram(): Uint8Array {
  const bytes = new Uint8Array(512);
  bytes.set([0x4d, 0x5a], 0); // "MZ"
  bytes[0x3c] = 0x80; // e_lfanew
  bytes.set([0x50, 0x45, 0, 0, 0x4c, 0x01], 0x80); // "PE\0\0", i386
  return bytes;
}
/** The EICAR test file (eicar.org): 68 bytes every anti-virus reports, and harmless. */
export function eicarTestFile(): Uint8Array {
  const first = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$";
  const second = ["EICAR", "STANDARD", "ANTIVIRUS", "TEST", "FILE!$H+H*"].join("-");
  return new TextEncoder().encode(first + second);
}
