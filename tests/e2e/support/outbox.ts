import fs from "node:fs";
import path from "node:path";

/**
 * Reads the embedded outbox (.eml files the server writes when no SMTP server is set): a small
 * RFC 5322 / MIME reader for the plain-text messages we send (quoted-printable, base64 or 7bit).
 */
interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  /** The text of each calendar (.ics) attachment, decoded. */
  calendars: string[];
}

function unfoldHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  const lines = head
    .replace(/\r\n/g, "\n")
    .replace(/\n[ \t]+/g, " ")
    .split("\n");
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const text = input.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "=" && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words in headers (nodemailer uses them for non-ASCII subjects). */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi,
    (_m, _charset, encoding: string, data: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

/**
 * Every text/calendar part of the message, at any depth: each multipart boundary the message
 * declares splits it, and the parts whose own headers say text/calendar are decoded.
 */
function calendarParts(normalised: string): string[] {
  const boundaries = [...normalised.matchAll(/boundary="?([^";\n]+)"?/gi)].map((m) => m[1]!);
  if (boundaries.length === 0) return [];
  const escaped = boundaries.map((b) => b.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const parts = normalised.split(new RegExp(`--(?:${escaped.join("|")})(?:--)?`));
  const found: string[] = [];
  for (const part of parts) {
    const trimmed = part.replace(/^\n/, "");
    const split = trimmed.indexOf("\n\n");
    if (split < 0) continue;
    const headers = unfoldHeaders(trimmed.slice(0, split));
    if (!(headers.get("content-type") ?? "").toLowerCase().startsWith("text/calendar")) continue;
    const decoded = decodeBody(trimmed.slice(split + 2), headers.get("content-transfer-encoding"));
    // The file's own line ends are CRLF (RFC 5545); the message was read with LF.
    found.push(decoded.replace(/\r?\n/g, "\r\n").trim().concat("\r\n"));
  }
  return found;
}

function parseMessage(raw: string, file = ""): OutboxMessage {
  const normalised = raw.replace(/\r\n/g, "\n");
  const split = normalised.indexOf("\n\n");
  const headers = unfoldHeaders(normalised.slice(0, split));
  let body = normalised.slice(split + 2);
  let encoding = headers.get("content-transfer-encoding");
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = contentType.match(/boundary="?([^";]+)"?/i)?.[1];
  if (boundary) {
    // multipart: take the text/plain part
    const parts = body.split(`--${boundary}`);
    for (const part of parts) {
      const partSplit = part.indexOf("\n\n");
      if (partSplit < 0) continue;
      const partHeaders = unfoldHeaders(part.slice(0, partSplit).trim());
      if ((partHeaders.get("content-type") ?? "").startsWith("text/plain")) {
        body = part.slice(partSplit + 2);
        encoding = partHeaders.get("content-transfer-encoding");
        break;
      }
    }
  }
  const text = decodeBody(body, encoding);
  return {
    file,
    to: decodeWords(headers.get("to") ?? ""),
    subject: decodeWords(headers.get("subject") ?? ""),
    text,
    links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
    calendars: calendarParts(normalised),
  };
}

/**
 * Messages already read, by file. The outbox writes each .eml whole and renames it into place,
 * once (app/services/mail/mailer.server.ts), so a file read once never changes. Without this every
 * poll of a wait read and decoded the whole outbox: by the end of a run 750 messages, 40 ms of
 * CPU a poll, ten polls a second for each waiting test.
 */
const parsed = new Map<string, OutboxMessage>();

export function readOutbox(dataDir = process.env.E2E_DATA_DIR): OutboxMessage[] {
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set");
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => {
      const file = path.join(dir, f);
      let message = parsed.get(file);
      if (!message) {
        message = parseMessage(fs.readFileSync(file, "utf8"), f);
        parsed.set(file, message);
      }
      return message;
    });
}

/** Waits (e-mail leaves in the background) for the newest message to `to` whose subject matches. */
export async function waitForMessage(
  to: string,
  subject: RegExp | string,
  options: { dataDir?: string; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const wanted = to.toLowerCase();
  while (Date.now() < deadline) {
    const found = readOutbox(options.dataDir)
      .filter(
        (m) =>
          m.to.toLowerCase().includes(wanted) &&
          (typeof subject === "string" ? m.subject.includes(subject) : subject.test(m.subject)),
      )
      .at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${to} matching ${subject}`);
}

/** The first link in the message whose path starts with `pathPrefix`. */
export function linkTo(message: OutboxMessage, pathPrefix: string): string {
  const link = message.links.find((l) => new URL(l).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in "${message.subject}"`);
  return link;
}
