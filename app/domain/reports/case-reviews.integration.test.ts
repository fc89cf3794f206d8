import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  auditEvent,
  caseReview,
  member,
  referral,
  referralManager,
  user,
} from "~/db/schema/index.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { closeReferral } from "~/domain/referrals/close-referral.server.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { recordingMailer } from "~tests/support/mail.ts";
import { employerScopeForTest } from "~tests/support/referrals.ts";
import {
  createSentReport,
  managementBodyForTest,
  releaseSentReportForTest,
} from "~tests/support/reports.ts";
import { listReviewsDue, recordReviewDates, remindDueCaseReviews } from "./case-reviews.server.ts";
import type { ManagementReportBody, ReportBody } from "./report-body.ts";

const database = testDatabaseForFile();
const management = managementBodyForTest as ManagementReportBody;
const mailer = recordingMailer();
const jobs = { send: async () => "job-id" };

beforeEach(() => {
  mailer.sent.length = 0;
});

/** Released on Tuesday 3 November 2026, 09:00 in London (signed an hour before). */
const releasedAt = new Date("2026-11-03T09:00:00Z");

/** Words of the report that must reach no e-mail about its reviews. */
const healthWords = ["Phased return", "night shifts", "depressive", "low mood", "treatment"];

const bodyWithTemporaryAdjustments: ReportBody = {
  ...management,
  adjustments: [
    { text: "Phased return over six weeks", weeks: 6 },
    { text: "No night shifts until reviewed", reviewBy: "2027-03-01" },
    "A quiet desk away from the door",
  ],
};

async function addMember(organisationId: string, role: "manager" | "owner", name: string) {
  const id = `user-${randomBytes(6).toString("hex")}`;
  const email = `${id}@employer.example`;
  await database.db.insert(user).values({ id, name, email, emailVerified: true });
  await database.db.insert(member).values({ organisationId, userId: id, role });
  return { id, email };
}

/**
 * A released report with temporary adjustments: the referral owned by the organisation's owner,
 * one manager named on it and one who is not.
 */
async function releasedCase(body: ReportBody = bodyWithTemporaryAdjustments) {
  const sent = await createSentReport(database.db, {
    body,
    organisationName: "Harbour Care Ltd",
    // Signed, sent and released within the hour: six weeks from signing are six from release.
    now: new Date(releasedAt.getTime() - 3_600_000),
  });
  const organisationId = sent.actor.organisationId;
  await database.db
    .update(referral)
    .set({ ownerId: sent.employer.ownerId, createdBy: sent.employer.ownerId })
    .where(eq(referral.id, sent.referral.id));
  const named = await addMember(organisationId, "manager", "Nia Named");
  const other = await addMember(organisationId, "manager", "Oscar Other");
  await database.db
    .insert(referralManager)
    .values({ referralId: sent.referral.id, userId: named.id, organisationId });
  await releaseSentReportForTest(database.db, sent, {
    origin: { ip: "10.1.0.1", requestId: "open" },
    now: releasedAt,
    jobs,
  });
  const employer = (userId: string, memberRole: "owner" | "manager", now: Date) =>
    employerScopeForTest(
      database.db,
      {
        userId,
        organisationId,
        organisationName: "Harbour Care Ltd",
        memberRole,
      },
      now,
    );
  return { sent, organisationId, named, other, employer };
}

const reviewsOf = (referralId: string) =>
  database.db
    .select({ kind: caseReview.kind, dueOn: caseReview.dueOn, remindedAt: caseReview.remindedAt })
    .from(caseReview)
    .where(eq(caseReview.referralId, referralId))
    .orderBy(caseReview.dueOn);

const job = (now: Date) =>
  systemScope(database.db, "case-review-reminders", testAdapters({ mailer }), { now });

describe("the release writes the review dates", () => {
  it("one row per temporary adjustment's date, with the release, and none for a permanent one", async () => {
    const { sent } = await releasedCase();
    expect(await reviewsOf(sent.referral.id)).toEqual([
      // Six weeks from its signing on Tuesday 3 November 2026.
      { kind: "adjustment_review", dueOn: "2026-12-15", remindedAt: null },
      { kind: "adjustment_review", dueOn: "2027-03-01", remindedAt: null },
    ]);
  });

  it("a later version released on the case replaces the reviews still to come, keeping a reminder already sent", async () => {
    const { sent } = await releasedCase();
    await remindDueCaseReviews(job(new Date("2026-12-08T09:00:00Z")));
    const reissuedAt = new Date("2026-12-09T10:00:00Z");
    await database.db.transaction((tx) =>
      recordReviewDates(
        tx,
        sent.report,
        {
          version: 2,
          signedAt: reissuedAt,
          body: {
            ...management,
            adjustments: [
              { text: "Phased return, as before", reviewBy: "2026-12-15" },
              { text: "Fewer hours", weeks: 8 },
            ],
          },
        },
        reissuedAt,
      ),
    );
    const after = await reviewsOf(sent.referral.id);
    expect(after.map((r) => [r.dueOn, r.remindedAt !== null])).toEqual([
      ["2026-12-15", true],
      // Eight weeks from Wednesday 9 December 2026.
      ["2027-02-03", false],
    ]);
  });
});

describe("the reminder five working days before", () => {
  it("e-mails the owner and the named manager once, on the day, with no health detail", async () => {
    const { sent, named, other } = await releasedCase();
    // Other tests' cases share the database: only this case's e-mails are counted.
    const mails = () => mailer.sent.filter((m) => m.text.includes(sent.referral.reference));
    // Monday 7 December is six working days before Tuesday 15th: not yet.
    await remindDueCaseReviews(job(new Date("2026-12-07T16:00:00Z")));
    expect(mails()).toEqual([]);

    // Tuesday 8 December: two runs at once (two processes) remind it once, and so does a later run.
    const at = new Date("2026-12-08T07:50:00Z");
    await Promise.all([remindDueCaseReviews(job(at)), remindDueCaseReviews(job(at))]);
    await remindDueCaseReviews(job(new Date("2026-12-08T15:50:00Z")));
    expect(mails()).toHaveLength(2);

    expect(
      mails()
        .map((m) => m.to)
        .sort(),
    ).toEqual([sent.employer.ownerEmail, named.email].sort());
    expect(mails().map((m) => m.to)).not.toContain(other.email);
    for (const mail of mails()) {
      expect(mail.subject).toBe(`Review due 15 December 2026: ${sent.referral.reference}`);
      expect(mail.text).toContain("Review of adjustments, due on Tuesday, 15 December 2026");
      expect(mail.text).toContain(`/employer-referrals?viewReferral=${sent.referral.reference}`);
      for (const word of [...healthWords, sent.referral.subjectName])
        expect(`${mail.subject}\n${mail.text}`).not.toContain(word);
    }
    const [first] = await reviewsOf(sent.referral.id);
    expect(first?.remindedAt).toEqual(at);

    // The audit names the review and how many were told; nothing of the report.
    const audited = await database.db
      .select({ details: auditEvent.details })
      .from(auditEvent)
      .where(
        and(
          eq(auditEvent.action, "case_review.reminded"),
          eq(auditEvent.objectId, sent.referral.id),
        ),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]?.details).toMatchObject({
      kind: "adjustment_review",
      dueOn: "2026-12-15",
      recipients: 2,
    });
  });

  it("is neither sent nor listed once the employer closes the case with no further action", async () => {
    const { sent, named, employer } = await releasedCase();
    await closeReferral(
      employer(named.id, "manager", new Date("2026-11-20T10:00:00Z")),
      sent.referral.reference,
    );
    await remindDueCaseReviews(job(new Date("2026-12-08T09:00:00Z")));
    expect(mailer.sent.filter((m) => m.text.includes(sent.referral.reference))).toEqual([]);
    expect((await reviewsOf(sent.referral.id))[0]?.remindedAt).toBeNull();
    const owner = employer(sent.employer.ownerId, "owner", new Date("2026-12-08T09:00:00Z"));
    expect(
      (await listReviewsDue(owner)).filter((r) => r.referralReference === sent.referral.reference),
    ).toEqual([]);
  });
});

describe("Reviews due on the employer's dashboard", () => {
  it("lists the next 30 days' reviews to the owner and the named manager, not to another manager", async () => {
    const { sent, named, other, employer } = await releasedCase();
    const now = new Date("2026-11-20T10:00:00Z");
    const expected = [
      {
        referralReference: sent.referral.reference,
        subjectName: sent.referral.subjectName,
        kind: "adjustment_review",
        kindLabel: "Review of adjustments",
        dueOn: "2026-12-15",
      },
    ];
    expect(await listReviewsDue(employer(sent.employer.ownerId, "owner", now))).toMatchObject(
      expected,
    );
    expect(await listReviewsDue(employer(named.id, "manager", now))).toMatchObject(expected);
    expect(await listReviewsDue(employer(other.id, "manager", now))).toEqual([]);
    // While an amendment of the report is under way the released version, and its dates, stand.
    await database.db
      .update(referral)
      .set({ status: "in_review" })
      .where(eq(referral.id, sent.referral.id));
    expect(await listReviewsDue(employer(named.id, "manager", now))).toMatchObject(expected);
    await database.db
      .update(referral)
      .set({ status: "complete" })
      .where(eq(referral.id, sent.referral.id));
    // Too far ahead yet (more than 30 days before), then gone once its day has passed.
    expect(
      await listReviewsDue(
        employer(sent.employer.ownerId, "owner", new Date("2026-11-10T10:00:00Z")),
      ),
    ).toEqual([]);
    expect(
      await listReviewsDue(
        employer(sent.employer.ownerId, "owner", new Date("2026-12-16T10:00:00Z")),
      ),
    ).toEqual([]);

    const audited = await database.db
      .select({ actorId: auditEvent.actorId, details: auditEvent.details })
      .from(auditEvent)
      .where(eq(auditEvent.action, "case_review.employer_listed"));
    const about = audited.filter((a) =>
      (a.details as { referrals?: string[] }).referrals?.includes(sent.referral.reference),
    );
    // Each list that showed the case is a read of it, by whom; the other manager's showed none.
    expect([...new Set(about.map((a) => a.actorId))].sort()).toEqual(
      [sent.employer.ownerId, named.id].sort(),
    );
    expect(about).toHaveLength(3);
  });
});
