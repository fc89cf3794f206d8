import { describe, expect, it } from "vitest";
import { readCalendar } from "~tests/support/calendar.ts";
import { buildConsultationIcs, foldIcsLine, parseIcs, parseIcsUtc } from "./ics.ts";
import { londonWallTimeToInstant } from "./london-time.ts";

const base = {
  uid: "c0ffee@referoh",
  sequence: 2,
  method: "REQUEST" as const,
  durationMinutes: 30,
  summary: "ReferOH video consultation, REF-000123",
  description: "Your occupational health consultation, by video; commas, semicolons; and a \\ too",
  roomUrl: "https://referoh.example/consultation/c0ffee",
  organizer: { name: "Dr Ada Lovelace", email: "no-reply@referoh.co.uk" },
  attendees: [{ name: "Jo Bloggs", email: "jo@example.org" }],
  now: new Date("2026-03-01T10:00:00Z"),
};

function property(text: string, name: string) {
  return parseIcs(text).find((p) => p.name === name);
}

describe("consultation .ics", () => {
  it("holds the right UTC instant either side of the March clock change", () => {
    const before = buildConsultationIcs({
      ...base,
      start: londonWallTimeToInstant("2026-03-27", 9 * 60)!,
    });
    const after = buildConsultationIcs({
      ...base,
      start: londonWallTimeToInstant("2026-03-30", 9 * 60)!,
    });
    expect(parseIcsUtc(property(before, "DTSTART")!.value).toISOString()).toBe(
      "2026-03-27T09:00:00.000Z",
    );
    expect(parseIcsUtc(property(after, "DTSTART")!.value).toISOString()).toBe(
      "2026-03-30T08:00:00.000Z",
    );
    expect(parseIcsUtc(property(after, "DTEND")!.value).toISOString()).toBe(
      "2026-03-30T08:30:00.000Z",
    );
  });

  it("holds the right UTC instant after the October change", () => {
    const ics = buildConsultationIcs({
      ...base,
      start: londonWallTimeToInstant("2026-10-26", 9 * 60)!,
    });
    expect(property(ics, "DTSTART")!.value).toBe("20261026T090000Z");
  });

  it("is a valid calendar: CRLF lines of at most 75 octets, escaped text, room link, no health words", () => {
    const ics = buildConsultationIcs({ ...base, start: new Date("2026-05-01T12:00:00Z") });
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n /g, "")).toContain("commas\\, semicolons\\; and a \\\\ too");
    expect(property(ics, "DESCRIPTION")!.value).toContain(
      "Join: https://referoh.example/consultation/c0ffee",
    );
    expect(property(ics, "URL")!.value).toBe(base.roomUrl);
    expect(property(ics, "UID")!.value).toBe("c0ffee@referoh");
    expect(property(ics, "SEQUENCE")!.value).toBe("2");
    expect(property(ics, "METHOD")!.value).toBe("REQUEST");
    expect(property(ics, "ORGANIZER")!.params).toBe('CN="Dr Ada Lovelace"');
  });

  it("cancels with the same UID", () => {
    const ics = buildConsultationIcs({
      ...base,
      method: "CANCEL",
      start: new Date("2026-05-01T12:00:00Z"),
    });
    expect(property(ics, "METHOD")!.value).toBe("CANCEL");
    expect(property(ics, "STATUS")!.value).toBe("CANCELLED");
  });

  it("folds long lines without splitting a character", () => {
    const line = `SUMMARY:${"é".repeat(60)}`;
    const folded = foldIcsLine(line);
    for (const part of folded.split("\r\n"))
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });

  it("reads in ical.js, a real calendar parser, as the same event: request, then cancellation", () => {
    const start = new Date("2026-10-26T09:00:00Z");
    const roomUrl = "https://referoh.example/consultation/c0ffee?token=abc_DEF-123";
    const request = readCalendar(
      buildConsultationIcs({
        ...base,
        roomUrl,
        start,
        attendees: [...base.attendees, { name: "Dr Émile Ôkafor, GP", email: "dr@example.org" }],
      }),
    );
    expect(request).toMatchObject({
      method: "REQUEST",
      version: "2.0",
      uid: "c0ffee@referoh",
      sequence: 2,
      status: "CONFIRMED",
      minutes: 30,
      summary: base.summary,
      description: `${base.description}\n\nJoin: ${roomUrl}`,
      location: roomUrl,
      url: roomUrl,
      organizer: "mailto:no-reply@referoh.co.uk",
      attendees: ["mailto:jo@example.org", "mailto:dr@example.org"],
    });
    expect(request.start.toISOString()).toBe(start.toISOString());

    const cancel = readCalendar(
      buildConsultationIcs({ ...base, method: "CANCEL", sequence: 3, start }),
    );
    expect(cancel).toMatchObject({
      method: "CANCEL",
      uid: request.uid,
      sequence: 3,
      status: "CANCELLED",
    });
  });
});
