import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listDoctorCases } from "~/domain/doctor/doctor-cases.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { listReferrals } from "~/domain/referrals/list-referrals.server.ts";
import { caseConversationForTest } from "~tests/support/case-conversation.ts";
import { createDoctorRecordForTest } from "~tests/support/consultations.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import {
  analyzeTables,
  copiedColumns,
  copyReferral,
  explainAnalyze,
  statementsOf,
} from "~tests/support/query-plans.ts";
import { getDoctorConversation } from "./get-doctor-conversation.server.ts";
import { getEmployerConversation } from "./get-employer-conversation.server.ts";
import { sendMessageToDoctor } from "./send-message-to-doctor.server.ts";
import { sendMessageToEmployer } from "./send-message-to-employer.server.ts";
import { sendMessageToPerson } from "./send-message-to-person.server.ts";
import { sendPersonMessage } from "./send-person-message.server.ts";

/*
 * The lists' "new message" flag (docs/architecture.md §4, "The case conversation"): set by what
 * the other side wrote, cleared by exactly what the case page's reading marks read, one boolean
 * per row, and never about a thread the reader may not read.
 */

const database = testDatabaseForFile();

/** The case's row on the employer's referrals list, as its page's data carries it. */
async function employerRow(scope: Scope, referralId: string) {
  const list = await listReferrals(scope, {});
  return list.rows.find((r) => r.id === referralId);
}

async function employerFlag(scope: Scope, referralId: string) {
  return (await employerRow(scope, referralId))?.newMessage;
}

async function doctorFlag(scope: Scope, referralId: string) {
  const list = await listDoctorCases(scope, { tab: "all", search: "", page: 1 });
  return list.rows.find((r) => r.id === referralId)?.newMessage;
}

describe("the employer's referrals list", () => {
  it("flags a case once the doctor writes, and clears it when the employer opens the thread", async () => {
    const c = await caseConversationForTest(database.db);
    const hr = () => c.employerScope("hr");
    expect(await employerFlag(hr(), c.referral.id)).toBe(false);

    // The employer's own question is no news to the employer.
    await sendMessageToDoctor(hr(), {
      referralKey: c.referral.id,
      body: "Can she do the early shifts?",
    });
    expect(await employerFlag(hr(), c.referral.id)).toBe(false);

    const replied = await sendMessageToEmployer(c.doctorScope(), {
      referralId: c.referral.id,
      body: "Yes, from the second week of the phased return.",
    });
    expect(replied).toMatchObject({ ok: true });
    const row = await employerRow(hr(), c.referral.id);
    expect(row?.newMessage).toBe(true);
    // The row carries the flag alone: no text, no count, no thread.
    expect(JSON.stringify(row)).not.toMatch(/second week|phased|employer_doctor|person_doctor/);

    // The referral's page reads the thread: the doctor's message is marked read for the team.
    await getEmployerConversation(hr(), { referralKey: c.referral.id });
    expect(await employerFlag(hr(), c.referral.id)).toBe(false);
    expect(await employerFlag(c.employerScope("hr"), c.referral.id)).toBe(false);
  });

  it("never flags a case for anything in the person's thread", async () => {
    const c = await caseConversationForTest(database.db);
    const person = await sendPersonMessage(c.personScope(), {
      body: "My GP has changed my tablets this week.",
    });
    expect(person).toMatchObject({ ok: true });
    const toPerson = await sendMessageToPerson(c.doctorScope(), {
      referralId: c.referral.id,
      body: "Thank you, I will ask about mornings at our call.",
    });
    expect(toPerson).toMatchObject({ ok: true });
    expect(await employerFlag(c.employerScope("hr"), c.referral.id)).toBe(false);
    // Both wait unread: the doctor's list says so, the employer's says nothing.
    expect(await doctorFlag(c.doctorScope(), c.referral.id)).toBe(true);
  });

  it("gives a manager who is not on the case nothing, not even a row", async () => {
    const c = await caseConversationForTest(database.db);
    await sendMessageToEmployer(c.doctorScope(), {
      referralId: c.referral.id,
      body: "Please send the risk assessment for the warehouse.",
    });
    expect(await employerFlag(c.employerScope("hr"), c.referral.id)).toBe(true);
    const stranger = await listReferrals(c.employerScope("stranger"), {});
    expect(stranger.rows.map((r) => r.id)).not.toContain(c.referral.id);
    expect(stranger.rows.some((r) => r.newMessage)).toBe(false);
  });
});

describe("the doctor's list", () => {
  it("flags a case for the employer's thread and for the person's, each cleared by opening the case", async () => {
    const c = await caseConversationForTest(database.db);
    const doctor = () => c.doctorScope();
    expect(await doctorFlag(doctor(), c.referral.id)).toBe(false);

    await sendMessageToDoctor(c.employerScope("hr"), {
      referralKey: c.referral.id,
      body: "Is a phased return over four weeks reasonable?",
    });
    expect(await doctorFlag(doctor(), c.referral.id)).toBe(true);
    await getDoctorConversation(doctor(), { referralId: c.referral.id });
    expect(await doctorFlag(doctor(), c.referral.id)).toBe(false);

    await sendPersonMessage(c.personScope(), { body: "I can start at ten from Monday." });
    expect(await doctorFlag(doctor(), c.referral.id)).toBe(true);
    await getDoctorConversation(doctor(), { referralId: c.referral.id });
    expect(await doctorFlag(doctor(), c.referral.id)).toBe(false);

    // The doctor's own messages are no news to them, in either thread.
    await sendMessageToEmployer(doctor(), { referralId: c.referral.id, body: "Yes, it is." });
    await sendMessageToPerson(doctor(), { referralId: c.referral.id, body: "Ten is fine." });
    expect(await doctorFlag(doctor(), c.referral.id)).toBe(false);
  });

  it("flags only the doctor the case is assigned to", async () => {
    // Urgent and still with the doctor: every doctor sees it on their list, only its own doctor
    // reads (and is told of) its conversation.
    const c = await caseConversationForTest(database.db, { urgent: true });
    await database.db.execute(
      sql`update referral set status = 'in_review' where id = ${c.referral.id}`,
    );
    await sendPersonMessage(c.personScope(), { body: "Please call me after lunch." });
    const other = await createDoctorRecordForTest(database.db, "Dr Other");
    expect(await doctorFlag(c.doctorScope(other.id), c.referral.id)).toBe(false);
    expect(await doctorFlag(c.doctorScope(), c.referral.id)).toBe(true);
  });
});

describe("the flag's cost", () => {
  it("is one probe of the unread index per row of the page, however many cases and messages", async () => {
    const c = await caseConversationForTest(database.db);
    const organisationId = c.actor.organisationId;
    // 300 more cases in the organisation (copies of this one: only the list's columns are read),
    // each with 40 messages read long ago and, on every tenth, one unread reply from the doctor.
    await copyReferral(database, c.referral.id, 300, {
      reference: sql`'REF-U' || lpad(n::text, 6, '0')`,
    });
    await sendMessageToEmployer(c.doctorScope(), {
      referralId: c.referral.id,
      body: "Please send the job description.",
    });
    const columns = await copiedColumns(database, "case_message", ["id", "referral_id", "read_at"]);
    const prefixed = await copiedColumns(
      database,
      "case_message",
      ["id", "referral_id", "read_at"],
      "m.",
    );
    await database.db.execute(sql`
      insert into case_message (${sql.raw(columns)}, id, referral_id, read_at)
      select ${sql.raw(prefixed)}, gen_random_uuid(), r.id,
             case when k = 1 and r.reference like '%0' then null else now() end
      from case_message m, referral r, generate_series(1, 40) k
      where m.referral_id = ${c.referral.id} and r.organisation_id = ${organisationId}`);
    await analyzeTables(database, ["referral", "case_message"]);

    // Once for each row the page returns (26: a page and the row that says there is another).
    const plan = await unreadProbePlan(() => listReferrals(c.employerScope("hr"), {}), 26);
    // Read off the partial index of unread messages, never the case's read history.
    expect(plan).toMatch(/case_message_unread_idx/);
    // The copies share one creation time, so which of them the first page holds is the engine's
    // choice: the flag itself is checked on one case known to have an unread reply, and on one
    // known to have none.
    const [flagged] = (await listReferrals(c.employerScope("hr"), { search: "REF-U000010" })).rows;
    expect(flagged?.newMessage).toBe(true);
    const [quiet] = (await listReferrals(c.employerScope("hr"), { search: "REF-U000011" })).rows;
    expect(quiet?.newMessage).toBe(false);

    // The doctor's list sorts every case of theirs by urgency and SLA before its page of 20:
    // the probe still waits until after the sort and the limit.
    const doctorPlan = await unreadProbePlan(
      () => listDoctorCases(c.doctorScope(), { tab: "all", search: "", page: 1 }),
      20,
    );
    expect(doctorPlan).toMatch(/Sort/);
  });
});

/**
 * The plan of the statement by which `list` asks about messages: it probes the unread messages at
 * most `pageRows` times, and never reads the whole table at once (a hashed subplan would read
 * every unread message of every case).
 */
async function unreadProbePlan(list: () => Promise<unknown>, pageRows: number): Promise<string> {
  const statements = await statementsOf(database, list);
  const page = statements.find((s) => /case_message/.test(s.text));
  expect(page, "the list's statement asks about messages").toBeDefined();
  const plan = await explainAnalyze(database, page!);
  expect(plan).not.toMatch(/hashed SubPlan|Seq Scan on case_message/i);
  const probes = probesOf(plan);
  expect(probes.length).toBeGreaterThan(0);
  for (const loops of probes) expect(loops).toBeLessThanOrEqual(pageRows);
  return plan;
}

/** How many times each read of the unread index ran. */
function probesOf(plan: string): number[] {
  return [
    ...plan.matchAll(/Index (?:Only )?Scan using case_message_unread_idx[^\n]*loops=(\d+)/g),
  ].map(([, loops]) => Number(loops));
}

/** A table's columns but some, comma-separated, for copying its rows in SQL. */
