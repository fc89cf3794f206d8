import { Inflate } from "fflate";

/**
 * What in a PDF can act on the reader's machine (ISO 32000-1 §12.6, §12.7.8, §7.11.4): scripts,
 * an action that starts a program, files carried inside, XFA forms (which carry their own scripts)
 * and embedded media. Each name is refused wherever it appears, as a key or a value: `/JS`
 * is the script of an action or a name tree's entry, `/JavaScript` its action type and the
 * document's script tree, so `/OpenAction` or `/AA` pointing at a script is caught by these too.
 */
const ACTIVE_NAMES: ReadonlyMap<string, keyof typeof MESSAGES> = new Map([
  ["JavaScript", "javascript"],
  ["JS", "javascript"],
  ["Launch", "launch"],
  ["EmbeddedFile", "embedded"],
  ["EmbeddedFiles", "embedded"],
  ["XFA", "xfa"],
  ["RichMedia", "media"],
]);

/**
 * Names of two letters occur by chance in compressed or image bytes (about once in 10 MB of them),
 * so they are looked for only where PDF syntax is: outside streams and in object streams. Every
 * script still has a long name (`/JavaScript`, its action's type or its name tree), which is looked
 * for everywhere, inside any stream too.
 */
const SHORT_NAMES = new Set(["JS", "XFA"]);

const MESSAGES = {
  javascript:
    "This PDF contains JavaScript, which we do not accept. Print it to a new PDF and upload that.",
  launch:
    "This PDF contains an action that starts a program, which we do not accept. Print it to a new PDF and upload that.",
  embedded:
    "This PDF has other files attached inside it, which we do not accept. Upload each document on its own.",
  xfa: "This PDF is an interactive (XFA) form, which can run code. Print it to a new PDF and upload that.",
  media:
    "This PDF contains embedded media that can run code. Print it to a new PDF and upload that.",
  encrypted:
    "This PDF is encrypted or password-protected, so it cannot be checked. Print it to a new PDF without a password and upload that.",
  tooLarge:
    "This PDF expands to far more data than a document needs, so it cannot be checked. Print it to a new PDF and upload that.",
} as const;

/** A stream's decoded bytes beyond these are refused unread, so a small file cannot expand into gigabytes. */
const MAX_STREAM_BYTES = 64 * 1024 * 1024;
const MAX_DECODED_BYTES = 256 * 1024 * 1024;

/** Whether the bytes are a PDF as a viewer would take them: the header within the first kilobyte. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return latin1(bytes.subarray(0, 1024)).includes("%PDF-");
}

/**
 * The reason to refuse a PDF, or null. The raw bytes are read, then every stream that a viewer
 * decodes through FlateDecode, ASCIIHexDecode or ASCII85Decode (object streams hold most of a
 * modern PDF's dictionaries, compressed), with each name's `#xx` escapes decoded first, as a
 * viewer does (`/J#61vaScript` is `/JavaScript`, ISO 32000-1 §7.3.5).
 */
export function pdfActiveContent(bytes: Uint8Array): string | null {
  const raw = latin1(bytes);
  const streams = [...streamsIn(raw)];
  const syntax = namesIn(outsideStreams(raw, streams));
  const found = activeName(namesIn(raw), "long") ?? activeName(syntax, "all");
  if (found) return found;
  // An encrypted file's streams are ciphertext: what they hold cannot be read without the key.
  if (syntax.has("Encrypt")) return MESSAGES.encrypted;

  let decodedTotal = 0;
  for (const stream of streams) {
    const dictionary = decodeNames(stream.dictionary);
    const objectStream = /\/Type\s*\/ObjStm\b/.test(dictionary);
    // An image's samples are never read as objects (and a scan's can be tens of MB to expand).
    if (/\/Subtype\s*\/Image\b/.test(dictionary) && !objectStream) continue;
    const filters = filtersOf(dictionary);
    if (!filters.every(isTextFilter)) continue;
    const decoded = decodeStream(stream.data, filters);
    if (decoded === "too large") return MESSAGES.tooLarge;
    decodedTotal += decoded.length;
    if (decodedTotal > MAX_DECODED_BYTES) return MESSAGES.tooLarge;
    const inside = activeName(namesIn(latin1(decoded)), objectStream ? "all" : "long");
    if (inside) return inside;
  }
  return null;
}

function activeName(names: Set<string>, which: "long" | "all"): string | null {
  for (const name of names) {
    const kind = ACTIVE_NAMES.get(name);
    if (kind && (which === "all" || !SHORT_NAMES.has(name))) return MESSAGES[kind];
  }
  return null;
}

const NAME = /\/([^\0\t\n\f\r ()<>[\]{}/%]+)/g;

/** Every PDF name in the text (after `/`, up to whitespace or a delimiter), `#xx` decoded. */
function namesIn(text: string): Set<string> {
  return new Set(Array.from(text.matchAll(NAME), (match) => decodeName(match[1] ?? "")));
}

function decodeName(name: string): string {
  return name.includes("#")
    ? name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      )
    : name;
}

/**
 * Each `stream … endstream` with the dictionary before it (from its object's `obj`). The data is
 * taken up to `endstream` rather than `/Length`, which may be an indirect reference; a stream
 * holding the word itself is read short, and decoding keeps what came before it.
 */
function* streamsIn(
  raw: string,
): Generator<{ dictionary: string; data: string; start: number; end: number }> {
  const keyword = /stream(\r\n|\n|\r)/g;
  for (let match = keyword.exec(raw); match; match = keyword.exec(raw)) {
    if (raw.slice(match.index - 3, match.index) === "end") continue;
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    const head = raw.slice(Math.max(0, match.index - 4096), match.index);
    const objectStart = head.lastIndexOf("obj");
    const stop = end === -1 ? raw.length : end;
    yield {
      dictionary: objectStart === -1 ? head : head.slice(objectStart),
      data: raw.slice(start, stop),
      start,
      end: stop,
    };
    if (end !== -1) keyword.lastIndex = end + "endstream".length;
  }
}

function outsideStreams(raw: string, streams: { start: number; end: number }[]): string {
  let text = "";
  let from = 0;
  for (const stream of streams) {
    text += `${raw.slice(from, stream.start)}\n`;
    from = stream.end;
  }
  return text + raw.slice(from);
}

function decodeNames(text: string): string {
  return text.replace(NAME, (_, name: string) => `/${decodeName(name)}`);
}

function filtersOf(dictionary: string): string[] {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/.exec(dictionary)?.[1];
  if (!filter) return [];
  return Array.from(filter.matchAll(/\/([^\s/[\]<>()]+)/g), (match) => match[1] ?? "");
}

function isTextFilter(filter: string): boolean {
  return (
    filter === "FlateDecode" ||
    filter === "Fl" ||
    filter === "ASCIIHexDecode" ||
    filter === "AHx" ||
    filter === "ASCII85Decode" ||
    filter === "A85"
  );
}

function decodeStream(data: string, filters: string[]): Uint8Array | "too large" {
  let bytes: Uint8Array = Buffer.from(data, "latin1");
  for (const filter of filters) {
    if (filter === "FlateDecode" || filter === "Fl") {
      const inflated = inflateTolerantly(bytes);
      if (inflated === "too large") return inflated;
      bytes = inflated;
    } else if (filter === "ASCIIHexDecode" || filter === "AHx") bytes = asciiHex(latin1(bytes));
    else bytes = ascii85(latin1(bytes));
  }
  return bytes;
}

/**
 * Inflates as a viewer does: past a wrong checksum or a broken tail, keeping what decoded before
 * the damage (a script ahead of deliberate damage still runs in a tolerant viewer). Fed in small
 * pieces so that little is lost to an error, and stopped past the size cap.
 */
function inflateTolerantly(zlib: Uint8Array): Uint8Array | "too large" {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  const inflate = new Inflate((chunk) => {
    size += chunk.length;
    if (size > MAX_STREAM_BYTES) {
      tooLarge = true;
      throw new Error("stream too large");
    }
    chunks.push(chunk);
  });
  // FlateDecode data is a zlib stream (RFC 1950): two header bytes, deflate data, a checksum the
  // viewers do not insist on. Some writers leave the header out, and viewers take that too.
  const [method = 0, flags = 0] = zlib;
  const body =
    (method & 0x0f) === 8 && ((method << 8) | flags) % 31 === 0 ? zlib.subarray(2) : zlib;
  try {
    for (let at = 0; at < body.length; at += 4096) {
      inflate.push(body.subarray(at, at + 4096), false);
    }
    inflate.push(new Uint8Array(0), true);
  } catch {
    // Damage: keep what decoded.
  }
  if (tooLarge) return "too large";
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function asciiHex(text: string): Uint8Array {
  const digits = (text.split(">")[0] ?? "").replace(/[^0-9a-fA-F]/g, "");
  const padded = digits.length % 2 ? `${digits}0` : digits;
  const out = new Uint8Array(padded.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(padded.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function ascii85(text: string): Uint8Array {
  const body = (text.split("~>")[0] ?? "").replace(/^\s*<~/, "").replace(/\s/g, "");
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (const digit of group) value = value * 85 + digit;
    for (let i = 3; i >= 4 - count; i--) out.push(Math.floor(value / 256 ** i) % 256);
  };
  for (const char of body) {
    if (char === "z" && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const digit = char.charCodeAt(0) - 33;
    if (digit < 0 || digit > 84) continue;
    group.push(digit);
    if (group.length === 5) {
      flush(4);
      group = [];
    }
  }
  if (group.length > 1) {
    const count = group.length - 1;
    while (group.length < 5) group.push(84);
    flush(count);
  }
  return Uint8Array.from(out);
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}
