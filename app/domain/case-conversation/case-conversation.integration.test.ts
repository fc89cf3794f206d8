import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvent, caseMessage, referral } from "~/db/schema/index.ts";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { createScope } from "~/domain/kernel/scope.ts";
import { testAdapters } from "~tests/support/adapters.ts";
import { caseConversationForTest, refusalCode } from "~tests/support/case-conversation.ts";
import { testDatabaseForFile } from "~tests/support/database-fixture.ts";
import { getAdminConversation } from "./get-admin-conversation.server.ts";
import { getDoctorConversation } from "./get-doctor-conversation.server.ts";
import { getEmployerConversation } from "./get-employer-conversation.server.ts";
import { getPersonConversation } from "./get-person-conversation.server.ts";
import { sendMessageToDoctor } from "./send-message-to-doctor.server.ts";
import { sendMessageToEmployer } from "./send-message-to-employer.server.ts";
import { sendMessageToPerson } from "./send-message-to-person.server.ts";
import { sendPersonMessage } from "./send-person-message.server.ts";

const database = testDatabaseForFile();

const caseWithTeam = (options: { released?: boolean; urgent?: boolean } = {}) =>
  caseConversationForTest(database.db, options);

describe("the employer–doctor thread", () => {
  it("HR asks, the doctor reads and answers; text sealed, e-mails carry none, reads marked and audited", async () => {
    const c = await caseWithTeam();
    const question = "QUESTION-TEXT: Can she work on the warehouse floor during the phased return?";
    const sent = await sendMessageToDoctor(c.employerScope("hr"), {
      referralKey: c.referral.reference,
      body: `  ${question}  `,
    });
    expect(sent.ok).toBe(true);

    // Sealed at rest: the database holds no word of it.
    const raw = (await database.db.execute(
      sql`select body from case_message where referral_id = ${c.referral.id}`,
    )) as unknown as { rows: { body: string }[] };
    expect(raw.rows[0]?.body).toMatch(/^enc:v1:/);
    expect(raw.rows[0]?.body).not.toContain("QUESTION-TEXT");

    // The doctor is told, with no text.
    const toDoctor = c.mailer.sent.filter((m) => m.to === c.doctor.email);
    expect(toDoctor).toHaveLength(1);
    expect(toDoctor[0]!.subject).toBe(
      `New message from the employer on case ${c.referral.reference}`,
    );
    expect(JSON.stringify(toDoctor[0])).not.toContain("warehouse");

    const forDoctor = await getDoctorConversation(c.doctorScope(), { referralId: c.referral.id });
    expect(forDoctor.state.open).toBe(true);
    expect(forDoctor.messages).toMatchObject([
      { authorRole: "hr_admin", authorName: "hr", body: question, mine: false },
    ]);
    expect(forDoctor.messages[0]!.readAt).toBeNull();

    // Read once the doctor opened it: the employer sees the receipt.
    const forHr = await getEmployerConversation(c.employerScope("hr"), {
      referralKey: c.referral.id,
    });
    expect(forHr.messages[0]!.readAt).toBeInstanceOf(Date);
    expect(forHr.messages[0]!.mine).toBe(true);

    const answer = "Yes, with the adjustments in the report: no lifting over 10 kg for four weeks.";
    const replied = await sendMessageToEmployer(c.doctorScope(), {
      referralId: c.referral.id,
      body: answer,
    });
    expect(replied).toMatchObject({ ok: true });
    const toEmployer = c.mailer.sent.filter((m) => m.to !== c.doctor.email);
    expect(toEmployer.length).toBeGreaterThan(0);
    expect(toEmployer.every((m) => !JSON.stringify(m).includes("lifting"))).toBe(true);
    expect(toEmployer[0]!.subject).toBe(
      `The doctor has replied on referral ${c.referral.reference}`,
    );

    const again = await getEmployerConversation(c.employerScope("hr"), {
      referralKey: c.referral.id,
    });
    expect(again.messages.map((m) => [m.authorRole, m.body])).toEqual([
      ["hr_admin", question],
      ["doctor", answer],
    ]);

    const audit = await database.db
      .select({ action: auditEvent.action, details: auditEvent.details })
      .from(auditEvent)
      .where(eq(auditEvent.objectId, c.referral.id));
    const actions = audit.map((a) => a.action);
    expect(actions.filter((a) => a === "conversation.message_sent")).toHaveLength(2);
    expect(actions.filter((a) => a === "conversation.read").length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(audit)).not.toContain("warehouse");
    expect(JSON.stringify(audit)).not.toContain("lifting");
  });

  it("a manager not on the case, another organisation and another doctor reach nothing", async () => {
    const c = await caseWithTeam();
    await sendMessageToDoctor(c.employerScope("hr"), {
      referralKey: c.referral.id,
      body: "Is a later start time possible?",
    });
    const other = await caseWithTeam();
    const outsiders = [
      () => getEmployerConversation(c.employerScope("stranger"), { referralKey: c.referral.id }),
      () =>
        sendMessageToDoctor(c.employerScope("stranger"), {
          referralKey: c.referral.id,
          body: "Let me in",
        }),
      () => getEmployerConversation(other.employerScope("hr"), { referralKey: c.referral.id }),
      () => getDoctorConversation(c.doctorScope(other.doctor.id), { referralId: c.referral.id }),
      () =>
        sendMessageToEmployer(c.doctorScope(other.doctor.id), {
          referralId: c.referral.id,
          body: "Not my case",
        }),
    ];
    for (const work of outsiders) expect(await refusalCode(work())).toBe("not_found");
  });

  it("refuses a doctor's reply naming a condition the person did not agree to share, before and after release", async () => {
    const open = await caseWithTeam();
    const before = await sendMessageToEmployer(open.doctorScope(), {
      referralId: open.referral.id,
      body: "She has been depressed since the spring and is on sertraline.",
    });
    expect(before.ok).toBe(false);
    if (before.ok) throw new Error("unreachable");
    expect(before.refusals?.join(" ")).toMatch(/depress/i);
    expect(before.refusals?.join(" ")).toMatch(/sertraline/i);

    const released = await caseWithTeam({ released: true });
    // Agreed in the report: any wording of it may be repeated to the employer.
    const agreed = await sendMessageToEmployer(released.doctorScope(), {
      referralId: released.referral.id,
      body: "As the report says, her depression is improving; the phased return stands.",
    });
    expect(agreed).toMatchObject({ ok: true });
    // Kept back: a medicine, a relative's illness, a score in words.
    for (const body of [
      "She is taking sertraline, which may make her drowsy in the mornings.",
      "Her mother has bowel cancer, which explains the absences.",
      "Her PHQ-9 score was nineteen.",
    ]) {
      const refused = await sendMessageToEmployer(released.doctorScope(), {
        referralId: released.referral.id,
        body,
      });
      expect(refused.ok, body).toBe(false);
    }
    const stored = await database.db
      .select({ id: caseMessage.id })
      .from(caseMessage)
      .where(eq(caseMessage.referralId, released.referral.id));
    expect(stored).toHaveLength(1);
    const refusedEvents = await database.db
      .select({ details: auditEvent.details })
      .from(auditEvent)
      .where(eq(auditEvent.action, "conversation.message_refused"));
    expect(refusedEvents.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(refusedEvents)).not.toMatch(/sertraline|cancer/i);
  });

  it("after release the employer may ask for 30 days, then the thread closes", async () => {
    const c = await caseWithTeam({ released: true });
    const day = 24 * 60 * 60 * 1000;
    const within = await sendMessageToDoctor(
      c.employerScope("hr", new Date(Date.now() + 29 * day)),
      {
        referralKey: c.referral.id,
        body: "Does the adjustment on lifting still apply?",
      },
    );
    expect(within.ok).toBe(true);
    const late = await sendMessageToDoctor(c.employerScope("hr", new Date(Date.now() + 31 * day)), {
      referralKey: c.referral.id,
      body: "And now?",
    }).catch((e: unknown) => e);
    expect(isDomainError(late, "invalid_state")).toBe(true);
    const view = await getEmployerConversation(
      c.employerScope("hr", new Date(Date.now() + 31 * day)),
      { referralKey: c.referral.id },
    );
    expect(view.state).toEqual({
      open: false,
      reason: "Questions about a report can be asked for 30 days after its release.",
    });
  });

  it("says URGENT first on a flagged case, to both sides", async () => {
    const c = await caseWithTeam({ urgent: true });
    await sendMessageToDoctor(c.employerScope("hr"), {
      referralKey: c.referral.id,
      body: "Please call me about her shifts.",
    });
    await sendMessageToEmployer(c.doctorScope(), {
      referralId: c.referral.id,
      body: "I will call you this afternoon.",
    });
    expect(c.mailer.sent.length).toBeGreaterThanOrEqual(2);
    for (const m of c.mailer.sent) expect(m.subject).toMatch(/^URGENT /);
  });

  it("is closed to the employer while the case is a draft, and never opens the person's thread", async () => {
    const c = await caseWithTeam();
    await database.db.insert(caseMessage).values({
      referralId: c.referral.id,
      thread: "person_doctor",
      authorRole: "person",
      authorName: "Jo",
      body: "PERSON-ONLY: my GP changed my tablets",
    });
    const view = await getEmployerConversation(c.employerScope("hr"), {
      referralKey: c.referral.id,
    });
    expect(JSON.stringify(view)).not.toContain("PERSON-ONLY");
    await database.db
      .update(referral)
      .set({ status: "draft" })
      .where(eq(referral.id, c.referral.id));
    const refused = await sendMessageToDoctor(c.employerScope("hr"), {
      referralKey: c.referral.id,
      body: "Hello?",
    }).catch((e: unknown) => e);
    expect(isDomainError(refused, "invalid_state")).toBe(true);
  });

  it("keeps the form's rules in the domain: empty and over-long messages are refused", async () => {
    const c = await caseWithTeam();
    expect(
      await sendMessageToDoctor(c.employerScope("hr"), { referralKey: c.referral.id, body: "   " }),
    ).toEqual({ ok: false, message: "Write your message." });
    expect(
      await sendMessageToDoctor(c.employerScope("hr"), {
        referralKey: c.referral.id,
        body: "x".repeat(5001),
      }),
    ).toEqual({ ok: false, message: "Keep your message under 5,000 characters." });
  });

  it("opens to an administrator only with a reason, both threads shown, the reason audited", async () => {
    const c = await caseWithTeam();
    await sendMessageToDoctor(c.employerScope("hr"), {
      referralKey: c.referral.id,
      body: "Can the rota change?",
    });
    await database.db.insert(caseMessage).values({
      referralId: c.referral.id,
      thread: "person_doctor",
      authorRole: "person",
      authorName: "Jo",
      body: "I have a GP appointment on Friday.",
    });
    const admin = createScope(
      database.db,
      { role: "admin", userId: "admin-conv", twoFactorVerified: true },
      { ip: null, requestId: "conv-admin" },
      testAdapters(),
    );
    const refused = await getAdminConversation(admin, {
      referralId: c.referral.id,
      accessReason: "why",
    }).catch((e: unknown) => e);
    expect(isDomainError(refused, "invalid_input")).toBe(true);
    const opened = await getAdminConversation(admin, {
      referralId: c.referral.id,
      accessReason: "Complaint from the employer about a late reply",
    });
    expect(opened.messages.map((m) => m.thread).sort()).toEqual([
      "employer_doctor",
      "person_doctor",
    ]);
    const [event] = await database.db
      .select({ details: auditEvent.details, actorId: auditEvent.actorId })
      .from(auditEvent)
      .where(eq(auditEvent.action, "admin.conversation_opened"));
    expect(event).toMatchObject({
      actorId: "admin-conv",
      details: {
        accessReason: "Complaint from the employer about a late reply",
        messagesShown: 2,
        documentsShown: 0,
      },
    });
    // Nobody but an administrator opens it this way.
    const asDoctor = await getAdminConversation(c.doctorScope(), {
      referralId: c.referral.id,
      accessReason: "Complaint from the employer about a late reply",
    }).catch((e: unknown) => e);
    expect(isDomainError(asDoctor)).toBe(true);
  });

  it("the person and the doctor write to each other; the employer sees only what the doctor shares", async () => {
    const c = await caseWithTeam();
    const person = c.personScope;
    // Either side may start: the person first.
    expect(
      await sendPersonMessage(person(), { body: "PERSON-ONLY: my new tablets make me drowsy." }),
    ).toMatchObject({ ok: true });
    const toDoctor = c.mailer.sent.filter((m) => m.to === c.doctor.email);
    expect(toDoctor.at(-1)?.subject).toBe(
      `New message from the employee on case ${c.referral.reference}`,
    );
    expect(JSON.stringify(toDoctor)).not.toContain("drowsy");
    const forDoctor = await getDoctorConversation(c.doctorScope(), { referralId: c.referral.id });
    expect(forDoctor.personMessages.map((m) => m.body)).toEqual([
      "PERSON-ONLY: my new tablets make me drowsy.",
    ]);
    expect(forDoctor.messages).toEqual([]);
    expect(
      await sendMessageToPerson(c.doctorScope(), {
        referralId: c.referral.id,
        body: "Thank you. Is the drowsiness worse in the mornings?",
      }),
    ).toMatchObject({ ok: true });
    // The person is e-mailed a link, never the text.
    const toPerson = c.mailer.sent.filter((m) => m.to === c.referral.subjectEmail);
    expect(toPerson.length).toBe(1);
    expect(JSON.stringify(toPerson)).not.toContain("drowsiness");
    // A doctor's employer-thread message the doctor shares reaches the person; one not shared does not.
    await sendMessageToEmployer(c.doctorScope(), {
      referralId: c.referral.id,
      body: "SHARED: a later start for eight weeks would help.",
      sharedWithPerson: true,
    });
    await sendMessageToEmployer(c.doctorScope(), {
      referralId: c.referral.id,
      body: "NOT-SHARED: I will write the report this week.",
    });
    const forPerson = await getPersonConversation(person(), c.referral);
    expect(forPerson.messages.map((m) => m.body)).toEqual([
      "PERSON-ONLY: my new tablets make me drowsy.",
      "Thank you. Is the drowsiness worse in the mornings?",
      "SHARED: a later start for eight weeks would help.",
    ]);
    expect(forPerson.messages[0]!.mine).toBe(true);
    // Opening marked the doctor's message in their thread read, not the shared employer one.
    const again = await getDoctorConversation(c.doctorScope(), { referralId: c.referral.id });
    expect(again.personMessages[1]!.readAt).toBeInstanceOf(Date);
    expect(again.messages.find((m) => m.body.startsWith("SHARED"))!.readAt).toBeNull();
    // The employer's thread holds both doctor messages, and nothing of the person's.
    const forHr = await getEmployerConversation(c.employerScope("hr"), {
      referralKey: c.referral.id,
    });
    expect(JSON.stringify(forHr)).not.toContain("PERSON-ONLY");
    expect(JSON.stringify(forHr)).not.toContain("drowsiness");
    expect(forHr.messages).toHaveLength(2);
  });
});
