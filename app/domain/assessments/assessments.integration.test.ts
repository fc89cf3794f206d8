import fs from "node:fs";
import path from "node:path";
import { addDays, addMinutes } from "date-fns";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  assessmentConsent,
  auditEvent,
  draftReport,
  questionnaireDefinition,
  questionnaireResponse,
  questionnaireResponseDefinition,
  referral,
  referralActivity,
} from "~/db/schema/index.ts";
import type { SubjectActor } from "~/domain/kernel/actor.ts";
import { rateLimits } from "~/domain/kernel/rate-limit.server.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { cancelReferral } from "~/domain/referrals/cancel-referral.server.ts";
import { testAdapters, withAdapters } from "~tests/support/adapters.ts";
import { createInvitedReferralForTest, subjectScopeForTest } from "~tests/support/assessments.ts";
import { auditEventsAbout } from "~tests/support/audit.ts";
import { tempDirForFile, testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { fileOutboxMailer } from "~tests/support/mail.ts";
import { employerScopeForTest } from "~tests/support/referrals.ts";
import { CONSENT_VERSION } from "./consent-notice.ts";
import { declineConsent } from "./decline-consent.server.ts";
import { draftAssessmentReport } from "./draft-assessment-report.server.ts";
import { giveConsent } from "./give-consent.server.ts";
import { loadResponse } from "./load-response.server.ts";
import { openAssessmentLink } from "./open-assessment-link.server.ts";
import { SAFETY_ALERT_JOB, saveAnswers } from "./save-answers.server.ts";
import { sendSafetyAlert } from "./send-safety-alert.server.ts";
import { findStalledAssessments } from "./stalled-assessments.server.ts";
import { DRAFT_JOB, submitAssessment } from "./submit-assessment.server.ts";

const database = testDatabaseForFile();
const dataDir = tempDirForFile("referoh-assess-");
const publicUrl = "http://localhost:3000";
const sent: { name: string; data: object }[] = [];
const jobs = {
  async send(name: string, data: object) {
    sent.push({ name, data });
    return "job-id";
  },
};
let ipCounter = 0;
/** A fresh client address per test, so the link throttle of one test never affects another. */
function origin() {
  ipCounter += 1;
  return {
    ip: `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
    requestId: `req-${ipCounter}`,
  };
}

async function open(token: string, now?: Date): Promise<SubjectActor> {
  const opened = await openAssessmentLink(database.db, { token, origin: origin(), now });
  if (!opened.ok) throw new Error(`link refused: ${opened.reason}`);
  return opened.link;
}

/** The pre-employment check most tests walk through: an office job, so the DSE module applies. */
const officeWorkerCheck = { type: "pre_employment", jobRole: "Office Worker" } as const;

/** A new invitation, opened: its token, the subject's link to act with, and the referral. */
async function openInvitation(input: Parameters<typeof createInvitedReferralForTest>[1]) {
  const { token, referral } = await createInvitedReferralForTest(database.db, input);
  return { token, link: await open(token), referral };
}

async function referralRow(id: string) {
  const [row] = await database.db.select().from(referral).where(eq(referral.id, id));
  return row!;
}

// A complete pre-employment answer set for an office worker (core, screen work, adjustments).
const officeCore = {
  "core.condition": "false",
  "core.treatment": "false",
  "core.mental-health": "false",
  "core.work-related": "false",
};
const officeDse = {
  "dse.eyes": "false",
  "dse.musculoskeletal": "false",
  "dse.equipment": "false",
};
const officeAdjustments = {
  "adjustments.needed": "no",
  "adjustments.speak-to-doctor": "false",
};

/** The follow-up job's scope at `now`. */
const followUp = (now: Date) =>
  systemScope(database.db, "assessment-follow-up", testAdapters(), { now });
/** The test looking at what was stored, as the system would. */
const inspector = () => systemScope(database.db, "test-inspection", testAdapters());

describe("opening a link", () => {
  it("records lastOpenedAt and audits the visit, without the token", async () => {
    const {
      token,
      link,
      referral: r,
    } = await openInvitation({
      type: "pre_employment",
    });
    expect(link.referralId).toBe(r.id);
    const events = await auditEventsAbout(database.db, r.id, "assessment.link_open");
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain(token);
  });

  it("refuses tampered, expired and revoked links with neutral reasons", async () => {
    const {
      token,
      referral: r,
      actor,
    } = await createInvitedReferralForTest(database.db, {
      type: "pre_employment",
    });
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await openAssessmentLink(database.db, { token: tampered, origin: origin() })).toEqual({
      ok: false,
      reason: "unknown",
    });
    expect(await openAssessmentLink(database.db, { token: "nonsense", origin: origin() })).toEqual({
      ok: false,
      reason: "unknown",
    });
    expect(
      await openAssessmentLink(database.db, {
        token,
        origin: origin(),
        now: addDays(new Date(), 15),
      }),
    ).toEqual({ ok: false, reason: "gone" });
    await cancelReferral(employerScopeForTest(database.db, actor), r.id);
    expect(await openAssessmentLink(database.db, { token, origin: origin() })).toEqual({
      ok: false,
      reason: "gone",
    });
  });

  it("throttles a client after too many failed tries, even for a good link", async () => {
    const { token } = await createInvitedReferralForTest(database.db, { type: "pre_employment" });
    const client = { ip: "192.0.2.77", requestId: "r" };
    for (let i = 0; i < rateLimits.assessmentLink.max; i++)
      await openAssessmentLink(database.db, { token: `x${i}`.padEnd(43, "x"), origin: client });
    expect(await openAssessmentLink(database.db, { token, origin: client })).toEqual({
      ok: false,
      reason: "throttled",
    });
    // Another client is unaffected; the first is let in again when the window ends.
    expect((await openAssessmentLink(database.db, { token, origin: origin() })).ok).toBe(true);
    const later = new Date(Date.now() + 16 * 60 * 1000);
    expect((await openAssessmentLink(database.db, { token, origin: client, now: later })).ok).toBe(
      true,
    );
  });
});

describe("consent", () => {
  it("given: records the version and time, starts the response and moves the referral to in progress", async () => {
    const { link, referral: r } = await openInvitation(officeWorkerCheck);
    const now = new Date("2026-06-01T09:00:00Z");
    const { cursor } = await giveConsent(
      subjectScopeForTest(database.db, link, { now, origin: origin() }),
    );
    expect(cursor).toBe("core");
    const row = await referralRow(r.id);
    expect(row.status).toBe("in_progress");
    expect(row.startedAt?.toISOString()).toBe(now.toISOString());
    const consents = await database.db
      .select()
      .from(assessmentConsent)
      .where(eq(assessmentConsent.referralId, r.id));
    expect(consents).toMatchObject([
      { decision: "given", consentVersion: CONSENT_VERSION, invitationId: link.invitationId },
    ]);
    const response = await loadResponse(database.db, inspector(), r.id);
    expect(response).toMatchObject({ status: "in-progress", cursor: "core", answers: {} });
    expect(response?.derivedFrom).toContain(
      "urn:referoh:questionnaire:pre-employment-display-screen|1",
    );
    // The response references the stored rows of exactly the published versions it was built from.
    const linked = await database.db
      .select({ url: questionnaireDefinition.url, version: questionnaireDefinition.version })
      .from(questionnaireResponseDefinition)
      .innerJoin(
        questionnaireDefinition,
        eq(questionnaireDefinition.id, questionnaireResponseDefinition.definitionId),
      )
      .innerJoin(
        questionnaireResponse,
        eq(questionnaireResponse.id, questionnaireResponseDefinition.responseId),
      )
      .where(eq(questionnaireResponse.referralId, r.id));
    expect(linked.map((d) => `${d.url}|${d.version}`).sort()).toEqual(
      [...(response?.derivedFrom ?? [])].sort(),
    );
    // A second consent (another tab) is refused by the state machine.
    await expect(giveConsent(subjectScopeForTest(database.db, link))).rejects.toMatchObject({
      code: "invalid_state",
    });
  });

  it("moves the referral through the kernel's transition: timeline row and audit event with the move", async () => {
    const { link, referral: r } = await openInvitation(officeWorkerCheck);
    await giveConsent(subjectScopeForTest(database.db, link, { origin: origin() }), {
      phone: "+447911123456",
    });
    const activity = await database.db
      .select({ kind: referralActivity.kind, actorId: referralActivity.actorId })
      .from(referralActivity)
      .where(eq(referralActivity.referralId, r.id));
    expect(activity).toContainEqual({ kind: "started", actorId: null });
    const [event] = await auditEventsAbout(database.db, r.id, "assessment.consent_given");
    expect(event).toMatchObject({
      actorId: `subject:${r.id}`,
      actorRole: "subject",
      objectType: "referral",
      details: { from: "invited", to: "in_progress", consentVersion: CONSENT_VERSION },
    });
    // The number is never in the audit trail, only that it changed.
    expect(JSON.stringify(event?.details)).not.toContain("7911");
  });

  it("acts on the link's own referral only: another organisation's, or another role, is not found", async () => {
    const { token } = await createInvitedReferralForTest(database.db, { type: "management" });
    const other = await createInvitedReferralForTest(database.db, { type: "management" });
    const link = await open(token);
    // Another organisation's referral id under this link's organisation: the visibility builder
    // requires both to match, so nothing is read and nothing moves.
    const forged = { ...link, referralId: other.referral.id };
    await expect(giveConsent(subjectScopeForTest(database.db, forged))).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await referralRow(other.referral.id)).status).toBe("invited");
    const notSubject = {
      ...subjectScopeForTest(database.db, link),
      actor: { role: "system" as const, name: "test" },
    };
    await expect(declineConsent(withAdapters(notSubject, { publicUrl }))).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await referralRow(link.referralId)).status).toBe("invited");
  });

  it("declined: ends the case with no response, and tells the employer only that it could not go ahead", async () => {
    const { link, referral: r } = await openInvitation({
      type: "management",
    });
    // The management referral's 4 credits go back: no doctor worked on it.
    expect(
      await declineConsent(
        subjectScopeForTest(database.db, link, {
          origin: origin(),
          adapters: testAdapters({ publicUrl }),
        }),
      ),
    ).toEqual({
      decision: "declined",
      referralId: r.id,
      creditsReturned: 4,
      order: { outcome: "none" },
      // The employer's notice, written with the decline (none here: the test organisation has
      // no members to tell).
      notice: [],
    });
    expect((await referralRow(r.id)).status).toBe("declined");
    expect(await loadResponse(database.db, inspector(), r.id)).toBeNull();
    const activity = await database.db
      .select({ kind: referralActivity.kind })
      .from(referralActivity)
      .where(eq(referralActivity.referralId, r.id));
    expect(activity.map((a) => a.kind)).toContain("declined");
    await expect(giveConsent(subjectScopeForTest(database.db, link))).rejects.toMatchObject({
      code: "invalid_state",
    });
  });

  it("stopping after starting erases the saved answers", async () => {
    const { link, referral: r } = await openInvitation(officeWorkerCheck);
    await giveConsent(subjectScopeForTest(database.db, link));
    await saveAnswers(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
      step: "core",
      answers: officeCore,
    });
    expect(
      await declineConsent(withAdapters(subjectScopeForTest(database.db, link), { publicUrl })),
    ).toMatchObject({
      decision: "withdrawn",
      creditsReturned: 1,
    });
    expect(await loadResponse(database.db, inspector(), r.id)).toBeNull();
  });
});

describe("save, resume and submit (pre-employment)", () => {
  it("saves each page, resumes where it left off, validates in full on submit and starts the SLA clock", async () => {
    const { token, link, referral: r } = await openInvitation(officeWorkerCheck);
    await expect(
      saveAnswers(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
        step: "core",
        answers: officeCore,
      }),
    ).rejects.toMatchObject({ code: "invalid_state" });
    await giveConsent(subjectScopeForTest(database.db, link));

    // An answer that opens a follow-up keeps the person on the page.
    const opened = await saveAnswers(
      withAdapters(subjectScopeForTest(database.db, link), { jobs }),
      { step: "core", answers: { ...officeCore, "core.condition": "true" } },
    );
    expect(opened).toMatchObject({ ok: true, cursor: "core", incomplete: [] });
    // Shown and left blank: reported, and still saved.
    const blank = await saveAnswers(
      withAdapters(subjectScopeForTest(database.db, link), { jobs }),
      {
        step: "core",
        answers: {
          ...officeCore,
          "core.condition": "true",
          "core.condition.details": "",
          "core.condition.effect": "",
        },
      },
    );
    expect(blank).toMatchObject({
      ok: true,
      cursor: "core",
      incomplete: ["core.condition.details", "core.condition.effect"],
    });
    // Changing the gate answer drops the follow-up and moves on.
    const saved = await saveAnswers(
      withAdapters(subjectScopeForTest(database.db, link), { jobs }),
      { step: "core", answers: officeCore },
    );
    expect(saved).toMatchObject({ ok: true, cursor: "dse", safety: { level: "none" } });

    // Resume: a new open of the same link (another browser) finds the answers and the cursor.
    await open(token);
    const resumed = await loadResponse(database.db, inspector(), r.id);
    expect(resumed?.cursor).toBe("dse");
    expect(resumed?.answers).toEqual({
      "core.condition": false,
      "core.treatment": false,
      "core.mental-health": false,
      "core.work-related": false,
    });

    // An invalid answer is refused and nothing is saved.
    const invalid = await saveAnswers(
      withAdapters(subjectScopeForTest(database.db, link), { jobs }),
      { step: "dse", answers: { ...officeDse, "dse.eyes": "maybe" } },
    );
    expect(invalid.ok).toBe(false);
    // A question from another page is refused.
    const elsewhere = await saveAnswers(
      withAdapters(subjectScopeForTest(database.db, link), { jobs }),
      { step: "dse", answers: { "core.condition": "true" } },
    );
    expect(elsewhere.ok).toBe(false);

    // Submitting before everything is answered lists what is missing.
    const early = await submitAssessment(
      withAdapters(subjectScopeForTest(database.db, link), { jobs }),
    );
    expect(early.ok).toBe(false);
    if (!early.ok) expect(early.issues.map((i) => i.linkId)).toContain("dse.eyes");

    await saveAnswers(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
      step: "dse",
      answers: officeDse,
    });
    const last = await saveAnswers(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
      step: "adjustments",
      answers: officeAdjustments,
    });
    expect(last).toMatchObject({ ok: true, cursor: "review" });

    const now = new Date("2026-06-02T10:00:00Z");
    const submitted = await submitAssessment(
      withAdapters(subjectScopeForTest(database.db, link, { now }), { jobs }),
    );
    expect(submitted).toMatchObject({ ok: true });
    const row = await referralRow(r.id);
    expect(row.status).toBe("submitted");
    expect(row.submittedAt?.toISOString()).toBe(now.toISOString());
    expect(row.slaDueAt?.toISOString()).toBe("2026-06-04T10:00:00.000Z");
    const response = await loadResponse(database.db, inspector(), r.id);
    expect(response).toMatchObject({ status: "completed" });
    expect(response?.transcript.length).toBeGreaterThan(0);
    const job = sent.find(
      (j) => j.name === DRAFT_JOB && (j.data as { responseId: string }).responseId === response?.id,
    );
    expect(job).toBeDefined();

    // Nothing moves after submission.
    await expect(
      saveAnswers(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
        step: "dse",
        answers: officeDse,
      }),
    ).rejects.toMatchObject({ code: "invalid_state" });
    await expect(
      submitAssessment(withAdapters(subjectScopeForTest(database.db, link), { jobs })),
    ).rejects.toMatchObject({
      code: "invalid_state",
    });
    await expect(
      declineConsent(withAdapters(subjectScopeForTest(database.db, link), { publicUrl })),
    ).rejects.toMatchObject({
      code: "invalid_state",
    });

    // Had that job been lost, the follow-up finds the response once the job is overdue.
    const undrafted = async (at: Date) =>
      (await findStalledAssessments(followUp(at))).undraftedResponseIds;
    expect(await undrafted(addMinutes(now, 5))).not.toContain(response!.id);
    expect(await undrafted(addMinutes(now, 11))).toContain(response!.id);
    expect(await undrafted(addDays(now, 15))).not.toContain(response!.id);

    // What the draft causes is written in its transaction: if that fails, there is no draft
    // either, and the job's retry makes both.
    await expect(
      draftAssessmentReport(systemScope(database.db, "assessment-draft", testAdapters()), {
        responseId: response!.id,
        onCreated: async () => {
          throw new Error("the queue is gone");
        },
      }),
    ).rejects.toThrow("the queue is gone");
    expect(
      await database.db.select().from(draftReport).where(eq(draftReport.referralId, r.id)),
    ).toHaveLength(0);

    // The draft job stores the rules drafter's draft, once, however often it runs, and what it
    // causes happens once.
    const caused: string[] = [];
    const onCreated = async (_tx: unknown, draft: { id: string }) => {
      caused.push(draft.id);
    };
    const first = await draftAssessmentReport(
      systemScope(database.db, "assessment-draft", testAdapters()),
      {
        responseId: response!.id,
        onCreated,
      },
    );
    expect(first?.created).toBe(true);
    expect(caused).toEqual([first?.draft.id]);
    expect(first?.draft.draft.referralType).toBe("pre_employment");
    expect(first?.draft.draft.outcome?.suggested).toBe("fit");
    const again = await draftAssessmentReport(
      systemScope(database.db, "assessment-draft", testAdapters()),
      {
        responseId: response!.id,
        onCreated,
      },
    );
    expect(again).toMatchObject({ created: false, draft: { id: first?.draft.id } });
    expect(caused).toHaveLength(1);
    expect(await undrafted(addMinutes(now, 11))).not.toContain(response!.id);
    const drafts = await database.db
      .select()
      .from(draftReport)
      .where(eq(draftReport.referralId, r.id));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ drafterId: "rules", drafterModel: "rules" });
  });

  it("gives members a 24-hour SLA", async () => {
    const { link, referral: r } = await openInvitation({
      type: "pre_employment",
      jobRole: "Office Worker",
      memberTurnaround: true,
    });
    await giveConsent(subjectScopeForTest(database.db, link));
    for (const [step, answers] of [
      ["core", officeCore],
      ["dse", officeDse],
      ["adjustments", officeAdjustments],
    ] as const)
      await saveAnswers(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
        step,
        answers,
      });
    const now = new Date("2026-06-02T10:00:00Z");
    await submitAssessment(withAdapters(subjectScopeForTest(database.db, link, { now }), { jobs }));
    expect((await referralRow(r.id)).slaDueAt?.toISOString()).toBe("2026-06-03T10:00:00.000Z");
  });

  it("does not draft a response that was never completed", async () => {
    const { link, referral: r } = await openInvitation({
      type: "pre_employment",
    });
    await giveConsent(subjectScopeForTest(database.db, link));
    const response = await loadResponse(database.db, inspector(), r.id);
    expect(
      await draftAssessmentReport(systemScope(database.db, "assessment-draft", testAdapters()), {
        responseId: response!.id,
      }),
    ).toBeNull();
  });
});

describe("safety (management guided assessment)", () => {
  it("PHQ-9 item 9 above 0 flags the case urgent and e-mails the on-call without any answers", async () => {
    const {
      token,
      link,
      referral: r,
    } = await openInvitation({
      type: "management",
    });
    await giveConsent(subjectScopeForTest(database.db, link));
    const planted = "PLANTED-ANSWER-7f3a: panic on the night bus";
    await saveAnswers(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
      step: "condition.categories",
      answers: { "condition.categories": ["mental-health"] },
    });
    await saveAnswers(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
      step: "condition.description",
      answers: { "condition.description": planted },
    });
    const before = sent.length;
    const flagged = await saveAnswers(
      withAdapters(subjectScopeForTest(database.db, link), { jobs }),
      { step: "phq9.9", answers: { "phq9.9": "2" } },
    );
    expect(flagged).toMatchObject({
      ok: true,
      raisedUrgent: true,
      safety: { level: "urgent", showCrisisSupport: true },
    });
    expect((await referralRow(r.id)).urgent).toBe(true);
    expect(sent.slice(before)).toEqual([{ name: SAFETY_ALERT_JOB, data: { referralId: r.id } }]);

    // The flag is sticky: changing the answer back does not clear it, and no second alert is queued.
    const changed = await saveAnswers(
      withAdapters(subjectScopeForTest(database.db, link), { jobs }),
      { step: "phq9.9", answers: { "phq9.9": "0" } },
    );
    expect(changed).toMatchObject({ ok: true, raisedUrgent: false, safety: { level: "urgent" } });
    expect(sent.length).toBe(before + 1);

    const mailer = fileOutboxMailer(dataDir());
    const deps = {
      mailer,
      onCallEmail: "clinical-oncall@referoh.test",
      publicUrl: "http://localhost:3000",
    };
    // Had the alert job been lost, the follow-up finds the case a couple of minutes on.
    const unalerted = async (at: Date) =>
      (await findStalledAssessments(followUp(at))).unalertedReferralIds;
    expect(await unalerted(new Date())).not.toContain(r.id);
    expect(await unalerted(addMinutes(new Date(), 3))).toContain(r.id);
    const alertJob = systemScope(database.db, "assessment-safety-alert", testAdapters());
    expect(await sendSafetyAlert(withAdapters(alertJob, deps), deps, { referralId: r.id })).toBe(
      "sent",
    );
    expect(await sendSafetyAlert(withAdapters(alertJob, deps), deps, { referralId: r.id })).toBe(
      "already_sent",
    );
    expect(await unalerted(addMinutes(new Date(), 3))).not.toContain(r.id);
    const files = fs.readdirSync(path.join(dataDir(), "mail")).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const raw = fs
      .readFileSync(path.join(dataDir(), "mail", files[0]!), "utf8")
      .replace(/=\r?\n/g, "");
    expect(raw).toMatch(/^To: clinical-oncall@referoh\.test$/m);
    expect(raw).toContain(r.reference);
    expect(raw).toContain("http://localhost:3000/doctor-dashboard");
    for (const secret of ["PLANTED", "panic", "PHQ", "Several days", "More than half", token])
      expect(raw).not.toContain(secret);

    // The audit trail records the flag by code only.
    const flags = await auditEventsAbout(database.db, r.id, "assessment.safety_flag");
    expect(flags).toHaveLength(1);
    expect(JSON.stringify(flags)).not.toContain("PLANTED");
  });

  it("stores nothing about health outside the assessment tables", async () => {
    const { link, referral: r } = await openInvitation({
      type: "management",
    });
    await giveConsent(subjectScopeForTest(database.db, link));
    const planted = "PLANTED-ANSWER-b91c";
    await saveAnswers(withAdapters(subjectScopeForTest(database.db, link), { jobs }), {
      step: "condition.description",
      answers: { "condition.description": planted },
    });
    const tables = [referral, referralActivity, auditEvent, assessmentConsent] as const;
    for (const table of tables) {
      const rows = await database.db.select().from(table);
      expect(JSON.stringify(rows)).not.toContain(planted);
    }
    const [response] = await database.db
      .select({ answers: questionnaireResponse.answers })
      .from(questionnaireResponse)
      .where(eq(questionnaireResponse.referralId, r.id));
    expect(JSON.stringify(response)).toContain(planted);
  });
});
