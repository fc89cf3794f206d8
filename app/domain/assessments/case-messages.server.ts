import { and, asc, eq, isNull } from "drizzle-orm";
import { subjectInformationRequest, user } from "~/db/schema/index.ts";
import { subjectReplyEmail } from "~/domain/doctor/doctor-emails.ts";
import { requireSubject } from "~/domain/kernel/guards.ts";
import { transactionWithMail } from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { auditSubjectEvent, lockSubjectReferral } from "./lock-referral.server.ts";
import { doctorReplyForm } from "./subject-forms.ts";

/** A doctor's question on a case and the person's answer, as the doctor's and the person's pages show it. */
export const caseMessageColumns = {
  id: subjectInformationRequest.id,
  question: subjectInformationRequest.question,
  sentAt: subjectInformationRequest.sentAt,
  reply: subjectInformationRequest.reply,
  answeredAt: subjectInformationRequest.answeredAt,
};

/** The doctor's questions on the person's case and their answers, oldest first, for their page. */
export async function listSubjectMessages(scope: Scope) {
  const { db, actor } = requireSubject(scope);
  return db
    .select(caseMessageColumns)
    .from(subjectInformationRequest)
    .where(eq(subjectInformationRequest.referralId, actor.referralId))
    .orderBy(asc(subjectInformationRequest.sentAt));
}

type ReplyResult = { ok: true } | { ok: false; message: string };

/**
 * The person answers a doctor's question on their link page. The answer is sealed on the case
 * (never audited), each question takes one answer, and the e-mail telling the doctor who asked
 * that a reply is waiting (URGENT first on a flagged case, no health detail) is written to the
 * mail outbox with the answer and sent once it commits (docs/architecture.md §8, "The mail outbox").
 */
export async function replyToDoctor(
  scope: Scope,
  { messageId, reply }: { messageId: string; reply: string },
): Promise<ReplyResult> {
  const subject = requireSubject(scope);
  const { now } = subject;
  // The form's own rule, checked again here: the domain does not trust the page.
  const parsed = doctorReplyForm.shape.reply.safeParse(reply);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? "Check your answer." };
  const text = parsed.data;
  if (!/^[0-9a-f-]{36}$/i.test(messageId))
    return { ok: false, message: "This question is no longer open." };
  const outcome = await transactionWithMail(subject, async (tx, queue) => {
    const current = await lockSubjectReferral(tx, subject);
    const answered = await tx
      .update(subjectInformationRequest)
      .set({ reply: text, answeredAt: now })
      .where(
        and(
          eq(subjectInformationRequest.id, messageId),
          eq(subjectInformationRequest.referralId, current.id),
          isNull(subjectInformationRequest.answeredAt),
        ),
      )
      .returning({ doctorId: subjectInformationRequest.doctorId });
    if (answered.length === 0) return "already_answered" as const;
    await auditSubjectEvent(tx, subject, {
      action: "assessment.message_reply",
      details: { messageId },
    });
    const [doctor] = await tx
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, answered[0]!.doctorId));
    // The locked row already holds the reference and the flag: no second read of the referral.
    if (doctor)
      await queue(
        [
          {
            to: doctor.email,
            ...subjectReplyEmail({
              reference: current.reference,
              urgent: current.urgent,
              caseUrl: new URL(
                `/doctor-referrals/${current.id}/report`,
                subject.adapters.publicUrl,
              ).toString(),
            }),
          },
        ],
        { referralId: current.id },
      );
    return "answered" as const;
  });
  // A second tab, or a question of another case: nothing is overwritten.
  if (outcome === "already_answered")
    return { ok: false, message: "This question has already been answered." };
  return { ok: true };
}
