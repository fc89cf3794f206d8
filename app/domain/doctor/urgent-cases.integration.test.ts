import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { referral } from "~/db/schema/index.ts";
import { giveConsent } from "~/domain/assessments/give-consent.server.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { saveAnswers } from "~/domain/assessments/save-answers.server.ts";
import {
  SAFETY_REALERT_AFTER_MS,
  sendSafetyAlert,
  sendSafetyRealerts,
} from "~/domain/assessments/send-safety-alert.server.ts";
import type { SubjectActor } from "~/domain/kernel/actor.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { testAdapters, withAdapters } from "~tests/support/adapters.ts";
import { createInvitedReferralForTest, subjectScopeForTest } from "~tests/support/assessments.ts";
import { auditEventsAbout } from "~tests/support/audit.ts";
import { createDoctorForTest } from "~tests/support/consultations.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { scopeFor } from "~tests/support/doctor.ts";
import { recordingMailer } from "~tests/support/mail.ts";
import { referralRowForTest } from "~tests/support/referrals.ts";
import { listDoctorCases, parseDoctorListQuery } from "./doctor-cases.server.ts";
import { getDoctorCase } from "./get-doctor-case.server.ts";
import { notifyDoctorsOfSubmission } from "./notify-doctors.server.ts";
import { recordContactAttempt } from "./safety-contact.server.ts";

const database = testDatabaseForFile();
const mailer = recordingMailer();
const outbox = mailer.sent;
const jobs = { send: async () => "job-id" };
const alertJob = (now: Date) =>
  systemScope(
    database.db,
    "assessment-safety-alert",
    testAdapters({ mailer, publicUrl: "http://localhost:3000" }),
    { now },
  );
const alertDeps = () => ({
  mailer,
  onCallEmail: "oncall@referoh.test",
  publicUrl: "http://localhost:3000",
});

const createDoctor = (name: string, options?: { active?: boolean }) =>
  createDoctorForTest(database.db, name, options);

/** A management case the person has started: consent given, nothing sent. */
async function startedCase(): Promise<{ id: string; reference: string; link: SubjectActor }> {
  const { token, referral: r } = await createInvitedReferralForTest(database.db, {
    type: "management",
  });
  const opened = await openAssessmentLink(database.db, {
    token,
    origin: { ip: "10.1.1.1", requestId: randomUUID() },
  });
  if (!opened.ok) throw new Error("link refused");
  await giveConsent(subjectScopeForTest(database.db, opened.link));
  await database.db
    .update(referral)
    .set({ subjectPhone: "+447911123456" })
    .where(eq(referral.id, r.id));
  return { id: r.id, reference: r.reference, link: opened.link };
}

/** The person ticks mental health on the categories page, as every urgent-answer case here begins. */
async function nameMentalHealth(link: SubjectActor, now?: Date) {
  await saveAnswers(
    withAdapters(subjectScopeForTest(database.db, link, now ? { now } : undefined), { jobs }),
    { step: "condition.categories", answers: { "condition.categories": ["mental-health"] } },
  );
}

const row = (id: string) => referralRowForTest(database.db, id);

describe("an urgent answer raises the case at once", () => {
  it("puts an unsent case at the top of every doctor's queue with the time since the flag and the way to reach the person", async () => {
    const holderless = await createDoctor("Dr Second");
    const quiet = await startedCase();
    const c = await startedCase();
    const flaggedAt = new Date(Date.now() - 12 * 60_000);
    await nameMentalHealth(c.link, flaggedAt);
    const flagged = await saveAnswers(
      withAdapters(subjectScopeForTest(database.db, c.link, { now: flaggedAt }), { jobs }),
      { step: "phq9.9", answers: { "phq9.9": "2" } },
    );
    expect(flagged).toMatchObject({ ok: true, raisedUrgent: true });
    // Same transaction as the answer: the referral is urgent, with the time, still in progress.
    expect(await row(c.id)).toMatchObject({
      status: "in_progress",
      urgent: true,
      urgentAt: flaggedAt,
      safetyContactedAt: null,
    });

    const list = await listDoctorCases(
      scopeFor(database.db, holderless),
      parseDoctorListQuery(new URLSearchParams()),
    );
    expect(list.rows[0]).toMatchObject({
      id: c.id,
      status: "in_progress",
      urgentOpen: true,
      contacted: false,
      flagAge: "Flagged 12 minutes ago",
      contact: {
        email: "jo.bloggs@example.org",
        phone: "+447911123456",
        phoneDisplay: "+44 7911 123456",
      },
    });
    expect(list.rows.map((r) => r.id)).not.toContain(quiet.id);
    expect(list.counts).toMatchObject({ urgent: 1, urgentNotContacted: 1 });

    const detail = await getDoctorCase(scopeFor(database.db, holderless), {
      referralId: c.id,
      purpose: "queue",
    });
    expect(detail).toMatchObject({
      access: "urgent",
      urgentOpen: true,
      contact: {
        email: "jo.bloggs@example.org",
        phone: "+447911123456",
        phoneDisplay: "+44 7911 123456",
      },
      draft: null,
      contactAttempts: [],
    });
    expect(detail.safety?.level).toBe("urgent");
    const reads = await auditEventsAbout(database.db, c.id, "doctor.contact_details_read");
    expect(reads.map((e) => e.actorId)).toEqual([holderless.userId, holderless.userId]);
    expect(JSON.stringify(reads)).not.toContain("7911");
  });

  it("raises urgent from free text that says it indirectly", async () => {
    const c = await startedCase();
    await nameMentalHealth(c.link);
    const result = await saveAnswers(
      withAdapters(subjectScopeForTest(database.db, c.link), { jobs }),
      {
        step: "condition.description",
        answers: { "condition.description": "Honestly everyone would be better off without me" },
      },
    );
    expect(result).toMatchObject({ ok: true, raisedUrgent: true });
    expect((await row(c.id)).urgent).toBe(true);
  });
});

describe("the safety contact log and the re-alert", () => {
  it("keeps 'not yet contacted' until a successful attempt, and e-mails the on-call again every 2 hours until then", async () => {
    const doctor = await createDoctor("Dr Contact");
    const c = await startedCase();
    const t0 = new Date(Date.now() - 5 * 3_600_000);
    await nameMentalHealth(c.link, t0);
    await saveAnswers(
      withAdapters(subjectScopeForTest(database.db, c.link, { now: t0 }), { jobs }),
      { step: "phq9.9", answers: { "phq9.9": "3" } },
    );
    const mark = outbox.length;
    expect(await sendSafetyAlert(alertJob(t0), alertDeps(), { referralId: c.id })).toBe("sent");
    expect(outbox.at(-1)?.subject).toMatch(/^URGENT /);
    expect((await row(c.id)).safetyLastAlertAt).toEqual(t0);

    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(
      await sendSafetyRealerts(alertJob(at(SAFETY_REALERT_AFTER_MS - 60_000)), alertDeps()),
    ).toBe(0);
    expect(
      await sendSafetyRealerts(alertJob(at(SAFETY_REALERT_AFTER_MS + 60_000)), alertDeps()),
    ).toBe(1);
    // A second run (another process) at the same moment sends nothing more.
    expect(
      await sendSafetyRealerts(alertJob(at(SAFETY_REALERT_AFTER_MS + 60_000)), alertDeps()),
    ).toBe(0);
    const realert = outbox.slice(mark + 1);
    expect(realert).toHaveLength(1);
    expect(realert[0]).toMatchObject({ to: "oncall@referoh.test" });
    expect(realert[0]?.subject).toBe(`URGENT not yet contacted: ${c.reference}`);
    expect(realert[0]?.text).not.toMatch(/PHQ|more than half|nearly every day/i);

    // A future time and an unknown outcome are refused with messages; nothing is stored.
    const refused = await recordContactAttempt(scopeFor(database.db, doctor), {
      referralId: c.id,
      input: { method: "phone", outcome: "maybe", attemptedAt: "2999-01-01T10:00" },
    });
    expect(refused).toMatchObject({ ok: false });
    if (!refused.ok)
      expect(Object.keys(refused.fieldErrors).sort()).toEqual(["attemptedAt", "outcome"]);

    const missed = await recordContactAttempt(
      scopeFor(database.db, doctor, at(SAFETY_REALERT_AFTER_MS + 120_000)),
      {
        referralId: c.id,
        input: { method: "phone", outcome: "no_answer", note: "Voicemail full" },
      },
    );
    expect(missed).toEqual({ ok: true, contacted: false });
    expect((await row(c.id)).safetyContactedAt).toBeNull();
    expect(
      await sendSafetyRealerts(alertJob(at(2 * SAFETY_REALERT_AFTER_MS + 120_000)), alertDeps()),
    ).toBe(1);

    const reachedAt = at(2 * SAFETY_REALERT_AFTER_MS + 300_000);
    const reached = await recordContactAttempt(scopeFor(database.db, doctor, reachedAt), {
      referralId: c.id,
      input: { method: "phone", outcome: "reached", note: "Safe tonight; GP tomorrow" },
    });
    expect(reached).toEqual({ ok: true, contacted: true });
    expect((await row(c.id)).safetyContactedAt).toEqual(reachedAt);
    expect(await sendSafetyRealerts(alertJob(at(5 * SAFETY_REALERT_AFTER_MS)), alertDeps())).toBe(
      0,
    );

    const detail = await getDoctorCase(scopeFor(database.db, doctor), {
      referralId: c.id,
      purpose: "queue",
    });
    expect(detail.contactAttempts.map((a) => [a.outcome, a.note, a.doctorName])).toEqual([
      ["reached", "Safe tonight; GP tomorrow", "Dr Contact"],
      ["no_answer", "Voicemail full", "Dr Contact"],
    ]);
    const audited = await auditEventsAbout(database.db, c.id, "doctor.safety_contact_attempt");
    expect(audited).toHaveLength(2);
    expect(JSON.stringify(audited)).not.toMatch(/Voicemail|GP tomorrow/);

    // Once reached, the case is no longer counted as "not yet contacted".
    const list = await listDoctorCases(
      scopeFor(database.db, doctor),
      parseDoctorListQuery(new URLSearchParams(`q=${c.reference}`)),
    );
    expect(list.rows[0]).toMatchObject({ id: c.id, contacted: true, contact: null });
  });

  it("refuses a contact log on a case without an urgent flag", async () => {
    const doctor = await createDoctor("Dr Calm");
    const c = await startedCase();
    await expect(
      recordContactAttempt(scopeFor(database.db, doctor), {
        referralId: c.id,
        input: { method: "phone", outcome: "reached" },
      }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});

/** The case as its person submits it with the urgent flag already raised. */
async function submitUrgent(referralId: string) {
  await database.db
    .update(referral)
    .set({ status: "submitted", urgent: true, submittedAt: new Date() })
    .where(eq(referral.id, referralId));
}

/** The e-mails the doctors get when the case reaches their queue. */
async function doctorNotificationsOf(referralId: string) {
  const mark = outbox.length;
  await notifyDoctorsOfSubmission(
    withAdapters(systemScope(database.db, "test", testAdapters()), {
      mailer,
      publicUrl: "http://localhost:3000",
    }),
    { referralId },
  );
  return outbox.slice(mark);
}

describe("doctor notifications of an urgent case", () => {
  it("start with URGENT and carry no health detail", async () => {
    await createDoctor("Dr Inbox");
    const c = await startedCase();
    await submitUrgent(c.id);
    const mails = await doctorNotificationsOf(c.id);
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) {
      expect(m.subject).toBe(`URGENT New case ready for review: ${c.reference}`);
      expect(m.text).not.toMatch(/PHQ|low mood|better off/i);
      expect(m.text).toContain("please contact the person today");
    }
  });

  it("once a doctor has recorded reaching the person, the queue e-mail says so instead of asking for a call", async () => {
    const doctor = await createDoctor("Dr Reached");
    const c = await startedCase();
    await submitUrgent(c.id);
    const reachedAt = new Date("2026-03-10T14:05:00Z");
    const reached = await recordContactAttempt(scopeFor(database.db, doctor, reachedAt), {
      referralId: c.id,
      input: { method: "phone", outcome: "reached", note: "" },
    });
    expect(reached).toMatchObject({ ok: true, contacted: true });
    const mails = await doctorNotificationsOf(c.id);
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) {
      expect(m.subject).toBe(`URGENT New case ready for review: ${c.reference}`);
      expect(m.text).not.toContain("please contact the person today");
      expect(m.text).toContain("A doctor reached the person on 10 March 2026 at 14:05");
    }
  });
});
