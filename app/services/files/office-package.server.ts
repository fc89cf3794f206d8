import { unzipSync } from "fflate";

/**
 * An Office Open XML package (a .docx is a zip of XML parts, ECMA-376 Part 2), read as far as the
 * checks need: every part's name, and the small parts that say what the package is and what it
 * loads ([Content_Types].xml and the relationship parts). Nothing else is decompressed, so a
 * crafted archive cannot make us expand a large part.
 */
interface OfficePackage {
  /** Part names, lower case (OPC compares them without case), with forward slashes. */
  names: string[];
  contentTypes: string | null;
  /** Each relationship part (`…/_rels/*.rels`) by its lower-case name. */
  relationships: Map<string, string>;
}

/** The XML parts we read are a few kilobytes in any real document. */
const MAX_XML_PART_BYTES = 2 * 1024 * 1024;

const WORD_DOCUMENT_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

/** The package inside a zip, or null where the bytes are not a zip fflate can read. */
export function readOfficePackage(bytes: Uint8Array): OfficePackage | null {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) return null;
  const names: string[] = [];
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, {
      filter(file) {
        const name = partName(file.name);
        names.push(name);
        return isReadPart(name) && file.originalSize <= MAX_XML_PART_BYTES;
      },
    });
  } catch {
    return null;
  }
  const decoder = new TextDecoder();
  let contentTypes: string | null = null;
  const relationships = new Map<string, string>();
  for (const [name, data] of Object.entries(parts)) {
    const text = decoder.decode(data.subarray(0, MAX_XML_PART_BYTES));
    const normalised = partName(name);
    if (normalised === "[content_types].xml") contentTypes = text;
    else relationships.set(normalised, text);
  }
  return { names, contentTypes, relationships };
}

/**
 * A Word document and nothing else: its main part is declared as a document (not a template, not
 * macro-enabled) and is there. file-type guesses "docx" from a `word/` folder when it cannot reach
 * [Content_Types].xml, so a .docm or any zip with such a folder would otherwise pass as one.
 */
export function isWordDocument(pkg: OfficePackage): boolean {
  if (!pkg.contentTypes) return false;
  for (const override of pkg.contentTypes.matchAll(/<Override\b[^>]*>/gi)) {
    const contentType = /\bContentType\s*=\s*["']([^"']*)["']/i.exec(override[0])?.[1];
    const part = /\bPartName\s*=\s*["']([^"']*)["']/i.exec(override[0])?.[1];
    if (contentType?.trim().toLowerCase() !== WORD_DOCUMENT_CONTENT_TYPE || !part) continue;
    if (pkg.names.includes(partName(part.replace(/^\//, "")))) return true;
  }
  return false;
}

function partName(name: string): string {
  return name.replaceAll("\\", "/").toLowerCase();
}

function isReadPart(name: string): boolean {
  return name === "[content_types].xml" || /(^|\/)_rels\/[^/]*\.rels$/.test(name);
}

/** The Word parts that hold text a reader sees: the body, headers, footers, notes and comments. */
const TEXT_PART = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments)\.xml$/;

/** Text parts larger than this are not read: a real letter's are far smaller. */
const MAX_TEXT_PART_BYTES = 8 * 1024 * 1024;

const XML_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

/**
 * The words of a Word document, paragraph by paragraph, as the disclosure gate reads them
 * (docs/architecture.md §4, "The case conversation"): the runs' text (`w:t`), with paragraph
 * ends, breaks and tabs as line breaks and spaces. Null where the package cannot be read or a
 * text part is too large to read whole: the caller must then treat the words as unknown.
 */
export function wordDocumentText(bytes: Uint8Array): string | null {
  let parts: Record<string, Uint8Array>;
  let tooLarge = false;
  try {
    parts = unzipSync(bytes, {
      filter(file) {
        if (!TEXT_PART.test(partName(file.name))) return false;
        if (file.originalSize > MAX_TEXT_PART_BYTES) tooLarge = true;
        return !tooLarge;
      },
    });
  } catch {
    return null;
  }
  if (tooLarge) return null;
  const decoder = new TextDecoder();
  return Object.keys(parts)
    .sort()
    .map((name) => runText(decoder.decode(parts[name])))
    .join("\n");
}

/**
 * A part's text: the runs' `w:t`, and a tracked deletion's `w:delText` (still in the file, and on
 * screen wherever changes are shown), with paragraph ends, breaks and tabs.
 */
function runText(xml: string): string {
  const pieces: string[] = [];
  for (const m of xml.matchAll(
    /<w:(t|delText)(?:\s[^>]*)?>([^<]*)<\/w:\1>|<\/w:p>|<w:(?:tab|br|cr)\b[^>]*\/>/g,
  )) {
    if (m[2] !== undefined) pieces.push(decodeXmlText(m[2]));
    else pieces.push(m[0] === "</w:p>" ? "\n" : " ");
  }
  return pieces.join("");
}

function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    const code = /^#x/i.test(entity)
      ? Number.parseInt(entity.slice(2), 16)
      : entity.startsWith("#")
        ? Number(entity.slice(1))
        : null;
    if (code === null) return XML_ENTITIES[entity] ?? whole;
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
