import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditEvent,
  caseReview,
  doctorProfile,
  referral,
  report,
  reportVersion,
  slaWarning,
  user,
} from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { reassignCase } from "~/domain/admin/cases.server.ts";
import { giveConsent } from "~/domain/assessments/give-consent.server.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { createScope, systemScope } from "~/domain/kernel/scope.ts";
import { findReferralByInvitationToken } from "~/domain/referrals/invitations.server.ts";
import { referralStatuses } from "~/domain/referrals/lifecycle.ts";
import { approveReport } from "~/domain/reports/approve-report.server.ts";
import { decideOnDisclosures } from "~/domain/reports/decide-disclosures.server.ts";
import { getEmployerReport } from "~/domain/reports/get-employer-report.server.ts";
import { getEmployerReportPdf } from "~/domain/reports/get-employer-report-pdf.server.ts";
import { getSubjectReportPdf } from "~/domain/reports/get-subject-report-pdf.server.ts";
import { loadReportForSubject } from "~/domain/reports/load-report-for-subject.server.ts";
import { ukDate } from "~/domain/reports/report-body.ts";
import { sendReportNotification } from "~/domain/reports/send-report-notification.server.ts";
import { withholdReportConsent } from "~/domain/reports/withhold-report-consent.server.ts";
import { testAdapters, withAdapters } from "~tests/support/adapters.ts";
import { createInvitedReferralForTest, subjectScopeForTest } from "~tests/support/assessments.ts";
import { auditEventsAbout } from "~tests/support/audit.ts";
import { createDoctorForTest } from "~tests/support/consultations.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { scopeFor, submittedCaseForTest } from "~tests/support/doctor.ts";
import { recordingMailer } from "~tests/support/mail.ts";
import { employerScopeForTest } from "~tests/support/referrals.ts";
import { startReportAmendment } from "./amend-report.server.ts";
import { listDoctorCases, parseDoctorListQuery } from "./doctor-cases.server.ts";
import { actorOfDoctor } from "./doctor-queue.ts";
import { getDoctorCase } from "./get-doctor-case.server.ts";
import { notifyDoctorsOfSubmission, sendSlaWarnings } from "./notify-doctors.server.ts";
import { reportBodyFromDraft } from "./report-from-draft.ts";
import { saveReportDraft } from "./save-report.server.ts";
import {
  declineReportCorrection,
  ReportReleaseRefused,
  signAndSendReport,
} from "./send-report.server.ts";
import { takeReferral } from "./take-referral.server.ts";

const database = testDatabaseForFile();
const mailer = recordingMailer();
const outbox = mailer.sent;
/** This file's scopes send through its recording mailer, as its deps once did. */
const scopeWithMail = (...args: Parameters<typeof scopeFor>) =>
  withAdapters(scopeFor(...args), { mailer });
const subjectWithMail = (...args: Parameters<typeof subjectScopeForTest>) =>
  withAdapters(subjectScopeForTest(...args), { mailer });
const jobs = { send: async () => "job-id" };
let ip = 0;
const origin = () => ({ ip: `10.9.0.${++ip % 250}`, requestId: `req-${ip}` });

const createDoctor = (name: string, options?: { active?: boolean }) =>
  createDoctorForTest(database.db, name, options);

/** A pre-employment case the subject has completed, with its draft: what a doctor's queue holds. */
const submittedCase = async (now = new Date(), core?: Record<string, string>) =>
  (
    await submittedCaseForTest(database.db, {
      now,
      core,
      origin: origin(),
      adapters: { mailer, jobs },
    })
  ).referral;

const sendDeps = () => ({
  mailer,
  publicUrl: "http://localhost:3000",
  reviewWorkingDays: 5,
});

/** The case as the doctor's report editor reads it. */
const editorCase = (doctor: Actor, referralId: string) =>
  getDoctorCase(scopeWithMail(database.db, doctor), { referralId, purpose: "editor" });

/**
 * A case whose person declared one condition, with no effect on work, taken by `doctor`; and the
 * report body the editor pre-fills from its draft.
 */
async function takenCaseDeclaring(doctor: Actor, conditionDetails: string) {
  const r = await submittedCase(new Date(), {
    "core.condition": "true",
    "core.condition.details": conditionDetails,
    "core.condition.effect": "none",
    "core.treatment": "false",
    "core.mental-health": "false",
    "core.work-related": "false",
  });
  await takeReferral(scopeFor(database.db, doctor), r.id);
  const detail = await editorCase(doctor, r.id);
  return { r, prefill: reportBodyFromDraft(detail.draft, detail.referral) };
}

/** The doctor signs and sends the saved draft, having just confirmed their second factor. */
const sendReport = (doctor: Actor, referralId: string) => {
  // One clock for both: a step-up dated a millisecond after the request's time reads as not fresh.
  const now = new Date();
  return signAndSendReport(scopeWithMail(database.db, doctor, now), sendDeps(), {
    referralId,
    stepUpAt: now,
  });
};

/** The person on the newest report link e-mailed to them. */
async function personOnReportLink(subjectEmail: string) {
  const mail = outbox.filter((m) => m.to === subjectEmail).at(-1);
  const token = /\/assessment\/([A-Za-z0-9_-]{43})\/report/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error("no report link");
  const opened = await openAssessmentLink(database.db, { token, origin: origin() });
  if (!opened.ok) throw new Error("link refused");
  return {
    scope: () => subjectWithMail(database.db, opened.link),
    referral: opened.referral,
  };
}
const versionsOf = (referralId: string) =>
  database.db
    .select({ v: reportVersion })
    .from(reportVersion)
    .innerJoin(report, eq(report.id, reportVersion.reportId))
    .where(eq(report.referralId, referralId))
    .then((rows) => rows.map((row) => row.v).sort((a, b) => a.version - b.version));

describe("taking a case", () => {
  it("lets exactly one of two doctors take a case at once; the other then cannot see it", async () => {
    const a = await createDoctor("Dr Ada Stone");
    const b = await createDoctor("Dr Ben Hale");
    const r = await submittedCase();
    const results = await Promise.allSettled([
      takeReferral(scopeWithMail(database.db, a), r.id),
      takeReferral(scopeWithMail(database.db, b), r.id),
    ]);
    const won = results.filter((x) => x.status === "fulfilled");
    const lost = results.filter((x) => x.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({ code: "conflict" });
    const [row] = await database.db.select().from(referral).where(eq(referral.id, r.id));
    expect(row?.status).toBe("in_review");
    const winner = row?.assignedDoctorId === a.userId ? a : b;
    const loser = winner === a ? b : a;
    await expect(takeReferral(scopeWithMail(database.db, loser), r.id)).rejects.toMatchObject({
      code: "conflict",
    });
    // The loser no longer sees it, in the list or directly (404, not 403).
    const list = await listDoctorCases(
      scopeWithMail(database.db, loser),
      parseDoctorListQuery(new URLSearchParams(`q=${r.reference}`)),
    );
    expect(list.rows).toHaveLength(0);
    await expect(
      getDoctorCase(scopeWithMail(database.db, loser), { referralId: r.id, purpose: "queue" }),
    ).rejects.toMatchObject({ code: "not_found" });
    const mine = await listDoctorCases(
      scopeWithMail(database.db, winner),
      parseDoctorListQuery(new URLSearchParams(`q=${r.reference.toLowerCase()}`)),
    );
    expect(mine.rows.map((x) => x.id)).toEqual([r.id]);
    expect(mine.rows[0]).toMatchObject({ mine: true, status: "in_review" });
  });

  it("refuses every case it cannot take with the same words, whatever the case's state", async () => {
    const [a, b] = [await createDoctor("Dr Neutral One"), await createDoctor("Dr Neutral Two")];
    const theirs = await submittedCase();
    await takeReferral(scopeWithMail(database.db, a), theirs.id);
    const refusal = { code: "conflict", message: "This case is not available to take." };
    await expect(takeReferral(scopeWithMail(database.db, b), theirs.id)).rejects.toMatchObject(
      refusal,
    );
    // A case that does not exist gets exactly the same answer.
    await expect(
      takeReferral(scopeWithMail(database.db, b), "00000000-0000-4000-8000-000000000000"),
    ).rejects.toMatchObject(refusal);
  });

  it("refuses a doctor whose access was revoked in the database", async () => {
    const d = await createDoctor("Dr Cy Revoked");
    await database.db
      .update(doctorProfile)
      .set({ active: false })
      .where(eq(doctorProfile.userId, d.userId));
    const r = await submittedCase();
    await expect(takeReferral(scopeWithMail(database.db, d), r.id)).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});

describe("the queue", () => {
  it("shows unassigned submitted cases and the doctor's own, searched case-insensitively, urgent and at-risk first", async () => {
    const d = await createDoctor("Dr Queue Order");
    const now = new Date();
    const old = await submittedCase(new Date(now.getTime() - 40 * 3_600_000)); // 83 % of 48 h
    const fresh = await submittedCase(now);
    const urgent = await submittedCase(now);
    await database.db.update(referral).set({ urgent: true }).where(eq(referral.id, urgent.id));
    const list = await listDoctorCases(
      scopeWithMail(database.db, d, now),
      parseDoctorListQuery(new URLSearchParams("tab=pending")),
    );
    const ids = list.rows.map((x) => x.id);
    expect(ids.indexOf(urgent.id)).toBeLessThan(ids.indexOf(old.id));
    expect(ids.indexOf(old.id)).toBeLessThan(ids.indexOf(fresh.id));
    expect(list.rows.find((x) => x.id === old.id)).toMatchObject({
      needsAttention: true,
      sla: "at-risk",
    });
    expect(list.counts.needsAttention).toBeGreaterThanOrEqual(1);
    // Search by name, any case; LIKE wildcards are literal.
    const upper = await listDoctorCases(
      scopeWithMail(database.db, d, now),
      parseDoctorListQuery(new URLSearchParams("q=SAM%20PATEL&tab=pending")),
    );
    expect(upper.rows.map((x) => x.id)).toContain(fresh.id);
    const byName = await listDoctorCases(
      scopeWithMail(database.db, d),
      parseDoctorListQuery(new URLSearchParams("q=ROBIN%25")),
    );
    expect(byName.rows).toHaveLength(0);
    const completed = await listDoctorCases(
      scopeWithMail(database.db, d),
      parseDoctorListQuery(new URLSearchParams("tab=completed")),
    );
    expect(completed.rows.every((x) => x.mine)).toBe(true);
  });

  it("finds a reference by its start, in either case, among the doctor's own and queue cases only", async () => {
    const d = await createDoctor("Dr Reference Search");
    const other = await createDoctor("Dr Someone Else");
    const inQueue = await submittedCase();
    const own = await submittedCase();
    await takeReferral(scopeWithMail(database.db, d), own.id);
    const othersCase = await submittedCase();
    await takeReferral(scopeWithMail(database.db, other), othersCase.id);
    // The term inside a name, not at the start of a reference: a prefix search must not find it.
    const namedLikeIt = await submittedCase();
    const references = [
      [inQueue.id, "OCC-QZ7A1"],
      [own.id, "OCC-QZ7B2"],
      [othersCase.id, "OCC-QZ7C3"],
    ] as const;
    for (const [id, reference] of references)
      await database.db.update(referral).set({ reference }).where(eq(referral.id, id));
    await database.db
      .update(referral)
      .set({ subjectName: "Sam OCC-QZ7 Patel" })
      .where(eq(referral.id, namedLikeIt.id));

    const search = async (q: string) =>
      (
        await listDoctorCases(
          scopeWithMail(database.db, d),
          parseDoctorListQuery(new URLSearchParams({ q, tab: "all" })),
        )
      ).rows
        .map((x) => x.id)
        .sort();
    const expected = [inQueue.id, own.id].sort();
    expect(await search("occ-qz7")).toEqual(expected);
    expect(await search("OCC-QZ7")).toEqual(expected);
    expect(await search("Occ-Qz7b")).toEqual([own.id]);
    // Another doctor's case is out of reach even by its full reference.
    expect(await search("OCC-QZ7C3")).toEqual([]);
    // A name is still searched as text.
    expect(await search("sam occ-qz7")).toEqual([namedLikeIt.id]);
  });

  it("audits every read of a case's health data", async () => {
    const d = await createDoctor("Dr Audit");
    const r = await submittedCase();
    const detail = await getDoctorCase(scopeWithMail(database.db, d), {
      referralId: r.id,
      purpose: "queue",
    });
    expect(detail.draft?.referralType).toBe("pre_employment");
    expect(detail.transcript.length).toBeGreaterThan(0);
    expect(Object.keys(detail.answers).length).toBeGreaterThan(0);
    const events = await auditEventsAbout(database.db, r.id, "doctor.case_read");
    expect(events).toHaveLength(1);
    expect(events[0]?.actorId).toBe(d.userId);
  });
});

describe("writing, signing and sending the report", () => {
  it("saves a draft, signs and sends it in a two-factor session, then revises after a correction into version 2", async () => {
    const d = await createDoctor("Dr Gwen Morgan");
    const r = await submittedCase();
    await takeReferral(scopeWithMail(database.db, d), r.id);
    const detail = await editorCase(d, r.id);
    const body = reportBodyFromDraft(detail.draft, r);
    expect(body).toMatchObject({ kind: "pre_employment", outcome: "fit" });

    // Sending before saving is refused.
    await expect(sendReport(d, r.id)).rejects.toMatchObject({
      code: "invalid_state",
    });
    const invalid = await saveReportDraft(scopeWithMail(database.db, d), {
      referralId: r.id,
      body: { ...body, outcome: "maybe" },
    });
    expect(invalid.ok).toBe(false);
    const saved = await saveReportDraft(scopeWithMail(database.db, d), { referralId: r.id, body });
    expect(saved).toMatchObject({ ok: true, version: 1 });
    const again = await saveReportDraft(scopeWithMail(database.db, d), {
      referralId: r.id,
      body: {
        ...body,
        recommendations: [{ text: "A chair with adjustable back support", lasting: true }],
      },
    });
    expect(again).toMatchObject({ ok: true, version: 1 });
    // A temporary recommendation's review date must lie ahead of the day it is saved.
    const pastReview = await saveReportDraft(
      scopeWithMail(database.db, d, new Date("2026-06-04T10:00:00Z")),
      {
        referralId: r.id,
        body: { ...body, recommendations: [{ text: "No night shifts", reviewBy: "2026-06-01" }] },
      },
    );
    expect(pastReview).toEqual({
      ok: false,
      issues: [
        { path: "recommendations.0.reviewBy", message: "Give a review date in the future." },
      ],
    });
    const [rep] = await database.db.select().from(report).where(eq(report.referralId, r.id));
    expect(rep).toMatchObject({ status: "draft", currentVersion: 1, doctorId: d.userId });
    expect(rep?.reference).toMatch(/^REP-[A-Z0-9]{6}$/);

    // No second factor in this session: refused, nothing changes.
    await expect(
      signAndSendReport(
        scopeWithMail(database.db, { ...d, twoFactorVerified: false }),
        sendDeps(),
        {
          referralId: r.id,
          stepUpAt: new Date(),
        },
      ),
    ).rejects.toMatchObject({ code: "second_factor" });

    // Qualifications recorded after the draft was saved still reach the signature.
    await database.db
      .update(doctorProfile)
      .set({ qualifications: "MB ChB, MFOM" })
      .where(eq(doctorProfile.userId, d.userId));
    const before = outbox.length;
    const now = new Date("2026-06-04T10:00:00Z"); // a Thursday
    // The authenticator code must have been entered within the last 5 minutes of signing.
    for (const stepUpAt of [null, new Date(now.getTime() - 5 * 60_000 - 1)])
      await expect(
        signAndSendReport(scopeWithMail(database.db, d, now), sendDeps(), {
          referralId: r.id,
          stepUpAt,
        }),
      ).rejects.toMatchObject({ code: "step_up" });
    const sent = await signAndSendReport(scopeWithMail(database.db, d, now), sendDeps(), {
      referralId: r.id,
      stepUpAt: new Date(now.getTime() - 4 * 60_000),
    });
    expect(sent.reviewDueAt.toISOString()).toBe("2026-06-11T10:00:00.000Z");
    const [afterSend] = await database.db.select().from(referral).where(eq(referral.id, r.id));
    expect(afterSend?.status).toBe("awaiting_subject");
    const [v1] = await database.db
      .select()
      .from(reportVersion)
      .where(eq(reportVersion.reportId, rep!.id));
    expect(v1).toMatchObject({
      authorName: "Dr Gwen Morgan",
      authorQualifications: "MB ChB, MFOM",
      signedAt: now,
    });
    expect(v1?.authorGmcNumber).toMatch(/^\d{7}$/);
    const mail = outbox.slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to: r.subjectEmail,
      subject: "Your report is ready to review",
    });
    const token = /\/assessment\/([A-Za-z0-9_-]{43})\/report/.exec(mail[0]!.text)?.[1];
    expect(token).toBeDefined();
    const lookup = await findReferralByInvitationToken(database.db, token!, now);
    expect(lookup).toMatchObject({ found: true, referral: { id: r.id } });

    // A signed version is frozen.
    await expect(
      saveReportDraft(scopeWithMail(database.db, d), { referralId: r.id, body }),
    ).rejects.toMatchObject({ code: "invalid_state" });

    // The subject asks for a correction (the review side does this; simulated here).
    await database.db
      .update(reportVersion)
      .set({ subjectDecision: "correction", subjectComment: "I work 30 hours, not 37.5." })
      .where(eq(reportVersion.id, v1!.id));
    await database.db
      .update(report)
      .set({ status: "correction_requested" })
      .where(eq(report.id, rep!.id));
    await database.db
      .update(referral)
      .set({ status: "in_review", correctionRequested: true })
      .where(eq(referral.id, r.id));

    const revising = await editorCase(d, r.id);
    expect(revising.correction?.subjectComment).toBe("I work 30 hours, not 37.5.");
    const list = await listDoctorCases(
      scopeWithMail(database.db, d),
      parseDoctorListQuery(new URLSearchParams(`q=${r.reference}`)),
    );
    expect(list.rows[0]?.needsAttention).toBe(true);
    await expect(sendReport(d, r.id)).rejects.toMatchObject({
      code: "invalid_state",
    });
    const v2 = await saveReportDraft(scopeWithMail(database.db, d), {
      referralId: r.id,
      body: { ...body, summary: "Works 30 hours a week." },
    });
    expect(v2).toMatchObject({ ok: true, version: 2 });
    const revised = await editorCase(d, r.id);
    expect(revised.correction?.version).toBe(1);
    const resent = await sendReport(d, r.id);
    expect(resent.version).toBe(2);
    const versions = await database.db
      .select()
      .from(reportVersion)
      .where(eq(reportVersion.reportId, rep!.id));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
    expect(versions.find((v) => v.version === 1)?.subjectComment).toBe(
      "I work 30 hours, not 37.5.",
    );
    expect(outbox.at(-1)?.text).toContain("revised");
  });
});

describe("the release check at signing", () => {
  it("refuses a field quoting the person's answer, keeps the saved text, audits the refusal, and signs once rewritten", async () => {
    const d = await createDoctor("Dr Iris Penn");
    const planted = "marmalade-lighthouse-7731 flares on cold mornings";
    const { r, prefill } = await takenCaseDeclaring(d, `Asthma (${planted})`);
    expect(JSON.stringify(prefill)).not.toContain("marmalade");
    const quoting = { ...prefill, summary: `Their asthma ${planted}, which is well managed.` };
    await saveReportDraft(scopeWithMail(database.db, d), { referralId: r.id, body: quoting });
    const refused = await sendReport(d, r.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ReportReleaseRefused);
    const failures = (refused as ReportReleaseRefused).failures;
    expect(failures).toContainEqual(
      expect.objectContaining({ field: "summary", problem: "cannot-disclose" }),
    );
    expect(failures.every((f) => f.field === "summary")).toBe(true);
    const [row] = await database.db.select().from(referral).where(eq(referral.id, r.id));
    expect(row?.status).toBe("in_review");
    const [saved] = await database.db
      .select({ body: reportVersion.body, signedAt: reportVersion.signedAt })
      .from(reportVersion)
      .innerJoin(report, eq(report.id, reportVersion.reportId))
      .where(eq(report.referralId, r.id));
    expect(saved?.signedAt).toBeNull();
    expect(JSON.stringify(saved?.body)).toContain("marmalade");
    const events = await auditEventsAbout(database.db, r.id, "doctor.report_sign_refused");
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0]?.details)).not.toContain("marmalade");

    await saveReportDraft(scopeWithMail(database.db, d), { referralId: r.id, body: prefill });
    await expect(sendReport(d, r.id)).resolves.toMatchObject({ version: 1 });
  });
});

describe("the disclosure gate (ADR 0016)", () => {
  /** The person's scope on the link of the last report e-mail sent to them. */
  const eventsOf = async (action: string) =>
    database.db.select().from(auditEvent).where(eq(auditEvent.action, action));

  it("releases a clinical statement only marked by the doctor and agreed by the person, and never one they asked to remove", async () => {
    const d = await createDoctor("Dr Lena Morris");
    const { r, prefill } = await takenCaseDeclaring(d, "Type 1, pump since 2019");
    const clinical = { ...prefill, summary: "Insulin-treated diabetes, well controlled." };

    // Unmarked: refused, each finding its own failure, needing consent.
    await saveReportDraft(scopeWithMail(database.db, d), { referralId: r.id, body: clinical });
    const refused = (await sendReport(d, r.id).catch((e: unknown) => e)) as ReportReleaseRefused;
    expect(refused).toBeInstanceOf(ReportReleaseRefused);
    expect(refused.failures.map((f) => f.problem)).toEqual(["needs-consent", "needs-consent"]);

    // Marked: the marks are stored with the version and signing carries them as items.
    const marks = ["summary|insulin", "summary|diabetes"];
    const saved = await saveReportDraft(scopeWithMail(database.db, d), {
      referralId: r.id,
      body: clinical,
      disclose: marks,
    });
    expect(saved.ok).toBe(true);
    const [draft] = await versionsOf(r.id);
    expect(draft?.disclosures?.map((i) => i.key).sort()).toEqual(["diabetes", "insulin"]);
    await expect(sendReport(d, r.id)).resolves.toMatchObject({ version: 1 });
    expect(
      (await eventsOf("doctor.disclosure_marked")).filter((e) => e.objectId === r.id),
    ).toHaveLength(2);

    // The person cannot approve before answering each item.
    const person = await personOnReportLink(r.subjectEmail);
    await expect(
      approveReport(withAdapters(person.scope(), { jobs }), {
        version: 1,
        releaseDiagnosis: false,
      }),
    ).rejects.toMatchObject({ code: "invalid_input" });
    const items = (await versionsOf(r.id))[0]!.disclosures!;
    const insulin = items.find((i) => i.key === "insulin")!;
    const diabetes = items.find((i) => i.key === "diabetes")!;
    await expect(
      decideOnDisclosures(withAdapters(person.scope(), { jobs }), {
        version: 1,
        answers: { [diabetes.id]: "agree" },
      }),
    ).resolves.toEqual({ outcome: "incomplete", missing: [insulin.id] });

    // They ask for the medicine to be removed: back to the doctor, who cannot decline it.
    await expect(
      decideOnDisclosures(withAdapters(person.scope(), { jobs }), {
        version: 1,
        answers: { [diabetes.id]: "agree", [insulin.id]: "remove" },
      }),
    ).resolves.toEqual({ outcome: "removal_asked", removals: 1 });
    const [back] = await database.db.select().from(referral).where(eq(referral.id, r.id));
    expect(back).toMatchObject({ status: "in_review", correctionRequested: true });
    const now = new Date();
    await expect(
      declineReportCorrection(scopeWithMail(database.db, d, now), sendDeps(), {
        referralId: r.id,
        reason: "The medicine matters to the role's safety.",
        stepUpAt: now,
      }),
    ).rejects.toMatchObject({ code: "invalid_state" });

    // Marking it again does not bring it back: refused until it is gone from the text.
    await saveReportDraft(scopeWithMail(database.db, d), {
      referralId: r.id,
      body: clinical,
      disclose: marks,
    });
    const again = (await sendReport(d, r.id).catch((e: unknown) => e)) as ReportReleaseRefused;
    expect(again.failures).toEqual([
      expect.objectContaining({ field: "summary", problem: "removal-asked" }),
    ]);
    await saveReportDraft(scopeWithMail(database.db, d), {
      referralId: r.id,
      body: { ...clinical, summary: "Diabetes, well controlled; no restrictions for this role." },
      disclose: marks,
    });
    await expect(sendReport(d, r.id)).resolves.toMatchObject({ version: 2 });
    expect(
      (await eventsOf("doctor.disclosure_removed")).filter((e) => e.objectId === r.id),
    ).toHaveLength(1);

    // The remaining item agreed, the report releases, and its consent statement names it.
    const revised = await personOnReportLink(r.subjectEmail);
    const [v2item] = (await versionsOf(r.id))[1]!.disclosures!;
    expect(v2item?.key).toBe("diabetes");
    await expect(
      decideOnDisclosures(withAdapters(revised.scope(), { jobs }), {
        version: 2,
        answers: { [v2item!.id]: "agree" },
      }),
    ).resolves.toEqual({ outcome: "agreed" });
    await approveReport(withAdapters(revised.scope(), { jobs }), {
      version: 2,
      releaseDiagnosis: false,
    });
    const released = (await versionsOf(r.id))[1]!;
    expect(released.subjectDecision).toBe("approved");
    expect(released.disclosures?.[0]?.decision).toBe("agreed");
    const { execFileSync } = await import("node:child_process");
    const pdfText = execFileSync("pdftotext", ["-", "-"], { input: released.pdf! }).toString();
    expect(pdfText.replace(/\s+/g, " ")).toMatch(
      /agreed, item by item, that .* may be told: “Diabetes”/,
    );
    expect(pdfText).not.toMatch(/insulin/i);
    // Every decision is on the record, by item, field and kind: never the words.
    const decisions = [
      ...(await eventsOf("report.disclosure_agreed")),
      ...(await eventsOf("report.disclosure_removal_asked")),
    ].filter((e) => e.objectId === released.reportId);
    expect(decisions).toHaveLength(3);
    expect(JSON.stringify(decisions)).not.toMatch(/insulin|diabetes/i);
  });
});

describe("notifications", () => {
  it("tells active doctors of a new case, and warns once when 75 % of the SLA is used", async () => {
    const d = await createDoctor("Dr Notify");
    await createDoctor("Dr Inactive", { active: false });
    const now = new Date();
    const r = await submittedCase(new Date(now.getTime() - 37 * 3_600_000));
    const before = outbox.length;
    const told = await notifyDoctorsOfSubmission(
      withAdapters(systemScope(database.db, "test", testAdapters()), {
        mailer,
        publicUrl: "http://localhost:3000",
      }),
      { referralId: r.id },
    );
    expect(told).toBeGreaterThanOrEqual(1);
    const toldMail = outbox.slice(before);
    expect(toldMail.some((m) => m.to === `${d.userId}@example.org`)).toBe(true);
    expect(toldMail.every((m) => !m.to.includes("inactive"))).toBe(true);
    expect(toldMail[0]?.subject).toBe(`New case ready for review: ${r.reference}`);

    await takeReferral(scopeWithMail(database.db, d), r.id);
    await database.db.insert(user).values({
      id: `adm-${randomUUID().slice(0, 8)}`,
      name: "Admin",
      email: `admin-${randomUUID().slice(0, 8)}@example.org`,
      role: "admin",
    });
    const deps = { mailer, publicUrl: "http://localhost:3000" };
    const job = (at: Date) => systemScope(database.db, "sla-warnings", testAdapters(), { now: at });
    const mark = outbox.length;
    const first = await sendSlaWarnings(withAdapters(job(now), deps));
    expect(first).toBeGreaterThanOrEqual(1);
    const warnings = outbox.slice(mark).filter((m) => m.subject.includes(r.reference));
    expect(warnings.map((m) => m.to)).toContain(`${d.userId}@example.org`);
    expect(warnings.some((m) => m.to.startsWith("admin-"))).toBe(true);
    const mark2 = outbox.length;
    await sendSlaWarnings(withAdapters(job(now), deps));
    await sendSlaWarnings(withAdapters(job(new Date(now.getTime() + 3_600_000)), deps));
    expect(outbox.slice(mark2).filter((m) => m.subject.includes(r.reference))).toHaveLength(0);
    const claims = await database.db
      .select()
      .from(slaWarning)
      .where(eq(slaWarning.referralId, r.id));
    expect(claims).toHaveLength(1);
  });
});

describe("reassignment", () => {
  it("lets an administrator move a case to another active doctor", async () => {
    const a = await createDoctor("Dr From");
    const b = await createDoctor("Dr To");
    const r = await submittedCase();
    await takeReferral(scopeWithMail(database.db, a), r.id);
    const request = { ip: null, requestId: "req-reassign" };
    const doctorScope = createScope(
      database.db,
      actorOfDoctor({ userId: a.userId, doctorActive: true, twoFactorVerified: true }),
      request,
      testAdapters(),
    );
    await expect(
      reassignCase(doctorScope, { referralId: r.id, doctorUserId: b.userId }),
    ).rejects.toThrow();
    const adminScope = createScope(
      database.db,
      { role: "admin", userId: "admin-x", twoFactorVerified: true },
      request,
      testAdapters(),
    );
    await reassignCase(adminScope, { referralId: r.id, doctorUserId: b.userId });
    await expect(
      getDoctorCase(scopeWithMail(database.db, a), { referralId: r.id, purpose: "queue" }),
    ).rejects.toMatchObject({ code: "not_found" });
    const detail = await getDoctorCase(scopeWithMail(database.db, b), {
      referralId: r.id,
      purpose: "queue",
    });
    expect(detail.mine).toBe(true);
  });
});

describe("reassign, then the new doctor opens the case, in every state", () => {
  const request = { ip: null, requestId: "req-table" };
  const admin = () =>
    createScope(
      database.db,
      { role: "admin", userId: "admin-table", twoFactorVerified: true },
      request,
      testAdapters(),
    );

  /** A case in each state an administrator may meet, made through the real domain functions. */
  const states: Record<string, (a: Actor) => Promise<{ id: string }>> = {
    invited: async () =>
      (await createInvitedReferralForTest(database.db, { type: "pre_employment" })).referral,
    in_progress: async () => {
      const { token, referral: r } = await createInvitedReferralForTest(database.db, {
        type: "pre_employment",
      });
      const opened = await openAssessmentLink(database.db, { token, origin: origin() });
      if (!opened.ok) throw new Error("link refused");
      await giveConsent(subjectWithMail(database.db, opened.link));
      return r;
    },
    "submitted, in the queue": async () => submittedCase(),
    "submitted, already given to another doctor": async (a) => {
      const r = await submittedCase();
      await reassignCase(admin(), { referralId: r.id, doctorUserId: a.userId });
      return r;
    },
    "in review, report not yet saved": async (a) => {
      const r = await submittedCase();
      await takeReferral(scopeWithMail(database.db, a), r.id);
      return r;
    },
    "in review, unsigned report draft saved": async (a) => {
      const r = await submittedCase();
      await takeReferral(scopeWithMail(database.db, a), r.id);
      const detail = await editorCase(a, r.id);
      const saved = await saveReportDraft(scopeWithMail(database.db, a), {
        referralId: r.id,
        body: reportBodyFromDraft(detail.draft, r),
      });
      expect(saved.ok).toBe(true);
      return r;
    },
  };

  it.each(Object.keys(states))("%s", async (state) => {
    const a = await createDoctor("Dr First");
    const b = await createDoctor("Dr Second");
    const c = await states[state]!(a);
    expect(await reassignCase(admin(), { referralId: c.id, doctorUserId: b.userId })).toEqual({
      status: "reassigned",
    });
    const [moved] = await database.db.select().from(referral).where(eq(referral.id, c.id));
    expect(moved?.assignedDoctorId).toBe(b.userId);

    // The new doctor sees it in their list at once, marked theirs.
    const list = await listDoctorCases(
      scopeWithMail(database.db, b),
      parseDoctorListQuery(new URLSearchParams(`q=${moved!.reference}`)),
    );
    expect(list.rows.map((x) => [x.id, x.mine])).toEqual([[c.id, true]]);

    if (moved!.status === "invited" || moved!.status === "in_progress") {
      // Nothing to write yet: the case is visible and says why it cannot be opened for a report.
      const detail = await getDoctorCase(scopeWithMail(database.db, b), {
        referralId: c.id,
        purpose: "queue",
      });
      expect(detail).toMatchObject({ mine: true, access: "holder" });
      await expect(takeReferral(scopeWithMail(database.db, b), c.id)).rejects.toMatchObject({
        code: "invalid_state",
        message: expect.stringMatching(/not sent their answers/),
      });
    } else {
      // Opening the editor: one conditional update takes it (or finds it already in review).
      await takeReferral(scopeWithMail(database.db, b), c.id);
      const detail = await editorCase(b, c.id);
      expect(detail).toMatchObject({ mine: true, access: "holder" });
      expect(detail.referral.status).toBe("in_review");
      if (detail.report) expect(detail.report.doctorId).toBe(b.userId);
      const saved = await saveReportDraft(scopeWithMail(database.db, b), {
        referralId: c.id,
        body: reportBodyFromDraft(detail.draft, moved!),
      });
      expect(saved.ok).toBe(true);
    }
    // The first doctor no longer has it, and cannot take it back.
    await expect(
      getDoctorCase(scopeWithMail(database.db, a), { referralId: c.id, purpose: "queue" }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(takeReferral(scopeWithMail(database.db, a), c.id)).rejects.toMatchObject({
      code: expect.stringMatching(/conflict|invalid_state/),
    });
  });

  // Every state from the signed report on: the person's review, then the ends of a case.
  const afterSigning = referralStatuses.slice(referralStatuses.indexOf("awaiting_subject"));
  it.each(afterSigning)("refuses a case %s (signed, or over)", async (status) => {
    const b = await createDoctor("Dr Refused");
    const r = await submittedCase();
    await database.db.update(referral).set({ status }).where(eq(referral.id, r.id));
    expect(await reassignCase(admin(), { referralId: r.id, doctorUserId: b.userId })).toEqual({
      status: "invalid-state",
      current: status,
    });
  });
});

describe("amending a released report (docs/architecture.md §4)", () => {
  /** A pre-employment case released at version 1 through the real editor, signature and review. */
  async function releasedCase(doctorName: string) {
    const d = await createDoctor(doctorName);
    const { r, prefill } = await takenCaseDeclaring(d, "None that affect work");
    await saveReportDraft(scopeWithMail(database.db, d), { referralId: r.id, body: prefill });
    await sendReport(d, r.id);
    const person = await personOnReportLink(r.subjectEmail);
    await approveReport(withAdapters(person.scope(), { jobs }), {
      version: 1,
      releaseDiagnosis: false,
    });
    return { d, r, prefill };
  }
  const employerOf = async (referralId: string) => {
    const [row] = await database.db.select().from(referral).where(eq(referral.id, referralId));
    return employerScopeForTest(database.db, {
      userId: row!.ownerId,
      organisationId: row!.organisationId,
      organisationName: "Employer",
    });
  };
  const reportOf = async (referralId: string) =>
    (await database.db.select().from(report).where(eq(report.referralId, referralId)))[0]!;

  it("keeps the released version with the employer until the person approves the amendment", async () => {
    const { d, r, prefill } = await releasedCase("Dr Iris Vale");
    const released = await reportOf(r.id);
    expect(released).toMatchObject({ status: "released", currentVersion: 1, releasedVersion: 1 });
    expect((await editorCase(d, r.id)).amendable).toBe(true);

    await expect(
      startReportAmendment(scopeWithMail(database.db, d), { referralId: r.id }),
    ).resolves.toMatchObject({ version: 2 });
    const [amending] = await database.db.select().from(referral).where(eq(referral.id, r.id));
    expect(amending?.status).toBe("in_review");
    expect(await reportOf(r.id)).toMatchObject({
      status: "draft",
      currentVersion: 2,
      releasedVersion: 1,
    });
    // The new version starts as the released text; a second start is refused.
    const [, v2] = await versionsOf(r.id);
    expect(v2?.body).toEqual((await versionsOf(r.id))[0]?.body);
    await expect(
      startReportAmendment(scopeWithMail(database.db, d), { referralId: r.id }),
    ).rejects.toMatchObject({ code: "invalid_state" });

    // The employer still reads version 1, and its PDF, while the amendment is written.
    const employer = await employerOf(r.id);
    const amendedText = "Fit for the role. Since the report, the start date moved to March.";
    const versionShown = async () => {
      const shown = await getEmployerReport(employer, released.reference);
      return shown.state === "released" ? shown.version : null;
    };
    expect(await versionShown()).toBe(1);
    const pdfBefore = await getEmployerReportPdf(employer, released.reference);
    await saveReportDraft(scopeWithMail(database.db, d), {
      referralId: r.id,
      body: { ...prefill, summary: amendedText },
    });
    await sendReport(d, r.id);
    expect(await versionShown()).toBe(1);
    expect(JSON.stringify(await getEmployerReport(employer, released.reference))).not.toContain(
      "start date moved",
    );
    expect((await getEmployerReportPdf(employer, released.reference)).sha256).toBe(
      pdfBefore.sha256,
    );

    // The person reviews the amendment again and approves it: the employer now reads version 2.
    const person = await personOnReportLink(r.subjectEmail);
    await approveReport(withAdapters(person.scope(), { jobs }), {
      version: 2,
      releaseDiagnosis: false,
    });
    expect(await reportOf(r.id)).toMatchObject({
      status: "released",
      currentVersion: 2,
      releasedVersion: 2,
    });
    expect(await versionShown()).toBe(2);
    expect(JSON.stringify(await getEmployerReport(employer, released.reference))).toContain(
      "start date moved",
    );
    expect((await getEmployerReportPdf(employer, released.reference)).sha256).not.toBe(
      pdfBefore.sha256,
    );
    const [done] = await database.db.select().from(referral).where(eq(referral.id, r.id));
    expect(done?.status).toBe("complete");
    expect((await auditEventsAbout(database.db, released.id)).map((e) => e.action)).toContain(
      "doctor.report_amendment_started",
    );
  });

  it("leaves the released version standing when the person withholds the amendment", async () => {
    const { d, r, prefill } = await releasedCase("Dr Owen Pike");
    const released = await reportOf(r.id);
    await startReportAmendment(scopeWithMail(database.db, d), { referralId: r.id });
    await saveReportDraft(scopeWithMail(database.db, d), {
      referralId: r.id,
      body: { ...prefill, summary: "Fit for the role, with a phased start." },
    });
    await sendReport(d, r.id);
    const person = await personOnReportLink(r.subjectEmail);
    await withholdReportConsent(withAdapters(person.scope(), { jobs }), { version: 2 });

    // The case is complete again at version 1: not withheld, and the employer still reads it.
    const [row] = await database.db.select().from(referral).where(eq(referral.id, r.id));
    expect(row).toMatchObject({ status: "complete", closedAt: null });
    expect(await reportOf(r.id)).toMatchObject({
      status: "released",
      currentVersion: 1,
      releasedVersion: 1,
    });
    const shown = await getEmployerReport(await employerOf(r.id), released.reference);
    expect(shown).toMatchObject({ state: "released", version: 1 });
    expect(JSON.stringify(shown)).not.toContain("phased start");
    // The person still reads and downloads the released version.
    const view = await loadReportForSubject(person.scope(), { referral: row! });
    expect(view).toMatchObject({ state: "released", amendmentInProgress: false });
    // The doctor is told; the employer is not e-mailed, since nothing changed for them.
    const before = outbox.length;
    const { sent } = await sendReportNotification(
      withAdapters(systemScope(database.db, "report-notification", testAdapters()), { mailer }),
      { reportId: released.id, kind: "amendment_withheld", version: 2 },
    );
    expect(sent).toBe(1);
    const told = outbox.slice(before);
    expect(told.map((m) => m.subject)).toEqual([`Amendment not released: ${r.reference}`]);
    expect(told[0]?.text).not.toContain("phased start");
    const [doctorRow] = await database.db.select().from(user).where(eq(user.id, d.userId));
    expect(told[0]?.to).toBe(doctorRow?.email);
    // A second amendment takes the next free number.
    await expect(
      startReportAmendment(scopeWithMail(database.db, d), { referralId: r.id }),
    ).resolves.toMatchObject({ version: 3 });
  });

  it("refuses an amendment to anyone but the doctor on the case, and after the question window", async () => {
    const { d, r } = await releasedCase("Dr Nell Ashby");
    const other = await createDoctor("Dr Theo Marsh");
    await expect(
      startReportAmendment(scopeWithMail(database.db, other), { referralId: r.id }),
    ).rejects.toMatchObject({ code: "not_found" });
    const employer = await employerOf(r.id);
    await expect(startReportAmendment(employer, { referralId: r.id })).rejects.toMatchObject({
      code: "forbidden",
    });
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    await expect(
      startReportAmendment(scopeWithMail(database.db, d, later), { referralId: r.id }),
    ).rejects.toMatchObject({
      code: "invalid_state",
      message: expect.stringMatching(/30 days after its release/),
    });
    expect((await reportOf(r.id)).status).toBe("released");
    // A case the employer closed with no further action is not reopened.
    await database.db
      .update(referral)
      .set({ closedAt: new Date(), closedBy: "owner" })
      .where(eq(referral.id, r.id));
    expect((await editorCase(d, r.id)).amendable).toBe(false);
    await expect(
      startReportAmendment(scopeWithMail(database.db, d), { referralId: r.id }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/closed this case/) });
    // The database holds the line too: a released report reopens only as a new version, and the
    // version the employer reads never moves back.
    const id = (await reportOf(r.id)).id;
    await expect(
      database.db.update(report).set({ status: "draft" }).where(eq(report.id, id)),
    ).rejects.toThrow();
    await expect(
      database.db.update(report).set({ releasedVersion: null }).where(eq(report.id, id)),
    ).rejects.toThrow();
    expect(await reportOf(r.id)).toMatchObject({ status: "released", releasedVersion: 1 });
  });

  it("puts an approved amendment's review dates on the employer's calendar", async () => {
    const { d, r, prefill } = await releasedCase("Dr Lena Ward");
    const reviewsOf = () =>
      database.db
        .select({
          kind: caseReview.kind,
          dueOn: caseReview.dueOn,
          reportVersion: caseReview.reportVersion,
        })
        .from(caseReview)
        .where(eq(caseReview.referralId, r.id));
    expect(await reviewsOf()).toEqual([]);
    await startReportAmendment(scopeWithMail(database.db, d), { referralId: r.id });
    await saveReportDraft(scopeWithMail(database.db, d), {
      referralId: r.id,
      body: {
        ...prefill,
        kind: "pre_employment",
        outcome: "fit-with-adjustments",
        recommendations: [{ text: "No ladder work", weeks: 4 }],
      } as typeof prefill,
    });
    await sendReport(d, r.id);
    const person = await personOnReportLink(r.subjectEmail);
    await approveReport(withAdapters(person.scope(), { jobs }), {
      version: 2,
      releaseDiagnosis: false,
    });
    // Four weeks from the amendment's signing, as its line prints it.
    const [v2] = (await versionsOf(r.id)).filter((v) => v.version === 2);
    const dueOn = ukDate(new Date(v2!.signedAt!.getTime() + 4 * 7 * 86_400_000));
    expect(await reviewsOf()).toEqual([{ kind: "adjustment_review", dueOn, reportVersion: 2 }]);
  });

  it("shows the person the released version, and says an amendment is under way, while it is written", async () => {
    const { d, r } = await releasedCase("Dr Ruth Kemp");
    await startReportAmendment(scopeWithMail(database.db, d), { referralId: r.id });
    const person = await personOnReportLink(r.subjectEmail);
    const [row] = await database.db.select().from(referral).where(eq(referral.id, r.id));
    const view = await loadReportForSubject(person.scope(), { referral: row! });
    expect(view).toMatchObject({ state: "released", amendmentInProgress: true });
    const pdf = await getSubjectReportPdf(person.scope());
    expect(pdf?.pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
