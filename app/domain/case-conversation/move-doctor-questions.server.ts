import { sql } from "drizzle-orm";
import {
  currentDataKeyring,
  DecryptionError,
  decryptString,
  isCiphertext,
} from "~/db/encryption/keyring.ts";
import { caseMessage } from "~/db/schema/index.ts";
import { recordAuditEvent } from "~/domain/audit/record-audit-event.server.ts";
import { inBatchesById } from "~/domain/kernel/batches-by-id.server.ts";
import type { Database, Tx } from "~/domain/kernel/database.ts";

/*
 * The doctor's questions from before the case conversation (docs/architecture.md §4, "The case
 * conversation"): the report editor's "ask the employee" form wrote them to
 * `subject_information_request`, each with the person's one reply. They become messages of the
 * case's `person_doctor` thread, so the person and the doctor read one conversation. Their sealed
 * text names its column in the seal (the AAD), so each value is opened under the old column's name
 * and sealed again under `case_message.body` by the insert; this cannot be SQL, it needs the keys.
 *
 * Run at every start (app/runtime.server.ts), a no-op once the old table is empty. Each batch is one
 * transaction that locks its rows (`skip locked`: another process starting at the same time takes
 * other rows), inserts the messages and deletes the rows it moved, so a row is moved once or not at
 * all.
 */

const LEGACY_TABLE = "subject_information_request";
const BATCH = 100;

interface LegacyRow {
  id: string;
  referralId: string;
  organisationId: string;
  doctorId: string;
  doctorName: string | null;
  subjectName: string;
  question: string;
  sentAt: Date | string;
  reply: string | null;
  answeredAt: Date | string | null;
  /** When the doctor's editor, which showed each reply under its question, was next opened. */
  replyShownAt: Date | string | null;
}

/** A value as the old code stored it: sealed under its own column's name, or (older still) plain. */
function openLegacy(value: string, column: "question" | "reply"): string {
  return isCiphertext(value)
    ? decryptString(currentDataKeyring(), value, `${LEGACY_TABLE}.${column}`)
    : value;
}

interface MovedQuestions {
  /** Old rows now in the thread. */
  moved: number;
  /** Ids of rows that could not be opened (their key is gone): left where they are. */
  left: string[];
}

export async function moveDoctorQuestionsToThread(db: Database): Promise<MovedQuestions> {
  const outcome: MovedQuestions = { moved: 0, left: [] };
  await inBatchesById(db, (tx, after) => moveBatch(tx, after, outcome));
  return outcome;
}

/** One batch after the id `after`; the last id it looked at, or null when none was left. */
async function moveBatch(tx: Tx, after: string, outcome: MovedQuestions): Promise<string | null> {
  const result = (await tx.execute(sql`
    select q.id::text as "id", q.referral_id::text as "referralId",
      r.organisation_id as "organisationId", q.doctor_id as "doctorId", u.name as "doctorName",
      r.subject_name as "subjectName", q.question, q.sent_at as "sentAt", q.reply,
      q.answered_at as "answeredAt",
      (select min(a.occurred_at) from audit_event a
        where a.object_type = 'referral' and a.object_id = q.referral_id::text
          and a.action = 'doctor.case_read' and a.actor_id = q.doctor_id
          and a.details->>'purpose' = 'editor' and a.occurred_at >= q.answered_at
      ) as "replyShownAt"
    from ${sql.identifier(LEGACY_TABLE)} q
    join referral r on r.id = q.referral_id
    left join "user" u on u.id = q.doctor_id
    where q.id > ${after}::uuid
    order by q.id
    limit ${BATCH}
    for update of q skip locked`)) as unknown as { rows: LegacyRow[] };
  const rows = result.rows;
  if (rows.length === 0) return null;
  const movedByCase = new Map<
    string,
    { organisationId: string; questions: number; replies: number }
  >();
  for (const row of rows) {
    let question: string;
    let reply: string | null;
    try {
      question = openLegacy(row.question, "question");
      reply = row.reply === null ? null : openLegacy(row.reply, "reply");
    } catch (error) {
      if (!(error instanceof DecryptionError)) throw error;
      outcome.left.push(row.id);
      continue;
    }
    const answeredAt = row.answeredAt === null ? null : new Date(row.answeredAt);
    await tx.insert(caseMessage).values({
      // The question keeps its id: earlier audit events of its reply name it.
      id: row.id,
      referralId: row.referralId,
      thread: "person_doctor",
      authorUserId: row.doctorId,
      authorRole: "doctor",
      authorName: row.doctorName ?? "Unknown",
      body: question,
      sentAt: new Date(row.sentAt),
      // The person had read the question by the time they answered it; unanswered, it stays new.
      readAt: answeredAt,
    });
    if (reply !== null)
      await tx.insert(caseMessage).values({
        referralId: row.referralId,
        thread: "person_doctor",
        authorRole: "person",
        authorName: row.subjectName,
        body: reply,
        // The old code set both together; the question's time keeps the order should one lack it.
        sentAt: answeredAt ?? new Date(row.sentAt),
        // Read when the doctor next opened the editor that showed it; else new to the doctor.
        readAt: row.replyShownAt === null ? null : new Date(row.replyShownAt),
      });
    await tx.execute(sql`delete from ${sql.identifier(LEGACY_TABLE)} where id = ${row.id}::uuid`);
    outcome.moved += 1;
    const counts = movedByCase.get(row.referralId) ?? {
      organisationId: row.organisationId,
      questions: 0,
      replies: 0,
    };
    counts.questions += 1;
    if (reply !== null) counts.replies += 1;
    movedByCase.set(row.referralId, counts);
  }
  for (const [referralId, { organisationId, questions, replies }] of movedByCase)
    await recordAuditEvent(tx, {
      action: "conversation.questions_moved",
      outcome: "success",
      actor: { id: "system:start-up", role: "system", organisationId },
      object: { type: "referral", id: referralId },
      // Counts only, never the text.
      details: { thread: "person_doctor", questions, replies },
    });
  return rows.at(-1)!.id;
}
