import ICAL from "ical.js";

/**
 * A calendar file as a real calendar reads it: Mozilla's ical.js (the parser inside Thunderbird),
 * not our own `parseIcs`, so a file that only our reader accepts fails the tests. Throws on a file
 * ical.js cannot parse or one that is not a single-event VCALENDAR.
 */
export function readCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  if (calendar.name !== "vcalendar") throw new Error(`Not a VCALENDAR: ${calendar.name}`);
  const events = calendar.getAllSubcomponents("vevent");
  if (events.length !== 1) throw new Error(`Expected one VEVENT, found ${events.length}`);
  const vevent = events[0]!;
  const event = new ICAL.Event(vevent);
  const text_ = (name: string) => {
    const value = vevent.getFirstPropertyValue(name);
    return value === null ? null : String(value);
  };
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    version: String(calendar.getFirstPropertyValue("version")),
    uid: event.uid,
    sequence: event.sequence,
    status: text_("status"),
    start: event.startDate.toJSDate(),
    minutes: (event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()) / 60_000,
    summary: event.summary,
    description: event.description,
    location: event.location,
    url: text_("url"),
    organizer: String(event.organizer),
    attendees: event.attendees.map((a) => String(a.getFirstValue())),
  };
}
