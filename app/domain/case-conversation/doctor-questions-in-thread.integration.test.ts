import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runtimeContext, sessionContext } from "~/context.ts";
import {
  currentDataKeyring,
  DecryptionError,
  decryptString,
  encryptString,
} from "~/db/encryption/keyring.ts";
import { caseMessage, referral } from "~/db/schema/index.ts";
import type { CurrentSession } from "~/domain/accounts/load-session.server.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { loader as personStartLoader } from "~/routes/assessment/start.tsx";
import { action as editorAction } from "~/routes/doctor/report-editor.tsx";
import { loader as employerReferralLoader } from "~/routes/employer/referral.tsx";
import { testAdapters } from "~tests/support/adapters.ts";
import { auditEventsAbout } from "~tests/support/audit.ts";
import { caseConversationForTest } from "~tests/support/case-conversation.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { formPost, routeContext, signedInAsDoctor } from "~tests/support/routes.ts";
import { getDoctorConversation, getDoctorPersonThread } from "./get-doctor-conversation.server.ts";
import { getEmployerConversation } from "./get-employer-conversation.server.ts";
import { getPersonConversation } from "./get-person-conversation.server.ts";
import { moveDoctorQuestionsToThread } from "./move-doctor-questions.server.ts";

/*
 * The person ↔ doctor conversation has one home (docs/architecture.md §4, "The case
 * conversation"): the report editor's question goes into the person's thread, and the questions
 * the older form wrote to `subject_information_request` move there at start-up, re-sealed under
 * `case_message.body`.
 */

const database = testDatabaseForFile();

type Case = Awaited<ReturnType<typeof caseConversationForTest>>;

/** A case the doctor is writing the report of: where the editor's question form is. */
async function caseInReview(): Promise<Case> {
  const c = await caseConversationForTest(database.db);
  await database.db
    .update(referral)
    .set({ status: "in_review" })
    .where(eq(referral.id, c.referral.id));
  return c;
}

/** A row as the older editor form wrote it: each value sealed under its own column's name. */
async function plantOldQuestion(
  c: Case,
  row: { question: string; sentAt: Date; reply?: string; answeredAt?: Date; plain?: boolean },
): Promise<string> {
  const seal = (value: string, column: "question" | "reply") =>
    row.plain
      ? value
      : encryptString(currentDataKeyring(), value, `subject_information_request.${column}`);
  const inserted = (await database.db.execute(sql`
    insert into subject_information_request (referral_id, doctor_id, question, sent_at, reply, answered_at)
    values (${c.referral.id}::uuid, ${c.doctor.id}, ${seal(row.question, "question")},
      ${row.sentAt.toISOString()}::timestamptz,
      ${row.reply === undefined ? null : seal(row.reply, "reply")},
      ${row.answeredAt?.toISOString() ?? null}::timestamptz)
    returning id::text as id`)) as unknown as { rows: { id: string }[] };
  return inserted.rows[0]!.id;
}

async function oldRowsOf(referralId: string): Promise<number> {
  const result = (await database.db.execute(
    sql`select count(*)::int as n from subject_information_request where referral_id = ${referralId}::uuid`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

async function rawBodies(referralId: string) {
  const result = (await database.db.execute(
    sql`select id::text as id, body from case_message where referral_id = ${referralId}::uuid order by sent_at`,
  )) as unknown as { rows: { id: string; body: string }[] };
  return result.rows;
}

function doctorContext(c: Case) {
  const context = routeContext(database, "127.0.0.1", []);
  context.set(runtimeContext, {
    ...context.get(runtimeContext),
    adapters: testAdapters({ mailer: c.mailer }),
  });
  return signedInAsDoctor(context, { id: c.doctor.id, name: c.doctor.name });
}

function hrContext(c: Case) {
  const context = routeContext(database, "127.0.0.1", []);
  context.set(sessionContext, {
    actor: { role: "employer" },
    user: { id: c.team.hr!.userId, name: "hr" },
    organisation: {
      id: c.actor.organisationId,
      name: c.actor.organisationName,
      memberRole: "hr_admin",
    },
  } as unknown as CurrentSession);
  return context;
}

const askInEditor = (c: Case, body: string) =>
  editorAction({
    request: formPost(`http://localhost/doctor-referrals/${c.referral.id}/report`, {
      intent: "message",
      thread: "person_doctor",
      body,
    }),
    params: { referralId: c.referral.id },
    context: doctorContext(c),
  } as unknown as Parameters<typeof editorAction>[0]);

const employerPage = (c: Case) =>
  employerReferralLoader({
    request: new Request(`http://localhost/employer-referrals/${c.referral.id}`),
    params: { referralId: c.referral.id },
    context: hrContext(c),
  } as unknown as Parameters<typeof employerReferralLoader>[0]);

const personStartPage = (c: Case) =>
  personStartLoader({
    request: new Request(`http://localhost/assessment/${c.token}`),
    params: { token: c.token },
    context: routeContext(database, "127.0.0.1", []),
  } as unknown as Parameters<typeof personStartLoader>[0]);

describe("the report editor's question to the person", () => {
  it("goes into the person's thread, e-mailed without its text, and never reaches the employer", async () => {
    const c = await caseInReview();
    const question = "EDITOR-QUESTION: how many hours a day do you spend at a screen?";

    // The box's own rule first: an empty message is refused beside the box, nothing stored.
    expect(await askInEditor(c, "   ")).toMatchObject({
      data: { intent: "message", ok: false, result: { error: { body: ["Write your message."] } } },
      init: { status: 400 },
    });
    expect(await rawBodies(c.referral.id)).toEqual([]);

    expect(await askInEditor(c, question)).toEqual({ intent: "message", ok: true });

    // Sealed at rest, under the thread's column.
    const [stored] = await rawBodies(c.referral.id);
    expect(stored?.body).toMatch(/^enc:v1:/);
    expect(stored?.body).not.toContain("EDITOR-QUESTION");

    // The person is e-mailed a link to their messages, never the text.
    const toPerson = c.mailer.sent.filter((m) => m.to === c.referral.subjectEmail);
    expect(toPerson).toHaveLength(1);
    expect(JSON.stringify(toPerson[0])).not.toContain("EDITOR-QUESTION");
    expect(toPerson[0]!.text).toMatch(/\/assessment\/[A-Za-z0-9_-]+\/documents/);

    // The person's landing page points to one conversation: a count, no old questions block.
    const start = await personStartPage(c);
    expect(start).toMatchObject({ view: "submitted", newMessages: 1 });
    expect(start).not.toHaveProperty("messages");
    expect(JSON.stringify(start)).not.toContain("EDITOR-QUESTION");

    // The person reads it in their thread, from the doctor, by name.
    const forPerson = await getPersonConversation(c.personScope(), {
      id: c.referral.id,
      status: "in_review",
    });
    expect(forPerson.messages).toMatchObject([
      { authorRole: "doctor", authorName: c.doctor.name, body: question, mine: false },
    ]);
    expect((await personStartPage(c)) as unknown).toMatchObject({ newMessages: 0 });

    // The doctor sees it in the same thread as on the case page, read by the person.
    const forDoctor = await getDoctorConversation(c.doctorScope(), { referralId: c.referral.id });
    expect(forDoctor.personMessages).toMatchObject([{ body: question, mine: true }]);
    expect(forDoctor.personMessages[0]!.readAt).toBeInstanceOf(Date);
    expect(forDoctor.messages).toEqual([]);

    // Audited as a message of the person's thread, with no text.
    const [sentEvent] = await auditEventsAbout(
      database.db,
      c.referral.id,
      "conversation.message_sent",
    );
    expect(sentEvent?.details).toMatchObject({ thread: "person_doctor" });
    expect(JSON.stringify(sentEvent)).not.toContain("EDITOR-QUESTION");

    // The employer's page: nothing of it in what its loader hands the browser.
    const page = await employerPage(c);
    expect(JSON.stringify(page)).not.toContain("EDITOR-QUESTION");
    expect(page.conversation.messages).toEqual([]);
  });
});

describe("the older questions, moved into the person's thread at start-up", () => {
  it("moves each question and reply, re-sealed under case_message.body, readable by doctor and person, never the employer; the old table is left empty", async () => {
    const c = await caseInReview();
    const asked = new Date("2026-03-02T09:00:00Z");
    const answeredAt = new Date("2026-03-02T18:30:00Z");
    const answeredId = await plantOldQuestion(c, {
      question: "OLD-QUESTION-1: do you drive for work?",
      sentAt: asked,
      reply: "OLD-REPLY-1: yes, about an hour a day.",
      answeredAt,
    });
    await plantOldQuestion(c, {
      question: "OLD-QUESTION-2: which shifts do you work?",
      sentAt: new Date("2026-03-04T10:00:00Z"),
    });
    // The editor that showed the reply under its question was opened after it came in.
    await recordAuditEvent(database.db, {
      action: "doctor.case_read",
      outcome: "success",
      actor: { id: c.doctor.id, role: "doctor" },
      object: { type: "referral", id: c.referral.id },
      details: { purpose: "editor" },
    });
    const [opened] = await auditEventsAbout(database.db, c.referral.id, "doctor.case_read");
    expect(opened?.occurredAt.getTime()).toBeGreaterThan(answeredAt.getTime());

    const moved = await moveDoctorQuestionsToThread(database.db);
    expect(moved.moved).toBeGreaterThanOrEqual(2);
    expect(moved.left).toEqual([]);
    expect(await oldRowsOf(c.referral.id)).toBe(0);

    // Under the new column's name: opens as case_message.body, no longer as the old column.
    const stored = await rawBodies(c.referral.id);
    expect(stored).toHaveLength(3);
    for (const row of stored) {
      expect(row.body).toMatch(/^enc:v1:/);
      expect(row.body).not.toContain("OLD-");
      expect(decryptString(currentDataKeyring(), row.body, "case_message.body")).toMatch(/^OLD-/);
      expect(() =>
        decryptString(currentDataKeyring(), row.body, "subject_information_request.question"),
      ).toThrow(DecryptionError);
    }
    // The question keeps its id.
    expect(stored[0]!.id).toBe(answeredId);

    // The doctor reads the person's thread: questions by the doctor who asked, the reply by the
    // person, each at its own time; the reply read when the editor showed it.
    const [reply] = await database.db
      .select({ readAt: caseMessage.readAt })
      .from(caseMessage)
      .where(and(eq(caseMessage.referralId, c.referral.id), eq(caseMessage.authorRole, "person")));
    expect(reply?.readAt?.getTime()).toBe(opened!.occurredAt.getTime());
    const forDoctor = await getDoctorPersonThread(c.doctorScope(), { referralId: c.referral.id });
    expect(forDoctor.messages).toEqual([
      expect.objectContaining({
        authorRole: "doctor",
        authorName: c.doctor.name,
        body: "OLD-QUESTION-1: do you drive for work?",
        sentAt: asked,
        // Answered, so read by the person by then.
        readAt: answeredAt,
        mine: true,
      }),
      expect.objectContaining({
        authorRole: "person",
        authorName: c.referral.subjectName,
        body: "OLD-REPLY-1: yes, about an hour a day.",
        sentAt: answeredAt,
        mine: false,
      }),
      expect.objectContaining({
        authorRole: "doctor",
        body: "OLD-QUESTION-2: which shifts do you work?",
        mine: true,
      }),
    ]);

    // The person: the unanswered question is new to them, and all three read in their thread.
    expect(await personStartPage(c)).toMatchObject({ newMessages: 1 });
    const forPerson = await getPersonConversation(c.personScope(), {
      id: c.referral.id,
      status: "in_review",
    });
    expect(forPerson.messages.map((m) => [m.authorRole, m.body, m.mine])).toEqual([
      ["doctor", "OLD-QUESTION-1: do you drive for work?", false],
      ["person", "OLD-REPLY-1: yes, about an hour a day.", true],
      ["doctor", "OLD-QUESTION-2: which shifts do you work?", false],
    ]);

    // The employer: none of it.
    const forHr = await getEmployerConversation(c.employerScope("hr"), {
      referralKey: c.referral.id,
    });
    expect(forHr.messages).toEqual([]);
    expect(JSON.stringify(await employerPage(c))).not.toContain("OLD-");

    // The move is audited per case, by count.
    const [event] = await auditEventsAbout(
      database.db,
      c.referral.id,
      "conversation.questions_moved",
    );
    expect(event?.details).toEqual({ thread: "person_doctor", questions: 2, replies: 1 });

    // A second start finds nothing to do and changes nothing.
    expect(await moveDoctorQuestionsToThread(database.db)).toEqual({ moved: 0, left: [] });
    expect(await rawBodies(c.referral.id)).toEqual(stored);
  });

  it("moves plain values from before sealing, and many rows in batches from two starts at once, each row once", async () => {
    const c = await caseInReview();
    await plantOldQuestion(c, {
      question: "PLAIN-QUESTION",
      sentAt: new Date("2026-01-05T09:00:00Z"),
      reply: "PLAIN-REPLY",
      answeredAt: new Date("2026-01-05T10:00:00Z"),
      plain: true,
    });
    const many = 230;
    for (let i = 0; i < many; i += 1)
      await plantOldQuestion(c, {
        question: `BATCH-QUESTION-${i}`,
        sentAt: new Date(Date.UTC(2026, 1, 1, 9, 0, i)),
      });

    const [first, second] = await Promise.all([
      moveDoctorQuestionsToThread(database.db),
      moveDoctorQuestionsToThread(database.db),
    ]);
    expect(first!.moved + second!.moved).toBe(many + 1);
    expect(await oldRowsOf(c.referral.id)).toBe(0);
    const stored = await rawBodies(c.referral.id);
    expect(stored).toHaveLength(many + 2);
    expect(stored.every((row) => row.body.startsWith("enc:v1:"))).toBe(true);
    const bodies = stored.map((row) =>
      decryptString(currentDataKeyring(), row.body, "case_message.body"),
    );
    expect(new Set(bodies).size).toBe(many + 2);
    expect(bodies.slice(0, 2)).toEqual(["PLAIN-QUESTION", "PLAIN-REPLY"]);
  });

  it("leaves a row it cannot open where it is, and says which", async () => {
    const c = await caseInReview();
    const id = await plantOldQuestion(c, {
      question: "UNREADABLE",
      sentAt: new Date("2026-02-01T09:00:00Z"),
    });
    // Sealed under a key this keyring does not hold.
    await database.db.execute(
      sql`update subject_information_request set question = 'enc:v1:gone:AAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA' where id = ${id}::uuid`,
    );
    const moved = await moveDoctorQuestionsToThread(database.db);
    expect(moved.left).toEqual([id]);
    expect(await oldRowsOf(c.referral.id)).toBe(1);
    expect(await rawBodies(c.referral.id)).toEqual([]);
    await database.db.execute(sql`delete from subject_information_request where id = ${id}::uuid`);
  });
});
