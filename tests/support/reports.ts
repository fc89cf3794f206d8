import { randomBytes, randomInt } from "node:crypto";
import { eq, max } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import {
  doctorProfile,
  member,
  organisation,
  referral,
  report,
  reportVersion,
  user,
} from "~/db/schema/index.ts";
import { openAssessmentLink } from "~/domain/assessments/open-assessment-link.server.ts";
import { countReleasedOutcome } from "~/domain/insight/count-released-outcome.server.ts";
import type { RequestOrigin } from "~/domain/kernel/actor.ts";
import type { Adapters } from "~/domain/kernel/adapters.ts";
import { issueInvitationToken } from "~/domain/referrals/invitations.server.ts";
import { transition } from "~/domain/referrals/lifecycle.ts";
import { approveReport } from "~/domain/reports/approve-report.server.ts";
import type { ReportBody } from "~/domain/reports/report-body.ts";
import { reviewDueAt } from "~/domain/reports/review-window.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { createInvitedReferralForTest, subjectScopeForTest } from "~tests/support/assessments.ts";
import { createDoctorRecordForTest } from "~tests/support/consultations.ts";
import { statusTakenByDoctor } from "~tests/support/referrals.ts";

/*
 * Test fixtures for the review and release. The doctor's side (taking the case, writing and
 * signing the report, sending it) is another part of the product; these stand in for it by
 * writing the rows it writes, with every referral move checked by the real state machine.
 */

export const managementBodyForTest: ReportBody = {
  kind: "management",
  answers: [
    { question: "fitForWork", answer: "Yes, with a phased return over four weeks." },
    { question: "underlyingCondition", answer: "Yes: a moderate depressive episode, improving." },
  ],
  fitness: "fit-with-adjustments",
  adjustments: ["Phased return over four weeks", "Fortnightly check-ins with the line manager"],
  equalityActOpinion: "The condition may meet the definition of disability; this is advisory.",
  formalProcesses: "Able to take part in a meeting with a companion present.",
  followUp: "Review in eight weeks.",
  diagnosis: "Moderate depressive episode",
  summary: "Jo has been off work since March with low mood and is now improving with treatment.",
};

const preEmploymentBodyForTest: ReportBody = {
  kind: "pre_employment",
  outcome: "fit",
  recommendations: ["No restrictions for the role of driver."],
  summary: "Fit for the role as offered.",
};

function randomCode(length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  let code = "";
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** An employer organisation with an owner, under an id already used by referrals. */
async function createEmployerOrganisationForTest(
  db: Database,
  { organisationId, name = "Test Employer Ltd" }: { organisationId: string; name?: string },
) {
  const ownerId = `owner-${randomBytes(6).toString("hex")}`;
  const ownerEmail = `${ownerId}@employer.example`;
  // The organisation may exist already (the invited referral's): it takes this name.
  await db
    .insert(organisation)
    .values({ id: organisationId, name })
    .onConflictDoUpdate({ target: organisation.id, set: { name } });
  await db
    .insert(user)
    .values({ id: ownerId, name: "Olive Owner", email: ownerEmail, emailVerified: true });
  await db.insert(member).values({ organisationId, userId: ownerId, role: "owner" });
  return { ownerId, ownerEmail, name };
}

/**
 * A referral whose signed report version 1 has been sent to the person: referral
 * `awaiting_subject`, report `awaiting_subject` with its review window, and a fresh link to
 * /assessment/{token}/report.
 */
export async function createSentReport(
  db: Database,
  {
    type = "management",
    body = type === "management" ? managementBodyForTest : preEmploymentBodyForTest,
    organisationName = "Test Employer Ltd",
    reviewWorkingDays = 5,
    now = new Date(),
  }: {
    type?: "management" | "pre_employment";
    body?: ReportBody;
    organisationName?: string;
    reviewWorkingDays?: number;
    now?: Date;
  } = {},
) {
  const invited = await createInvitedReferralForTest(db, { type, now });
  const employer = await createEmployerOrganisationForTest(db, {
    organisationId: invited.actor.organisationId,
    name: organisationName,
  });
  const doctor = await createDoctorRecordForTest(db, "Dr Amira Shah");
  const status = transition(statusTakenByDoctor(invited.referral.status), "report_sent", "doctor");
  const [moved] = await db
    .update(referral)
    .set({
      status,
      assignedDoctorId: doctor.id,
      startedAt: now,
      submittedAt: now,
      reviewStartedAt: now,
      reportSentAt: now,
      updatedAt: now,
    })
    .where(eq(referral.id, invited.referral.id))
    .returning();
  if (!moved) throw new Error("referral vanished");
  const [created] = await db
    .insert(report)
    .values({
      reference: `REP-${randomCode(6)}`,
      referralId: moved.id,
      organisationId: moved.organisationId,
      type,
      status: "awaiting_subject",
      doctorId: doctor.id,
      currentVersion: 1,
      reviewDueAt: reviewDueAt(now, reviewWorkingDays),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!created) throw new Error("report not created");
  await db.insert(reportVersion).values({
    reportId: created.id,
    version: 1,
    body,
    authorDoctorId: doctor.id,
    authorName: doctor.name,
    authorGmcNumber: doctor.gmcNumber,
    signedAt: now,
    sentAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const { token } = await issueInvitationToken(db, { referralId: moved.id, invitedAt: now, now });
  return {
    referral: moved,
    report: created,
    token,
    actor: { ...invited.actor, organisationName },
    employer,
    doctor,
  };
}

/**
 * The person's release of a sent report: they open their link and approve version 1 without the
 * diagnosis, as one client (`origin` names the test in the audit trail). The report tests' cases
 * that start from a released report begin here.
 */
export async function releaseSentReportForTest(
  db: Database,
  sent: { token: string },
  {
    origin,
    now = new Date(),
    jobs = { send: async () => null },
  }: { origin: RequestOrigin; now?: Date; jobs?: Adapters["jobs"] },
) {
  const opened = await openAssessmentLink(db, { token: sent.token, origin, now });
  if (!opened.ok) throw new Error("the report link did not open");
  await approveReport(
    subjectScopeForTest(db, opened.link, { origin, now, adapters: testAdapters({ jobs }) }),
    { version: 1, releaseDiagnosis: false },
  );
}

/**
 * The doctor's revision after a correction, or amendment of a released report: the next version
 * signed and sent, the report and the referral back with the person, and a fresh link.
 */
export async function sendRevisedVersionForTest(
  db: Database,
  { reportId, body, now = new Date() }: { reportId: string; body: ReportBody; now?: Date },
) {
  const [current] = await db.select().from(report).where(eq(report.id, reportId));
  if (current?.status !== "correction_requested" && current?.status !== "released")
    throw new Error(`report is ${current?.status}`);
  const [doctor] = await db
    .select({ name: user.name, gmcNumber: doctorProfile.gmcNumber })
    .from(user)
    .innerJoin(doctorProfile, eq(doctorProfile.userId, user.id))
    .where(eq(user.id, current.doctorId));
  if (!doctor) throw new Error("doctor missing");
  // After a withheld amendment the current version is the released one, but later numbers are taken.
  const [last] = await db
    .select({ n: max(reportVersion.version) })
    .from(reportVersion)
    .where(eq(reportVersion.reportId, reportId));
  const version = (last?.n ?? current.currentVersion) + 1;
  await db.insert(reportVersion).values({
    reportId,
    version,
    body,
    authorDoctorId: current.doctorId,
    authorName: doctor.name,
    authorGmcNumber: doctor.gmcNumber,
    signedAt: now,
    sentAt: now,
  });
  // An amendment reopens a released report as a draft of the next version first, as the doctor's
  // "Amend the released report" does (the report's trigger allows no other way out of released).
  if (current.status === "released")
    await db
      .update(report)
      .set({ status: "draft", currentVersion: version })
      .where(eq(report.id, reportId));
  await db
    .update(report)
    .set({ status: "awaiting_subject", currentVersion: version, reviewDueAt: reviewDueAt(now, 5) })
    .where(eq(report.id, reportId));
  const [ref] = await db.select().from(referral).where(eq(referral.id, current.referralId));
  if (!ref) throw new Error("referral missing");
  await db
    .update(referral)
    .set({
      status: transition(
        ref.status === "complete"
          ? transition(ref.status, "amendment_started", "doctor")
          : ref.status,
        "report_sent",
        "doctor",
      ),
      correctionRequested: false,
    })
    .where(eq(referral.id, ref.id));
  const { token } = await issueInvitationToken(db, { referralId: ref.id, invitedAt: now, now });
  return { token, version };
}

/**
 * Released reports on referrals made in a test by inserting rows (the insight pages' fixtures): a
 * report at version 1, the version approved and frozen, and its outcome counted as a release
 * counts it (`countReleasedOutcome`). `body(i)` is the i-th referral's report.
 */
export async function releaseReportsForTest(
  db: Database,
  {
    referralIds,
    body,
    releasedAt,
  }: { referralIds: string[]; body: (i: number) => ReportBody; releasedAt: Date },
): Promise<void> {
  for (const [i, referralId] of referralIds.entries()) {
    const [ref] = await db
      .select({ organisationId: referral.organisationId, ownerId: referral.ownerId })
      .from(referral)
      .where(eq(referral.id, referralId));
    if (!ref) throw new Error("referral missing");
    const [made] = await db
      .insert(report)
      .values({
        reference: `REP-${randomCode(6)}`,
        referralId,
        organisationId: ref.organisationId,
        type: "management",
        status: "released",
        doctorId: "doctor-of-the-fixture",
        releasedVersion: 1,
        releasedAt,
      })
      .returning({ id: report.id });
    if (!made) throw new Error("report not made");
    await db.insert(reportVersion).values({
      reportId: made.id,
      version: 1,
      body: body(i),
      authorDoctorId: "doctor-of-the-fixture",
      authorName: "Dr Fixture",
      authorGmcNumber: "7000001",
      signedAt: releasedAt,
      sentAt: releasedAt,
      subjectDecision: "approved",
      decidedAt: releasedAt,
    });
    await countReleasedOutcome(db, {
      reportId: made.id,
      organisationId: ref.organisationId,
      ownerId: ref.ownerId,
      version: 1,
      body: body(i),
      firstReleasedAt: releasedAt,
    });
  }
}
