import { and, eq, inArray, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  caseClinicalNote,
  consultation,
  draftReport,
  questionnaireResponse,
  referral,
} from "~/db/schema/index.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { insertAnswersAndDraftForTest } from "~tests/support/assessments.ts";
import {
  doctorScope,
  referralInReviewForTest,
  subjectScopeOf,
} from "~tests/support/consultations.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import type { Actor } from "./actor.ts";
import { createScope, type Scope, systemScope } from "./scope.ts";
import {
  visibleClinicalNotes,
  visibleConsultations,
  visibleDraftReports,
  visibleQuestionnaireResponses,
} from "./visibility.server.ts";

/**
 * The health-data builders (docs/architecture.md §1 and §3b), against real rows: who reaches a
 * case's answers, drafts, clinical notes and consultations, and who does not.
 */
const database = testDatabaseForFile();
const origin = { ip: null, requestId: "test" };

/** A case in review with `doctorId` on it, holding one row of each health-data table. */
async function caseWithHealthData(doctorId: string) {
  const { db } = database;
  const { referral: r, employer } = await referralInReviewForTest(db, { doctorId });
  await insertAnswersAndDraftForTest(db, r.id, {
    referralReason: "Back pain",
    answers: { pain: "Lower back pain" },
  });
  await db.insert(caseClinicalNote).values({ referralId: r.id, doctorId, notes: "Ask GP" });
  await db.insert(consultation).values({ referralId: r.id, doctorId, status: "completed" });
  return { referral: r, employer };
}

const tables = {
  answers: [questionnaireResponse.referralId, visibleQuestionnaireResponses],
  drafts: [draftReport.referralId, visibleDraftReports],
  notes: [caseClinicalNote.referralId, visibleClinicalNotes],
  consultations: [consultation.referralId, visibleConsultations],
} as const;

/** Which of `cases` each health-data table shows `scope`, by the cases' names. */
async function seen(scope: Scope, cases: Record<string, string>) {
  const names = new Map(Object.entries(cases).map(([name, id]) => [id, name]));
  const out: Record<string, string[]> = {};
  for (const [table, [referralId, builder]] of Object.entries(tables)) {
    const rows = await database.db
      .select({ referralId })
      .from(referralId.table)
      .where(and(inArray(referralId, [...names.keys()]), builder(scope) as SQL));
    out[table] = rows.map((row) => names.get(row.referralId) as string).sort();
  }
  return out;
}

describe("the health-data visibility builders", () => {
  it("show a case's health data to its doctor, its person, administrators and the system; never to the employer", async () => {
    const a = await caseWithHealthData("doc-health-a");
    const b = await caseWithHealthData("doc-health-b");
    const cases = { a: a.referral.id, b: b.referral.id };
    const all = {
      answers: ["a", "b"],
      drafts: ["a", "b"],
      notes: ["a", "b"],
      consultations: ["a", "b"],
    };
    const none = { answers: [], drafts: [], notes: [], consultations: [] };

    expect(await seen(doctorScope(database.db, { userId: "doc-health-a" }), cases)).toEqual({
      answers: ["a"],
      drafts: ["a"],
      notes: ["a"],
      consultations: ["a"],
    });
    expect(await seen(doctorScope(database.db, { userId: "doc-health-other" }), cases)).toEqual(
      none,
    );
    // The person: their own answers and consultations; the drafts and notes are the doctor's.
    expect(await seen(subjectScopeOf(database.db, a.referral), cases)).toEqual({
      answers: ["a"],
      drafts: [],
      notes: [],
      consultations: ["a"],
    });
    const owner: Actor = {
      role: "employer",
      userId: a.employer.userId,
      organisationId: a.employer.organisationId,
      organisationName: a.employer.organisationName,
      memberRole: "owner",
    };
    expect(await seen(createScope(database.db, owner, origin, testAdapters()), cases)).toEqual(
      none,
    );
    const admin: Actor = { role: "admin", userId: "admin-health", twoFactorVerified: true };
    expect(await seen(createScope(database.db, admin, origin, testAdapters()), cases)).toEqual(all);
    expect(await seen(systemScope(database.db, "test", testAdapters()), cases)).toEqual(all);
  });

  it("let any doctor reach an urgent open case's answers, but its clinical notes only its own doctor", async () => {
    const a = await caseWithHealthData("doc-urgent-a");
    await database.db.update(referral).set({ urgent: true }).where(eq(referral.id, a.referral.id));
    expect(
      await seen(doctorScope(database.db, { userId: "doc-urgent-other" }), { a: a.referral.id }),
    ).toEqual({ answers: ["a"], drafts: ["a"], notes: [], consultations: ["a"] });
  });
});
