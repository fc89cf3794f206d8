import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  assessmentConsent,
  auditEvent,
  member,
  referral,
  referralManager,
  user,
} from "~/db/schema/index.ts";
import { giveConsent } from "~/domain/assessments/give-consent.server.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { grantCredits } from "~/domain/billing/credit-ledger.server.ts";
import { getEarlierCases } from "~/domain/doctor/earlier-cases.server.ts";
import { visibleEarlierCases } from "~/domain/kernel/visibility.server.ts";
import { loader as doctorCaseLoader } from "~/routes/doctor/case.tsx";
import { insertAnswersAndDraftForTest, subjectScopeForTest } from "~tests/support/assessments.ts";
import { createDoctorRecordForTest } from "~tests/support/consultations.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { scopeFor } from "~tests/support/doctor.ts";
import {
  employerScopeForTest,
  managementReferralInput,
  referralRowForTest,
} from "~tests/support/referrals.ts";
import { createSentReport, releaseSentReportForTest } from "~tests/support/reports.ts";
import { routeContext, signedInAsDoctor } from "~tests/support/routes.ts";
import { getFollowUpSource } from "./follow-up.server.ts";
import { issueInvitationToken } from "./invitations.server.ts";
import { saveManagementReferral } from "./save-management-referral.server.ts";

/*
 * Follow-up referrals (docs/architecture.md §4, "Follow-up referrals"): started from a case whose
 * report was released, only by a member who may see that case; the person's separate choice on
 * their consent decides whether the follow-up's doctor reads the earlier cases, which are the same
 * organisation's, about the same e-mail address, and made before the follow-up.
 */
const database = testDatabaseForFile();
const jobs = { send: async () => "job-id" };
const releasedAt = new Date("2026-11-03T09:00:00Z");
const later = new Date("2026-12-01T09:00:00Z");
const EARLIER_ANSWER = "Lower back pain since a fall at the depot";

/** A management case whose report the person released, with their answers stored. */
async function releasedCase(organisationName: string) {
  const sent = await createSentReport(database.db, {
    organisationName,
    now: new Date(releasedAt.getTime() - 3_600_000),
  });
  await database.db
    .update(referral)
    .set({ ownerId: sent.employer.ownerId, createdBy: sent.employer.ownerId })
    .where(eq(referral.id, sent.referral.id));
  await releaseSentReportForTest(database.db, sent, {
    origin: { ip: "10.1.0.1", requestId: "open" },
    now: releasedAt,
    jobs,
  });
  await insertAnswersAndDraftForTest(database.db, sent.referral.id, {
    referralReason: "Back pain",
    answers: { "condition.description": EARLIER_ANSWER },
  });
  const organisationId = sent.actor.organisationId;
  await grantCredits(database.db, { organisationId, credits: 5, now: later });
  const employer = (userId: string, memberRole: "owner" | "manager" = "owner") =>
    employerScopeForTest(
      database.db,
      { userId, organisationId, organisationName, memberRole },
      later,
    );
  return { sent, organisationId, owner: employer(sent.employer.ownerId), employer };
}

async function addManager(organisationId: string) {
  const id = `user-${randomBytes(6).toString("hex")}`;
  await database.db
    .insert(user)
    .values({ id, name: "Manny Manager", email: `${id}@employer.example`, emailVerified: true });
  await database.db.insert(member).values({ organisationId, userId: id, role: "manager" });
  return id;
}

/** The follow-up made from the earlier case's starting values, as the form would send it. */
async function followUpOf(earlier: Awaited<ReturnType<typeof releasedCase>>) {
  const source = await getFollowUpSource(earlier.owner, earlier.sent.referral.reference);
  const { referral: made } = await saveManagementReferral(earlier.owner, {
    provider: "demo",
    intent: "submit",
    followUpOf: source.id,
    input: managementReferralInput({
      employeeName: source.subjectName,
      employeeEmail: source.subjectEmail,
      jobDetails: source.jobDetails,
      referralReason: "Back pain worse since the move to the night shift",
    }),
  });
  return made;
}

/** The person consents on the follow-up, with their choice on the earlier cases. */
async function consent(followUpId: string, shareEarlierCases: boolean | undefined) {
  const { token } = await issueInvitationToken(database.db, {
    referralId: followUpId,
    invitedAt: later,
    now: later,
  });
  const opened = await openAssessmentLink(database.db, {
    token,
    origin: { ip: "10.1.0.2", requestId: "open" },
    now: later,
  });
  if (!opened.ok) throw new Error("link did not open");
  return giveConsent(subjectScopeForTest(database.db, opened.link, { now: later }), {
    shareEarlierCases,
  });
}

/** The follow-up taken by a doctor, who now writes its report. */
async function inReviewWith(followUpId: string) {
  const doctor = await createDoctorRecordForTest(database.db, "Dr Follow");
  await database.db
    .update(referral)
    .set({ status: "in_review", assignedDoctorId: doctor.id, submittedAt: later })
    .where(eq(referral.id, followUpId));
  return doctor;
}

const doctorScope = (doctorId: string) =>
  scopeFor(
    database.db,
    {
      userId: doctorId,
      role: "doctor",
      organisationId: null,
      memberRole: null,
      doctorActive: true,
      twoFactorVerified: true,
    },
    later,
  );

/** The doctor's case page's data, as `.data` would carry it. */
async function casePageData(referralId: string, doctorId: string) {
  const context = signedInAsDoctor(routeContext(database, "127.0.0.1", []), {
    id: doctorId,
    name: "Dr Follow",
  });
  const data = await doctorCaseLoader({
    request: new Request(`http://localhost/doctor/cases/${referralId}`),
    params: { referralId },
    context,
  } as unknown as Parameters<typeof doctorCaseLoader>[0]);
  return JSON.stringify(data);
}

describe("starting a follow-up", () => {
  it("pre-fills the person and the job from the released case and links the new referral to it", async () => {
    const earlier = await releasedCase("Harbour Care Ltd");
    const source = await getFollowUpSource(earlier.owner, earlier.sent.referral.id);
    expect(source).toMatchObject({
      id: earlier.sent.referral.id,
      reference: earlier.sent.referral.reference,
      reportReference: earlier.sent.report.reference,
      subjectName: "Jo Bloggs",
      subjectEmail: "jo.bloggs@example.org",
      jobDetails: "Customer service adviser, 37.5 hours a week",
    });
    const made = await followUpOf(earlier);
    // Placed as any management referral: paid from credits, the person invited.
    expect(await referralRowForTest(database.db, made.id)).toMatchObject({
      followUpOf: earlier.sent.referral.id,
      status: "invited",
      paymentMethod: "credits",
    });
    const [audited] = await database.db
      .select({ details: auditEvent.details })
      .from(auditEvent)
      .where(
        and(eq(auditEvent.action, "referral.follow_up_created"), eq(auditEvent.objectId, made.id)),
      );
    expect(audited?.details).toMatchObject({ followUpOf: earlier.sent.referral.reference });
  });

  it("refuses a manager who is not on the earlier case, and lets one named on it", async () => {
    const earlier = await releasedCase("Harbour Care Ltd");
    const outsider = earlier.employer(await addManager(earlier.organisationId), "manager");
    await expect(getFollowUpSource(outsider, earlier.sent.referral.id)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      saveManagementReferral(outsider, {
        provider: "demo",
        intent: "submit",
        followUpOf: earlier.sent.referral.id,
        input: managementReferralInput(),
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    const namedId = await addManager(earlier.organisationId);
    await database.db.insert(referralManager).values({
      referralId: earlier.sent.referral.id,
      userId: namedId,
      organisationId: earlier.organisationId,
    });
    const named = earlier.employer(namedId, "manager");
    expect((await getFollowUpSource(named, earlier.sent.referral.id)).id).toBe(
      earlier.sent.referral.id,
    );
  });

  it("refuses a case with no released report", async () => {
    const earlier = await releasedCase("Harbour Care Ltd");
    const made = await followUpOf(earlier);
    await expect(getFollowUpSource(earlier.owner, made.id)).rejects.toMatchObject({
      code: "invalid_state",
    });
  });
});

describe("the person's choice and what the follow-up's doctor sees", () => {
  it("with consent: the earlier released report and answers of this organisation only, each read audited", async () => {
    // The same person referred by another organisation: never shown, whatever the address's case.
    const elsewhere = await releasedCase("Other Employer Ltd");
    await database.db
      .update(referral)
      .set({ subjectEmail: "JO.BLOGGS@example.org" })
      .where(eq(referral.id, elsewhere.sent.referral.id));
    const earlier = await releasedCase("Harbour Care Ltd");
    // Matched without regard to case.
    await database.db
      .update(referral)
      .set({ subjectEmail: "Jo.Bloggs@Example.org" })
      .where(eq(referral.id, earlier.sent.referral.id));
    const made = await followUpOf(earlier);
    await consent(made.id, true);
    const [stored] = await database.db
      .select({ share: assessmentConsent.shareEarlierCases })
      .from(assessmentConsent)
      .where(eq(assessmentConsent.referralId, made.id));
    expect(stored?.share).toBe(true);
    const doctor = await inReviewWith(made.id);

    const cases = await getEarlierCases(doctorScope(doctor.id), {
      referralId: made.id,
      purpose: "case",
    });
    expect(cases.map((c) => c.reference)).toEqual([earlier.sent.referral.reference]);
    expect(cases[0]?.report).toMatchObject({
      reference: earlier.sent.report.reference,
      version: 1,
    });
    expect(cases[0]?.report?.sections.length).toBeGreaterThan(0);
    expect(cases[0]?.answers.map((a) => a.answer)).toContain(EARLIER_ANSWER);
    const reads = await database.db
      .select({ objectId: auditEvent.objectId, details: auditEvent.details })
      .from(auditEvent)
      .where(eq(auditEvent.action, "doctor.earlier_case_read"));
    expect(reads).toContainEqual(
      expect.objectContaining({
        objectId: earlier.sent.referral.id,
        details: expect.objectContaining({ followUp: made.reference, answersShown: 1 }),
      }),
    );
    const page = await casePageData(made.id, doctor.id);
    expect(page).toContain(earlier.sent.referral.reference);
    expect(page).not.toContain(elsewhere.sent.referral.reference);

    // The employer, even the owner who made both cases, never reads them this way.
    expect(
      await database.db
        .select({ id: referral.id })
        .from(referral)
        .where(visibleEarlierCases(earlier.owner, made.id)),
    ).toEqual([]);

    // Another doctor, not on the follow-up, reads nothing of the earlier cases.
    const other = await createDoctorRecordForTest(database.db, "Dr Other");
    expect(
      await getEarlierCases(doctorScope(other.id), { referralId: made.id, purpose: "case" }),
    ).toEqual([]);
  });

  it("declined: the doctor sees none of the earlier cases, not even that they exist", async () => {
    const earlier = await releasedCase("Harbour Care Ltd");
    const made = await followUpOf(earlier);
    await consent(made.id, false);
    const doctor = await inReviewWith(made.id);
    expect(
      await getEarlierCases(doctorScope(doctor.id), { referralId: made.id, purpose: "case" }),
    ).toEqual([]);
    const page = await casePageData(made.id, doctor.id);
    expect(page).not.toContain(earlier.sent.referral.reference);
    expect(page).not.toContain(earlier.sent.report.reference);
    expect(page).not.toContain(EARLIER_ANSWER);
  });

  it("a follow-up's consent asks for the choice: none given is refused", async () => {
    const earlier = await releasedCase("Harbour Care Ltd");
    const made = await followUpOf(earlier);
    await expect(consent(made.id, undefined)).rejects.toMatchObject({ code: "invalid_input" });
  });
});
