import { subDays, subMonths } from "date-fns";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditEvent,
  caseDocument,
  caseMessage,
  draftReport,
  questionnaireResponse,
  referral,
  report,
  reportVersion,
  retentionErasure,
} from "~/db/schema/index.ts";
import { verifyAuditChain } from "~/domain/audit/verify-audit-chain.server.ts";
import { systemScope } from "~/domain/kernel/scope.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import {
  createInvitedReferralForTest,
  insertAnswersAndDraftForTest,
} from "~tests/support/assessments.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { eraseExpiredHealthData } from "./erase-expired-health-data.server.ts";
import { DEFAULT_RETENTION } from "./retention-policy.ts";

const database = testDatabaseForFile();

const NOW = new Date("2033-03-15T09:00:00Z");
/** The purge as the job runs it: a system scope, with the clock moved to NOW. */
const job = () =>
  systemScope(database.db, "governance-retention-purge", testAdapters(), { now: NOW });

/** A case with answers, a draft and a released report, put into `status` at `at`. */
async function caseWithHealthData(
  type: "pre_employment" | "management",
  status: "complete" | "withheld" | "expired" | "in_progress",
  at: Date,
) {
  const { referral: r } = await createInvitedReferralForTest(database.db, { type });
  await insertAnswersAndDraftForTest(database.db, r.id, {
    referralReason: "Knee injury",
    answers: { pain: "Severe knee pain" },
    draftNote: "Knee pain draft",
  });
  const [rep] = await database.db
    .insert(report)
    .values({
      reference: `REP-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      referralId: r.id,
      organisationId: r.organisationId,
      type,
      status: status === "complete" ? "released" : "draft",
      doctorId: "doctor-1",
      releasedAt: status === "complete" ? at : null,
    })
    .returning();
  await database.db.insert(reportVersion).values({
    reportId: rep!.id,
    version: 1,
    body: { kind: "management" } as never,
    authorDoctorId: "doctor-1",
    authorName: "Dr Test",
    authorGmcNumber: "1234567",
    subjectComment: "Please correct my knee history",
    pdf: Buffer.from("%PDF-1.4 test"),
  });
  // The case conversation: a message in each thread, and a document.
  const [message] = await database.db
    .insert(caseMessage)
    .values([
      {
        referralId: r.id,
        thread: "employer_doctor",
        authorRole: "hr_admin",
        authorName: "HR",
        body: "Knee: can she climb ladders?",
      },
      {
        referralId: r.id,
        thread: "person_doctor",
        authorRole: "person",
        authorName: "Jo",
        body: "My knee is worse on stairs",
      },
    ])
    .returning({ id: caseMessage.id });
  await database.db.insert(caseDocument).values({
    referralId: r.id,
    thread: "person_doctor",
    kind: "fit_note",
    uploaderRole: "person",
    uploaderName: "Jo",
    fileName: "knee fit note.pdf",
    contentType: "application/pdf",
    size: 13,
    sha256: "0".repeat(64),
    content: Buffer.from("%PDF-1.4 knee").toString("base64"),
    scannedBy: "active-content",
    messageId: message!.id,
  });
  await database.db
    .update(referral)
    .set({
      status,
      closedAt: status === "expired" || status === "withheld" ? at : null,
      updatedAt: at,
    })
    .where(eq(referral.id, r.id));
  return r.id;
}

async function healthRows(referralId: string) {
  const { db } = database;
  const versions = await db
    .select({ id: reportVersion.id })
    .from(reportVersion)
    .innerJoin(report, eq(report.id, reportVersion.reportId))
    .where(eq(report.referralId, referralId));
  const [row] = await db.select().from(referral).where(eq(referral.id, referralId));
  return {
    messages: await db.$count(caseMessage, eq(caseMessage.referralId, referralId)),
    documents: await db.$count(caseDocument, eq(caseDocument.referralId, referralId)),
    responses: await db.$count(
      questionnaireResponse,
      eq(questionnaireResponse.referralId, referralId),
    ),
    drafts: await db.$count(draftReport, eq(draftReport.referralId, referralId)),
    versions: versions.length,
    referral: row,
  };
}

describe("the retention purge with a moved clock", () => {
  it("erases exactly the cases whose period has run out, and audits each without content", async () => {
    const cases = {
      preEmploymentExpired: await caseWithHealthData(
        "pre_employment",
        "complete",
        subMonths(NOW, 13),
      ),
      preEmploymentKept: await caseWithHealthData("pre_employment", "complete", subMonths(NOW, 11)),
      managementExpired: await caseWithHealthData("management", "withheld", subMonths(NOW, 73)),
      managementKept: await caseWithHealthData("management", "complete", subMonths(NOW, 60)),
      abandonedExpired: await caseWithHealthData("management", "expired", subDays(NOW, 91)),
      abandonedKept: await caseWithHealthData("pre_employment", "expired", subDays(NOW, 89)),
      stillOpen: await caseWithHealthData("management", "in_progress", subMonths(NOW, 100)),
    };

    const erased = await eraseExpiredHealthData(job(), { periods: DEFAULT_RETENTION });
    expect(new Map(erased.map((e) => [e.referralId, e.rule]))).toEqual(
      new Map([
        [cases.preEmploymentExpired, "pre_employment_outcome"],
        [cases.managementExpired, "management_completion"],
        [cases.abandonedExpired, "abandoned_invitation"],
      ]),
    );

    for (const id of [
      cases.preEmploymentExpired,
      cases.managementExpired,
      cases.abandonedExpired,
    ]) {
      const left = await healthRows(id);
      expect(left).toMatchObject({
        responses: 0,
        drafts: 0,
        versions: 0,
        messages: 0,
        documents: 0,
      });
      // The bare case record stays.
      expect(left.referral).toMatchObject({ id, reason: null });
      expect(left.referral?.reference).toBeTruthy();
    }
    for (const id of [
      cases.preEmploymentKept,
      cases.managementKept,
      cases.abandonedKept,
      cases.stillOpen,
    ]) {
      expect(await healthRows(id)).toMatchObject({
        responses: 1,
        drafts: 1,
        versions: 1,
        messages: 2,
        documents: 1,
      });
    }

    const events = await database.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.action, "retention.erased"));
    expect(events.map((e) => e.objectId).sort()).toEqual(erased.map((e) => e.referralId).sort());
    for (const e of events) {
      expect(e).toMatchObject({
        actorRole: "system",
        actorId: "system:governance-retention-purge",
      });
      expect(JSON.stringify(e.details)).not.toMatch(/knee/i);
      expect(e.details).toMatchObject({ questionnaireResponses: 1, drafts: 1, reportVersions: 1 });
    }
    expect((await verifyAuditChain(database.db)).ok).toBe(true);

    // A second run the same day finds nothing more to do.
    expect(await eraseExpiredHealthData(job(), { periods: DEFAULT_RETENTION })).toEqual([]);
    const recorded = await database.db.select().from(retentionErasure);
    expect(recorded).toHaveLength(3);
    const raw = (await database.db.execute(
      sql`select count(*)::int as n from audit_event`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(raw.rows[0]?.n).toBeGreaterThanOrEqual(3);
  });
});
