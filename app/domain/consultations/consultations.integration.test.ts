import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server.ts";
import { consultation, referral as referralTable } from "~/db/schema/index.ts";
import { actorOfDoctor } from "~/domain/doctor/doctor-queue.ts";
import type { DoctorActor, SystemActor } from "~/domain/kernel/actor.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { createScope, systemScope } from "~/domain/kernel/scope.ts";
import {
  findReferralByInvitationToken,
  issueInvitationToken,
} from "~/domain/referrals/invitations.server.ts";
import { testAdapters, withAdapters } from "~tests/support/adapters.ts";
import { auditEventsAbout } from "~tests/support/audit.ts";
import { readCalendar } from "~tests/support/calendar.ts";
import type { ConsultationTestDeps } from "~tests/support/consultations.ts";
import {
  bookConsultationForTest,
  createDoctorForTest,
  doctorScope,
  referralInReviewForTest,
  subjectScopeOf,
} from "~tests/support/consultations.ts";
import { recordingMailer } from "~tests/support/mail.ts";
import { employerScopeForTest } from "~tests/support/referrals.ts";
import { createTestDatabase } from "~tests/support/test-database.ts";
import { addDaysOff } from "./add-days-off.server.ts";
import { addWeeklyHours } from "./add-weekly-hours.server.ts";
import { readConsultationNotes, recordNoShow, saveConsultationNotes } from "./after-call.server.ts";
import { offerableSlots } from "./availability.server.ts";
import {
  bookedConsultationReferralIds,
  cancelConsultation,
  consultationsForDoctorCase,
  offerConsultation,
  openConsultationForReferral,
  pickConsultationTime,
  requestOtherTimes,
} from "./booking.server.ts";
import { parseIcs, parseIcsUtc } from "./ics.ts";
import { authoriseRoomJoin, ROOM_DOOR } from "./join.server.ts";
import { sendDueConsultationReminders } from "./reminders.server.ts";

let handle: DatabaseHandle;
let deps: ConsultationTestDeps;
const mailer = recordingMailer();
const sent = mailer.sent;
const testOrigin = { ip: null, requestId: "test" };

beforeAll(async () => {
  handle = await createTestDatabase();
  deps = {
    db: handle.db,
    adapters: testAdapters({ mailer, publicUrl: "https://referoh.example" }),
  };
});
afterAll(async () => handle.close());

// Monday 23 March 2026, 10:00 UTC: the week the clocks go forward.
const monday = new Date("2026-03-23T10:00:00Z");

async function doctorWithHours() {
  const doctor = await createDoctorForTest(handle.db);
  // Every weekday 09:00–12:00 London.
  for (let weekday = 1; weekday <= 5; weekday++)
    await addWeeklyHours(doctorScope(handle.db, doctor), {
      weekday,
      startMinute: 540,
      endMinute: 720,
    });
  return doctor;
}

/** The doctor acting at `now` (the tests' Monday unless said), with the recording adapters. */
function asDoctor(doctor: Parameters<typeof doctorScope>[1], now = monday) {
  return withAdapters(doctorScope(handle.db, doctor, now), deps.adapters);
}

/** A case in review assigned to this doctor, made on the tests' Monday. */
function caseInReviewWith(doctor: { userId: string }) {
  return referralInReviewForTest(handle.db, { doctorId: doctor.userId, now: monday });
}

/** The reminder job as it runs at `now`. */
function runRemindersAt(now: Date) {
  return sendDueConsultationReminders(
    withAdapters(systemScope(handle.db, "test", testAdapters(), { now }), deps.adapters),
  );
}

async function expectError(promise: Promise<unknown>, code: string) {
  await expect(promise).rejects.toBeInstanceOf(DomainError);
  await promise.catch((e: DomainError) => expect(e.code).toBe(code));
}

/** The scope of the person holding a link to this referral. */
async function subjectAt(referralId: string, now = new Date()) {
  const [r] = await handle.db
    .select({ id: referralTable.id, organisationId: referralTable.organisationId })
    .from(referralTable)
    .where(eq(referralTable.id, referralId));
  return subjectScopeOf(handle.db, r!, now);
}

/** The person holding a link to this referral, acting on the tests' Monday, with the recording adapters. */
async function asSubject(referralId: string) {
  return withAdapters(await subjectAt(referralId, monday), deps.adapters);
}

describe("consultation booking", () => {
  it("offers slots from the doctor's hours, less days off, across the March clock change", async () => {
    const doctor = await doctorWithHours();
    await addDaysOff(doctorScope(handle.db, doctor), {
      daysOff: { startDate: "2026-03-25", endDate: "2026-03-26" },
      label: "Leave",
    });
    const slots = await offerableSlots(doctorScope(handle.db, { userId: doctor.userId }, monday), {
      days: 8,
    });
    const iso = slots.map((s) => s.toISOString());
    expect(iso).not.toContain("2026-03-25T09:00:00.000Z");
    expect(iso).toContain("2026-03-24T09:00:00.000Z"); // GMT
    expect(iso).toContain("2026-03-30T08:00:00.000Z"); // BST: still 09:00 in London
    expect(iso[0]).toBe("2026-03-24T09:00:00.000Z"); // Monday's morning has passed the 2-hour notice
  });

  it("offer → pick → rebook by the subject → pick → cancel; e-mails and .ics follow", async () => {
    const doctor = await doctorWithHours();
    const { referral } = await caseInReviewWith(doctor);
    sent.length = 0;
    const times = [new Date("2026-03-27T09:00:00Z"), new Date("2026-03-30T08:00:00Z")];
    const offered = await offerConsultation(asDoctor(doctor), {
      referralId: referral.id,
      times,
    });
    expect(offered.status).toBe("offered");
    const offerMail = sent.find((m) => m.to === referral.subjectEmail)!;
    expect(offerMail.text).toContain("Friday 27 March 2026 at 09:00 (UK time)");
    expect(offerMail.text).toContain("Monday 30 March 2026 at 09:00 (UK time)");
    const link = /https:\/\/referoh\.example\/assessment\/([\w-]{43})\/consultation/.exec(
      offerMail.text,
    );
    expect(link).not.toBeNull();

    // The second offer is after the clock change: 09:00 London is 08:00 UTC in the .ics.
    const open = await openConsultationForReferral(await subjectAt(referral.id));
    sent.length = 0;
    const booked = await pickConsultationTime(await asSubject(referral.id), {
      consultationId: offered.id,
      offerId: open!.offers[1]!.id,
    });
    expect(booked.status).toBe("booked");
    expect(booked.startsAt?.toISOString()).toBe("2026-03-30T08:00:00.000Z");
    expect(sent.map((m) => m.to).sort()).toHaveLength(2);
    for (const mail of sent) {
      const ics = mail.attachments![0]!.content.replace(/\r\n /g, "");
      const dtstart = parseIcs(ics).find((p) => p.name === "DTSTART")!.value;
      expect(parseIcsUtc(dtstart).toISOString()).toBe("2026-03-30T08:00:00.000Z");
      expect(ics).toContain(`/consultation/${offered.id}`);
      expect(ics).not.toContain(referral.reason!.slice(0, 10));
      expect(mail.text).not.toContain(referral.reason!.slice(0, 10));
    }
    // A booked offer cannot be picked twice, nor a withdrawn one.
    await expectError(
      pickConsultationTime(await asSubject(referral.id), {
        consultationId: offered.id,
        offerId: open!.offers[0]!.id,
      }),
      "invalid_state",
    );

    // The employer sees only "booked", and only for their own organisation's referrals.
    const employerOf = (organisationId: string) =>
      employerScopeForTest(handle.db, { userId: "u1", organisationId, organisationName: "Ltd" });
    expect(
      await bookedConsultationReferralIds(employerOf(referral.organisationId), [referral.id]),
    ).toEqual(new Set([referral.id]));
    expect(await bookedConsultationReferralIds(employerOf("another-org"), [referral.id])).toEqual(
      new Set(),
    );

    // The subject rebooks: the time is released, the doctor is told, calendars get a CANCEL.
    sent.length = 0;
    const released = await requestOtherTimes(await asSubject(referral.id), offered.id);
    expect(released.status).toBe("times_requested");
    expect(released.startsAt).toBeNull();
    const doctorMail = sent[0]!;
    expect(doctorMail.subject).toContain("Other consultation times requested");
    expect(
      parseIcs(doctorMail.attachments![0]!.content).find((p) => p.name === "METHOD")!.value,
    ).toBe("CANCEL");
    // A second request changes nothing.
    await expectError(requestOtherTimes(await asSubject(referral.id), offered.id), "invalid_state");

    // The doctor offers again; the subject picks; the doctor then rebooks (offers new times).
    await offerConsultation(asDoctor(doctor), {
      referralId: referral.id,
      times: [new Date("2026-03-31T08:30:00Z")],
    });
    const again = await openConsultationForReferral(await subjectAt(referral.id));
    expect(again!.offers).toHaveLength(1);
    await pickConsultationTime(await asSubject(referral.id), {
      consultationId: offered.id,
      offerId: again!.offers[0]!.id,
    });
    sent.length = 0;
    const rebooked = await offerConsultation(asDoctor(doctor), {
      referralId: referral.id,
      times: [new Date("2026-04-01T08:00:00Z")],
    });
    expect(rebooked.id).toBe(offered.id);
    expect(rebooked.status).toBe("offered");
    expect(sent.find((m) => m.to === referral.subjectEmail)!.text).toContain(
      "needs to move your video consultation",
    );

    // Another subject's link cannot touch this consultation; the subject cancels.
    const other = await caseInReviewWith(doctor);
    await expectError(
      cancelConsultation(await asSubject(other.referral.id), offered.id),
      "not_found",
    );
    const cancelled = await cancelConsultation(await asSubject(referral.id), offered.id);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelledBy).toBe("subject");
    await expectError(cancelConsultation(asDoctor(doctor), offered.id), "invalid_state");
    // After a cancellation a new consultation can be offered.
    const next = await offerConsultation(
      withAdapters(
        doctorScope(handle.db, doctor, new Date(monday.getTime() + 60_000)),
        deps.adapters,
      ),
      { referralId: referral.id, times: [new Date("2026-04-02T08:00:00Z")] },
    );
    expect(next.id).not.toBe(offered.id);
    const view = await consultationsForDoctorCase(doctorScope(handle.db, doctor), referral.id);
    expect(view.consultations.map((c) => c.status)).toEqual(["offered", "cancelled"]);
  });

  it("gives each reader a calendar link that works for them; moves keep the UID with a higher SEQUENCE", async () => {
    const doctor = await doctorWithHours();
    const { referral } = await caseInReviewWith(doctor);
    const doorActor: SystemActor = { role: "system", name: ROOM_DOOR };
    const door = (now: Date) => createScope(handle.db, doorActor, testOrigin, testAdapters(), now);
    const doctorEmail = `${doctor.userId}@example.org`;
    /** Every calendar file sent since the last call, read by ical.js, with who it went to. */
    const calendars = () => {
      const found = sent.flatMap((m) =>
        (m.attachments ?? [])
          .filter((a) => a.filename.endsWith(".ics"))
          .map((a) => ({ to: m.to, text: m.text, ics: readCalendar(String(a.content)) })),
      );
      sent.length = 0;
      return found;
    };
    const tokenOf = (url: string | null) => new URL(url!).searchParams.get("token");

    sent.length = 0;
    const offered = await offerConsultation(asDoctor(doctor), {
      referralId: referral.id,
      times: [new Date("2026-03-24T09:00:00Z"), new Date("2026-03-26T10:00:00Z")],
    });
    expect(calendars()).toEqual([]);
    const pick = async (index: number) => {
      const open = await openConsultationForReferral(await subjectAt(referral.id));
      return pickConsultationTime(await asSubject(referral.id), {
        consultationId: offered.id,
        offerId: open!.offers[index]!.id,
      });
    };
    const first = await pick(0);
    const booked = calendars();
    expect(booked.map((c) => c.to).sort()).toEqual([doctorEmail, referral.subjectEmail].sort());
    const forSubject = booked.find((c) => c.to === referral.subjectEmail)!.ics;
    const forDoctor = booked.find((c) => c.to === doctorEmail)!.ics;
    // Every later change is the same calendar event (its UID) at a higher SEQUENCE.
    const expectSameEvent = (changed: typeof booked, method: string, sequence: number) => {
      for (const c of changed)
        expect(c.ics).toMatchObject({ method, uid: forDoctor.uid, sequence });
    };
    for (const ics of [forSubject, forDoctor]) {
      expect(ics).toMatchObject({
        method: "REQUEST",
        uid: `${offered.id}@referoh`,
        sequence: first.sequence,
        minutes: 30,
      });
      expect(ics.start.toISOString()).toBe("2026-03-24T09:00:00.000Z");
      expect(ics.attendees.sort()).toEqual(
        [`mailto:${doctorEmail}`, `mailto:${referral.subjectEmail}`].sort(),
      );
    }
    // The doctor's link is the bare room (they sign in); the person's carries a room token,
    // the same as the join button of their e-mail, and it is not an assessment link.
    expect(forDoctor.url).toBe(`https://referoh.example/consultation/${offered.id}`);
    const roomToken = tokenOf(forSubject.url);
    expect(roomToken).toMatch(/^[\w-]{43}$/);
    expect(booked.find((c) => c.to === referral.subjectEmail)!.text).toContain(forSubject.url!);
    const [stored] = await handle.db
      .select()
      .from(consultation)
      .where(eq(consultation.id, offered.id));
    expect(stored!.roomTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(roomToken!);

    // In a fresh browser (no session: the room's door) the token admits the person inside the
    // window, gives the time refusal before it, and opens no other consultation or case.
    const start = first.startsAt!.getTime();
    const joinAt = (at: number, token = roomToken, consultationId = offered.id) =>
      authoriseRoomJoin(door(new Date(at)), {
        consultationId,
        subjectToken: token,
        channel: "page",
      });
    expect(await joinAt(start - 10 * 60_000)).toMatchObject({ ok: true, role: "subject" });
    expect(await joinAt(start - 2 * 3_600_000)).toEqual({ ok: false, reason: "not_open" });
    expect(await joinAt(start + 95 * 60_000)).toEqual({ ok: false, reason: "refused" });
    const other = await caseInReviewWith(doctor);
    const otherBooked = await bookConsultationForTest(deps, {
      doctor,
      referralId: other.referral.id,
      startsAfter: new Date(start + 86_400_000),
    });
    sent.length = 0;
    expect(await joinAt(otherBooked.startsAt!.getTime(), roomToken, otherBooked.id)).toEqual({
      ok: false,
      reason: "refused",
    });
    expect((await findReferralByInvitationToken(handle.db, roomToken!, monday)).found).toBe(false);

    // The person asks for other times: both calendars get a CANCEL of the same event with a
    // higher SEQUENCE, and the old link stops working.
    const released = await requestOtherTimes(await asSubject(referral.id), offered.id);
    const releasedCalendars = calendars();
    expect(releasedCalendars.map((c) => c.to).sort()).toEqual(
      [doctorEmail, referral.subjectEmail].sort(),
    );
    for (const c of releasedCalendars) {
      expect(c.ics).toMatchObject({
        method: "CANCEL",
        status: "CANCELLED",
        uid: forDoctor.uid,
        sequence: released.sequence,
      });
      expect(c.ics.start.toISOString()).toBe("2026-03-24T09:00:00.000Z");
    }
    expect(releasedCalendars.find((c) => c.to === referral.subjectEmail)!.text).toContain(
      "as you asked for other times",
    );
    expect(released.sequence).toBeGreaterThan(first.sequence);

    // A new booking of the same consultation: the same UID, a higher SEQUENCE, a new token.
    await offerConsultation(asDoctor(doctor), {
      referralId: referral.id,
      times: [new Date("2026-03-25T09:30:00Z")],
    });
    calendars();
    const second = await pick(0);
    const rebooked = calendars();
    expect(rebooked).toHaveLength(2);
    expectSameEvent(rebooked, "REQUEST", second.sequence);
    expect(second.sequence).toBeGreaterThan(released.sequence);
    const newToken = tokenOf(rebooked.find((c) => c.to === referral.subjectEmail)!.ics.url);
    expect(newToken).not.toBe(roomToken);
    const secondStart = second.startsAt!.getTime();
    expect(await joinAt(secondStart, roomToken)).toEqual({ ok: false, reason: "refused" });
    expect(await joinAt(secondStart, newToken)).toMatchObject({ ok: true, role: "subject" });

    // The doctor moves it: both calendars get the CANCEL with a higher SEQUENCE.
    const moved = await offerConsultation(asDoctor(doctor), {
      referralId: referral.id,
      times: [new Date("2026-03-26T09:00:00Z")],
    });
    const movedCalendars = calendars();
    expect(movedCalendars.map((c) => c.to).sort()).toEqual(
      [doctorEmail, referral.subjectEmail].sort(),
    );
    expectSameEvent(movedCalendars, "CANCEL", moved.sequence);
    expect(moved.sequence).toBeGreaterThan(second.sequence);
    expect(await joinAt(secondStart, newToken)).toMatchObject({ ok: false });

    // Booked again, then cancelled by the doctor: a CANCEL to both, higher again.
    const third = await pick(0);
    calendars();
    const cancelled = await cancelConsultation(asDoctor(doctor), offered.id);
    const cancelCalendars = calendars();
    expect(cancelCalendars).toHaveLength(2);
    expectSameEvent(cancelCalendars, "CANCEL", cancelled.sequence);
    expect(cancelled.sequence).toBeGreaterThan(third.sequence);
    expect(cancelled.roomTokenHash).toBeNull();
  });

  it("refuses another doctor, a case not in review, and times outside the doctor's hours", async () => {
    const doctor = await doctorWithHours();
    const stranger = await doctorWithHours();
    const { referral } = await caseInReviewWith(doctor);
    const times = [new Date("2026-03-27T09:00:00Z")];
    await expectError(
      offerConsultation(asDoctor(stranger), {
        referralId: referral.id,
        times,
      }),
      "not_found",
    );
    await expectError(
      offerConsultation(asDoctor(doctor), {
        referralId: referral.id,
        times: [new Date("2026-03-27T15:00:00Z")],
      }),
      "conflict",
    );
    await expectError(
      offerConsultation(asDoctor(doctor), {
        referralId: referral.id,
        times: [],
      }),
      "invalid_input",
    );
    await expectError(
      consultationsForDoctorCase(doctorScope(handle.db, stranger), referral.id),
      "not_found",
    );
  });

  it("keeps two subjects from booking the same doctor at the same time", async () => {
    const doctor = await doctorWithHours();
    const a = await caseInReviewWith(doctor);
    const b = await caseInReviewWith(doctor);
    const time = [new Date("2026-03-27T10:00:00Z")];
    const ca = await offerConsultation(asDoctor(doctor), {
      referralId: a.referral.id,
      times: time,
    });
    const cb = await offerConsultation(asDoctor(doctor), {
      referralId: b.referral.id,
      times: time,
    });
    const oa = (await openConsultationForReferral(await subjectAt(a.referral.id)))!.offers[0]!;
    const ob = (await openConsultationForReferral(await subjectAt(b.referral.id)))!.offers[0]!;
    await pickConsultationTime(await asSubject(a.referral.id), {
      consultationId: ca.id,
      offerId: oa.id,
    });
    await expectError(
      pickConsultationTime(await asSubject(b.referral.id), {
        consultationId: cb.id,
        offerId: ob.id,
      }),
      "conflict",
    );
  });
});

describe("reminders", () => {
  it("sends the 24-hour and the 1-hour reminder once each, however often the job runs", async () => {
    const doctor = await doctorWithHours();
    const { referral } = await caseInReviewWith(doctor);
    const c = await offerConsultation(asDoctor(doctor), {
      referralId: referral.id,
      times: [new Date("2026-04-02T08:30:00Z")],
    });
    const offer = (await openConsultationForReferral(await subjectAt(referral.id)))!.offers[0]!;
    await pickConsultationTime(await asSubject(referral.id), {
      consultationId: c.id,
      offerId: offer.id,
    });
    // No other test books this time, so the counts below are this booking's alone.
    const start = new Date("2026-04-02T08:30:00Z");
    const at = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * 3_600_000);

    sent.length = 0;
    const early = await runRemindersAt(at(30));
    expect(sent.filter((m) => m.subject.startsWith("Reminder")).length).toBe(0);
    expect(early).toEqual({ sent24h: 0, sent1h: 0 });
    const first = await Promise.all([runRemindersAt(at(23)), runRemindersAt(at(23))]);
    expect(first.reduce((n, r) => n + r.sent24h, 0)).toBe(1);
    expect(await runRemindersAt(at(20))).toEqual({ sent24h: 0, sent1h: 0 });
    expect(await runRemindersAt(at(0.5))).toEqual({ sent24h: 0, sent1h: 1 });
    expect(await runRemindersAt(at(0.25))).toEqual({ sent24h: 0, sent1h: 0 });
    const reminders = sent.filter((m) => m.subject.startsWith("Reminder"));
    expect(reminders.map((m) => m.to).filter((to) => to === referral.subjectEmail)).toHaveLength(2);
    expect(reminders).toHaveLength(4);
  });
});

describe("an urgent case", () => {
  it("starts every e-mail to the doctor with URGENT, and none to the person", async () => {
    const doctor = await doctorWithHours();
    const { referral } = await caseInReviewWith(doctor);
    await handle.db
      .update(referralTable)
      .set({ urgent: true, urgentAt: monday })
      .where(eq(referralTable.id, referral.id));
    sent.length = 0;
    // A time no other test books, so the reminders below are this booking's alone.
    const start = new Date("2026-04-03T10:00:00Z");
    const c = await offerConsultation(asDoctor(doctor), {
      referralId: referral.id,
      times: [start],
    });
    const offer = (await openConsultationForReferral(await subjectAt(referral.id)))!.offers[0]!;
    await pickConsultationTime(await asSubject(referral.id), {
      consultationId: c.id,
      offerId: offer.id,
    });
    await runRemindersAt(new Date(start.getTime() - 20 * 3_600_000));
    await cancelConsultation(await asSubject(referral.id), c.id);
    const toDoctor = sent.filter((m) => m.to !== referral.subjectEmail);
    const toPerson = sent.filter((m) => m.to === referral.subjectEmail);
    // Booked, the 24-hour reminder and the cancellation, each to both sides.
    expect(toDoctor.map((m) => m.subject.split(/[:(]/)[0]!.trim())).toEqual([
      "URGENT Video consultation booked",
      "URGENT Reminder",
      "URGENT Video consultation cancelled",
    ]);
    expect(toPerson.length).toBeGreaterThanOrEqual(3);
    for (const mail of toPerson) expect(mail.subject).not.toContain("URGENT");
  });
});

describe("joining the room", () => {
  it("lets in only the assigned doctor and the subject's valid link, while the room is open", async () => {
    const doctor = await createDoctorForTest(handle.db);
    const stranger = await createDoctorForTest(handle.db, "Dr Other");
    const { referral, token } = await referralInReviewForTest(handle.db, {
      doctorId: doctor.userId,
    });
    const booked = await bookConsultationForTest(deps, { doctor, referralId: referral.id });
    const origin = { ip: null, requestId: "test" };
    const door: SystemActor = { role: "system", name: ROOM_DOOR };
    const join = (
      args: Partial<Parameters<typeof authoriseRoomJoin>[1]> & { actor?: DoctorActor },
      now = new Date(),
    ) => {
      const { actor, ...rest } = args;
      return authoriseRoomJoin(createScope(handle.db, actor ?? door, origin, testAdapters(), now), {
        consultationId: booked.id,
        channel: "signalling",
        ...rest,
      });
    };
    const asDoctor = (d: { userId: string }, twoFactorVerified = true): DoctorActor =>
      actorOfDoctor({ userId: d.userId, doctorActive: true, twoFactorVerified });

    expect(await join({ actor: asDoctor(doctor) })).toMatchObject({ ok: true, role: "doctor" });
    expect(await join({ subjectToken: token })).toMatchObject({ ok: true, role: "subject" });
    expect(await join({ actor: asDoctor(stranger) })).toEqual({ ok: false, reason: "refused" });
    expect(await join({ actor: asDoctor(doctor, false) })).toEqual({
      ok: false,
      reason: "refused",
    });
    expect(await join({})).toEqual({ ok: false, reason: "refused" });
    expect(await join({ subjectToken: "x".repeat(43) })).toEqual({ ok: false, reason: "refused" });
    // Another referral's valid link opens nothing here.
    const other = await referralInReviewForTest(handle.db, { doctorId: doctor.userId });
    expect(await join({ subjectToken: other.token })).toEqual({ ok: false, reason: "refused" });
    // An expired link: issued 15 days ago.
    const old = await issueInvitationToken(handle.db, {
      referralId: referral.id,
      invitedAt: new Date(Date.now() - 15 * 86_400_000),
    });
    expect(await join({ subjectToken: old.token })).toEqual({ ok: false, reason: "refused" });
    // Too early and too late.
    const start = booked.startsAt!.getTime();
    expect(await join({ actor: asDoctor(doctor) }, new Date(start - 2 * 3_600_000))).toEqual({
      ok: false,
      reason: "not_open",
    });
    expect(await join({ actor: asDoctor(doctor) }, new Date(start + 3 * 3_600_000))).toEqual({
      ok: false,
      reason: "closed",
    });
    expect(await join({ consultationId: "not-a-uuid", actor: asDoctor(doctor) })).toEqual({
      ok: false,
      reason: "refused",
    });

    const denied = await auditEventsAbout(handle.db, booked.id);
    expect(denied.some((e) => e.action === "consultation.join" && e.outcome === "denied")).toBe(
      true,
    );
    expect(JSON.stringify(denied)).not.toContain(token);
  });
});

describe("after the call", () => {
  it("saves audited notes, and records a no-show with new times offered", async () => {
    const doctor = await createDoctorForTest(handle.db);
    const { referral } = await referralInReviewForTest(handle.db, { doctorId: doctor.userId });
    const booked = await bookConsultationForTest(deps, { doctor, referralId: referral.id });
    const later = new Date(booked.startsAt!.getTime() + 40 * 60_000);
    const saved = await saveConsultationNotes(doctorScope(handle.db, doctor, later), {
      consultationId: booked.id,
      notes: "Discussed return to work; phased hours advised.",
    });
    expect(saved.status).toBe("completed");
    expect(await readConsultationNotes(doctorScope(handle.db, doctor), booked.id)).toContain(
      "phased hours",
    );
    const stranger = await createDoctorForTest(handle.db, "Dr Other");
    await expectError(
      readConsultationNotes(doctorScope(handle.db, stranger), booked.id),
      "not_found",
    );
    const audits = await auditEventsAbout(handle.db, booked.id);
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(["consultation.notes_saved", "consultation.notes_viewed"]),
    );
    expect(JSON.stringify(audits)).not.toContain("phased hours");

    // A second case: the subject does not come.
    const second = await referralInReviewForTest(handle.db, { doctorId: doctor.userId });
    const missed = await bookConsultationForTest(deps, { doctor, referralId: second.referral.id });
    await expectError(
      recordNoShow(asDoctor(doctor, later), {
        consultationId: missed.id,
        newTimes: [],
      }),
      "invalid_input",
    );
    await expectError(
      recordNoShow(
        withAdapters(
          doctorScope(handle.db, doctor, new Date(missed.startsAt!.getTime() - 60_000)),
          deps.adapters,
        ),
        {
          consultationId: missed.id,
          newTimes: [new Date(missed.startsAt!.getTime() + 86_400_000)],
        },
      ),
      "invalid_state",
    );
    sent.length = 0;
    const newTime = new Date(Math.ceil((Date.now() + 3 * 86_400_000) / 1_800_000) * 1_800_000);
    const { next } = await recordNoShow(
      withAdapters(
        doctorScope(
          handle.db,
          doctor,
          new Date(Math.max(Date.now(), missed.startsAt!.getTime() + 60_000)),
        ),
        deps.adapters,
      ),
      { consultationId: missed.id, newTimes: [newTime] },
    );
    const [row] = await handle.db.select().from(consultation).where(eq(consultation.id, missed.id));
    expect(row!.status).toBe("no_show");
    expect(next.status).toBe("offered");
    expect(sent.find((m) => m.to === second.referral.subjectEmail)!.text).toContain(
      "sorry we missed you",
    );
  });
});
