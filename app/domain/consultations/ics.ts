/**
 * A calendar invitation (RFC 5545) for one consultation. Times are written in UTC (`…Z`), which
 * every calendar converts to its owner's zone, so no VTIMEZONE is needed and the clock changes
 * cannot shift it. It names the video room and nothing about anyone's health.
 */
interface ConsultationEvent {
  /** Stable across rebooking, so calendars update the same event. */
  uid: string;
  sequence: number;
  method: "REQUEST" | "CANCEL";
  start: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  roomUrl: string;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
  now?: Date;
}

function icsDateTime(date: Date): string {
  return `${date.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
}

/** Backslash, semicolon, comma and newline are escaped in TEXT values (RFC 5545 §3.3.11). */
function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). */
export function foldIcsLine(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const charSize = Buffer.byteLength(char, "utf8");
    const limit = parts.length === 0 ? 75 : 74;
    if (size + charSize > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += charSize;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function participant(kind: "ORGANIZER" | "ATTENDEE", p: { name: string; email: string }) {
  const name = p.name.replace(/["\r\n]/g, "");
  return kind === "ORGANIZER"
    ? `ORGANIZER;CN="${name}":mailto:${p.email}`
    : `ATTENDEE;CN="${name}";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION:mailto:${p.email}`;
}

export function buildConsultationIcs(event: ConsultationEvent): string {
  const end = new Date(event.start.getTime() + event.durationMinutes * 60_000);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//ReferOH//Consultations//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsDateTime(event.now ?? new Date())}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `DESCRIPTION:${escapeIcsText(`${event.description}\n\nJoin: ${event.roomUrl}`)}`,
    `LOCATION:${escapeIcsText(event.roomUrl)}`,
    `URL:${event.roomUrl}`,
    participant("ORGANIZER", event.organizer),
    ...event.attendees.map((a) => participant("ATTENDEE", a)),
    `STATUS:${event.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}

/** Reads an .ics back into its properties (unfolded, unescaped): for tests and for checking what we send. */
export function parseIcs(text: string): { name: string; params: string; value: string }[] {
  const unfolded = text.replace(/\r\n[ \t]/g, "");
  return unfolded
    .split(/\r\n/)
    .filter(Boolean)
    .map((line) => {
      let colon = 0;
      let quoted = false;
      for (; colon < line.length; colon++) {
        if (line[colon] === '"') quoted = !quoted;
        else if (line[colon] === ":" && !quoted) break;
      }
      const head = line.slice(0, colon);
      const semicolon = head.indexOf(";");
      return {
        name: semicolon < 0 ? head : head.slice(0, semicolon),
        params: semicolon < 0 ? "" : head.slice(semicolon + 1),
        value: line
          .slice(colon + 1)
          .replace(/\\n/gi, "\n")
          .replace(/\\([\\;,])/g, "$1"),
      };
    });
}

/** An ICS UTC date-time (`20260329T083000Z`) as a Date. */
export function parseIcsUtc(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`Not a UTC date-time: ${value}`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}
