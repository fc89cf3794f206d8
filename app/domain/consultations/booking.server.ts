import { and, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { consultation, consultationOffer, referral, user } from "~/db/schema/index.ts";
import { recordAuditEvent, recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import { ownCase } from "~/domain/doctor/case-access.server.ts";
import { auditActorOf, type DoctorActor, type SubjectActor } from "~/domain/kernel/actor.ts";
import type { Executor, Tx } from "~/domain/kernel/database.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { isRole, requireDoctor, requireEmployer, requireSubject } from "~/domain/kernel/guards.ts";
import {
  outboxMailer,
  type QueueMail,
  transactionWithMail,
} from "~/domain/kernel/mail-outbox.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleConsultations, visibleReferrals } from "~/domain/kernel/visibility.server.ts";
import { issueInvitationToken } from "~/domain/referrals/invitations.server.ts";
import { newLinkToken } from "~/lib/link-token.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";
import { slotsOf } from "./availability.server.ts";
import {
  bookedEmail,
  cancelledEmail,
  offeredTimesEmail,
  otherTimesRequestedEmail,
} from "./emails.ts";
import { buildConsultationIcs } from "./ics.ts";
import { MAX_OFFERED_TIMES, ROOM_CLOSES_AFTER_MS } from "./timing.ts";

export type Consultation = typeof consultation.$inferSelect;
type Referral = typeof referral.$inferSelect;

const OPEN = ["offered", "times_requested", "booked"] as const;

/**
 * One move of a consultation, in the caller's transaction: its new state with the calendar
 * sequence bumped (so calendars replace the old event), the times still on offer withdrawn, and
 * the audit event as the scope's actor. The person's room token goes with every move unless the
 * move mints a new one (a booking): a link in an outdated invitation must not open the room.
 */
async function moveConsultation(
  tx: Tx,
  scope: Scope,
  row: Consultation,
  set: Partial<Consultation>,
  audit: { action: string; details: Record<string, unknown> },
): Promise<Consultation> {
  const [moved] = (await tx
    .update(consultation)
    .set({
      roomTokenHash: null,
      roomTokenExpiresAt: null,
      ...set,
      sequence: row.sequence + 1,
      updatedAt: scope.now,
    })
    .where(eq(consultation.id, row.id))
    .returning()) as [Consultation];
  await withdrawOpenOffers(tx, row.id, scope.now);
  await recordAuditEventAs(
    scope,
    {
      action: audit.action,
      outcome: "success",
      object: { type: "consultation", id: row.id },
      details: audit.details,
    },
    tx,
  );
  return moved;
}

/** A consultation's times that are still on offer: not withdrawn by a later move. */
function stillOffered(consultationId: string) {
  return and(
    eq(consultationOffer.consultationId, consultationId),
    isNull(consultationOffer.withdrawnAt),
  );
}

/** The times still on offer for a consultation stop being offered (rebooked, cancelled, …). */
async function withdrawOpenOffers(tx: Tx, consultationId: string, now: Date) {
  await tx.update(consultationOffer).set({ withdrawnAt: now }).where(stillOffered(consultationId));
}

/** The times still on offer for a consultation, earliest first, as the person chooses from them. */
function offersOf(db: Executor, consultationId: string) {
  return db
    .select()
    .from(consultationOffer)
    .where(stillOffered(consultationId))
    .orderBy(consultationOffer.startsAt);
}

/** The consultation still in play on a referral (offered, awaiting times or booked), if the scope sees it. */
function openOnReferral(scope: Scope, referralId: string) {
  return and(
    eq(consultation.referralId, referralId),
    inArray(consultation.status, [...OPEN]),
    visibleConsultations(scope),
  );
}

/**
 * A consultation matching `where` that the scope's actor may see, locked for the change they
 * make; `undefined` when there is none.
 */
export async function lockVisibleConsultation(
  tx: Tx,
  scope: Scope,
  where: SQL | undefined,
): Promise<Consultation | undefined> {
  const [row] = await tx
    .select()
    .from(consultation)
    .where(and(where, visibleConsultations(scope)))
    .for("update");
  return row;
}

/** The case this doctor may book for: assigned to them and in review (docs/architecture.md §4). */
async function caseInReview(
  db: Executor,
  scope: Scope<DoctorActor>,
  referralId: string,
): Promise<Referral> {
  const row = await ownCase(db, scope, referralId);
  if (row.status !== "in_review")
    throw new DomainError(
      "invalid_state",
      "A consultation can be booked only while the case is in review.",
    );
  return row;
}

async function doctorContact(db: Executor, doctorId: string) {
  const [row] = await db
    .select({ name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, doctorId));
  return row ?? { name: "Your doctor", email: "" };
}

export function roomUrl(publicUrl: string, consultationId: string, token?: string): string {
  const url = new URL(`/consultation/${consultationId}`, publicUrl);
  if (token) url.searchParams.set("token", token);
  return url.toString();
}

/**
 * The person's room token for a booking: 256 random bits, only the hash kept on the consultation,
 * valid until the room closes (an hour after the end). It goes in the join link of their calendar
 * invitation, which a calendar opens in any browser, so it carries its own credential
 * (docs/video-consultations.md, "Admission"); unlike an assessment link it opens nothing else.
 */
function roomToken(startsAt: Date, durationMinutes: number) {
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(startsAt.getTime() + durationMinutes * 60_000 + ROOM_CLOSES_AFTER_MS);
  return { token, set: { roomTokenHash: tokenHash, roomTokenExpiresAt: expiresAt } };
}

async function subjectLink(tx: Executor, referralId: string, now: Date) {
  // A fresh link of its own: the old assessment e-mail's link may have lapsed.
  const { token } = await issueInvitationToken(tx, { referralId, invitedAt: now, now });
  return token;
}

/**
 * The calendar file for one reader. Each attendee gets their own: the room link in it is the one
 * that works for them (the person's carries their room token, the doctor's needs their sign-in),
 * with the same UID and SEQUENCE, so both calendars hold the same event. A cancellation names
 * the bare room address: there is no room to open any more.
 */
function calendar(
  c: Consultation,
  r: Referral,
  doctor: { name: string; email: string },
  publicUrl: string,
  method: "REQUEST" | "CANCEL",
  now: Date,
  joinUrl = roomUrl(publicUrl, c.id),
) {
  return {
    filename: method === "CANCEL" ? "consultation-cancelled.ics" : "consultation.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: buildConsultationIcs({
      uid: `${c.id}@referoh`,
      sequence: c.sequence,
      method,
      start: c.startsAt!,
      durationMinutes: c.durationMinutes,
      summary: `ReferOH video consultation (${r.reference})`,
      description: "Occupational health video consultation with ReferOH. Nothing is recorded.",
      roomUrl: joinUrl,
      organizer: { name: "ReferOH", email: "no-reply@referoh.co.uk" },
      attendees: [
        { name: doctor.name, email: doctor.email },
        { name: r.subjectName, email: r.subjectEmail },
      ].filter((a) => a.email),
      now,
    }),
  };
}

/**
 * The doctor offers times for a case in review. A new round replaces the open one's times; a
 * booked consultation is released first (the doctor's rebooking), and a no-show or a
 * cancellation leaves room for a new consultation. The subject is e-mailed a fresh link.
 */
export async function offerConsultation(
  scope: Scope,
  {
    referralId,
    times,
    kind = "offer",
  }: { referralId: string; times: Date[]; kind?: "offer" | "no_show" },
): Promise<Consultation> {
  const doctor = requireDoctor(scope);
  const { db, actor, origin, now } = doctor;
  const unique = [...new Set(times.map((t) => t.getTime()))].sort((a, b) => a - b);
  if (unique.length === 0) throw new DomainError("invalid_input", "Choose at least one time.");
  if (unique.length > MAX_OFFERED_TIMES)
    throw new DomainError("invalid_input", `Offer at most ${MAX_OFFERED_TIMES} times.`);
  const available = new Set(
    (await slotsOf(db, { doctorId: actor.userId, now })).map((d) => d.getTime()),
  );
  if (!unique.every((t) => available.has(t)))
    throw new DomainError("conflict", "One of those times is no longer available.");

  return transactionWithMail(doctor, async (tx, queue) => {
    const result = await (async () => {
      const r = await caseInReview(tx, doctor, referralId);
      const open = await lockVisibleConsultation(tx, doctor, openOnReferral(doctor, referralId));
      let row: Consultation;
      let wasBooked: Consultation | null = null;
      if (open) {
        if (open.doctorId !== actor.userId)
          throw new DomainError("not_found", "No such consultation.");
        if (open.status === "booked") wasBooked = open;
        await withdrawOpenOffers(tx, open.id, now);
        [row] = (await tx
          .update(consultation)
          .set({
            status: "offered",
            startsAt: null,
            bookedAt: null,
            reminder24hSentAt: null,
            reminder1hSentAt: null,
            roomTokenHash: null,
            roomTokenExpiresAt: null,
            sequence: open.sequence + 1,
            updatedAt: now,
          })
          .where(eq(consultation.id, open.id))
          .returning()) as [Consultation];
      } else {
        [row] = (await tx
          .insert(consultation)
          .values({
            referralId,
            doctorId: actor.userId,
            status: "offered",
            createdAt: now,
            updatedAt: now,
          })
          .returning()) as [Consultation];
      }
      await tx
        .insert(consultationOffer)
        .values(unique.map((t) => ({ consultationId: row.id, startsAt: new Date(t) })));
      const token = await subjectLink(tx, referralId, now);
      await recordAuditEvent(tx, {
        action: wasBooked ? "consultation.rebooked_by_doctor" : "consultation.offered",
        outcome: "success",
        actor: auditActorOf(actor),
        object: { type: "consultation", id: row.id },
        request: origin,
        details: { referralId, times: unique.length, kind },
      });
      return { row, r, token, wasBooked };
    })();
    const mail = consultationMail(scope, queue, result.r);

    const contact = await doctorContact(tx, actor.userId);
    // The cancellation carries the moved row's higher SEQUENCE, or calendars may ignore it.
    const released = result.wasBooked
      ? { ...result.wasBooked, sequence: result.row.sequence }
      : null;
    if (released) {
      const cancel = calendar(released, result.r, contact, scope.adapters.publicUrl, "CANCEL", now);
      await mail.mailer.send({
        to: contact.email,
        ...cancelledEmail({
          recipientName: contact.name,
          reference: result.r.reference,
          start: released.startsAt,
          by: "doctor",
          forDoctor: true,
          otherTimesRequested: false,
          urgent: result.r.urgent,
        }),
        attachments: [cancel],
      });
    }
    await mail.mailer.send({
      to: result.r.subjectEmail,
      ...offeredTimesEmail({
        subjectName: result.r.subjectName,
        doctorName: contact.name,
        reference: result.r.reference,
        times: unique.map((t) => new Date(t)),
        link: new URL(
          `/assessment/${result.token}/consultation`,
          scope.adapters.publicUrl,
        ).toString(),
        kind: result.wasBooked ? "rebook" : kind,
      }),
      attachments: released
        ? [calendar(released, result.r, contact, scope.adapters.publicUrl, "CANCEL", now)]
        : undefined,
    });
    return result.row;
  });
}

/** The consultation in play on the referral of the subject holding its link. */
export async function openConsultationForReferral(scope: Scope) {
  const { db, actor } = requireSubject(scope);
  const referralId = actor.referralId;
  const [row] = await db.select().from(consultation).where(openOnReferral(scope, referralId));
  if (!row) return null;
  return { consultation: row, offers: await offersOf(db, row.id) };
}

/** The subject's consultation, locked, on their referral while it is in review. */
async function lockSubjectConsultation(tx: Tx, scope: Scope<SubjectActor>, consultationId: string) {
  const referralId = scope.actor.referralId;
  const row = await lockVisibleConsultation(
    tx,
    scope,
    and(eq(consultation.id, consultationId), eq(consultation.referralId, referralId)),
  );
  if (!row) throw new DomainError("not_found", "No such consultation.");
  const [r] = await tx
    .select()
    .from(referral)
    .where(and(eq(referral.id, referralId), visibleReferrals(scope)));
  if (r?.status !== "in_review")
    throw new DomainError("invalid_state", "This consultation can no longer be changed.");
  return { row, r };
}

/**
 * A change the subject makes to their consultation: in one transaction with its e-mails, on the
 * consultation locked on their referral while it is in review.
 */
function changeSubjectConsultation<T>(
  scope: Scope,
  consultationId: string,
  change: (
    tx: Tx,
    subject: Scope<SubjectActor>,
    locked: { row: Consultation; r: Referral; mail: ConsultationMail },
  ) => Promise<T>,
): Promise<T> {
  const subject = requireSubject(scope);
  return transactionWithMail(subject, async (tx, queue) => {
    const { row, r } = await lockSubjectConsultation(tx, subject, consultationId);
    return change(tx, subject, { row, r, mail: consultationMail(scope, queue, r) });
  });
}

/** The subject books one of the offered times; both sides get the calendar invitation. */
export async function pickConsultationTime(
  scope: Scope,
  { consultationId, offerId }: { consultationId: string; offerId: string },
): Promise<Consultation> {
  return changeSubjectConsultation(scope, consultationId, async (tx, subject, { row, r, mail }) => {
    const { actor, now } = subject;
    const referralId = actor.referralId;
    if (row.status !== "offered")
      throw new DomainError("invalid_state", "There is no offer to choose from any more.");
    const [offer] = await tx
      .select()
      .from(consultationOffer)
      .where(
        and(
          eq(consultationOffer.id, offerId),
          eq(consultationOffer.consultationId, row.id),
          isNull(consultationOffer.withdrawnAt),
        ),
      );
    if (!offer) throw new DomainError("conflict", "That time is no longer offered.");
    if (offer.startsAt.getTime() <= now.getTime())
      throw new DomainError("conflict", "That time has passed.");
    const [clash] = await tx
      .select({ id: consultation.id })
      .from(consultation)
      .where(
        and(
          eq(consultation.doctorId, row.doctorId),
          eq(consultation.status, "booked"),
          eq(consultation.startsAt, offer.startsAt),
        ),
      );
    if (clash)
      throw new DomainError("conflict", "That time has just been taken. Please choose another.");
    const room = roomToken(offer.startsAt, row.durationMinutes);
    const booked = await moveConsultation(
      tx,
      subject,
      row,
      { status: "booked", startsAt: offer.startsAt, bookedAt: now, ...room.set },
      { action: "consultation.booked", details: { referralId } },
    );
    const token = await subjectLink(tx, referralId, now);
    await sendBookedEmails(tx, mail, booked, r, { token, roomToken: room.token }, now);
    return booked;
  });
}

/**
 * The consultation e-mails of one transition, composed in its transaction: `mailer` writes to the
 * outbox (`outboxMailer`), so they go once the transaction commits.
 */
interface ConsultationMail {
  mailer: Pick<Mailer, "send">;
  publicUrl: string;
}

/** A transition's e-mails on a case: composed in its transaction, sent once it commits. */
function consultationMail(scope: Scope, queue: QueueMail, r: Referral): ConsultationMail {
  return { publicUrl: scope.adapters.publicUrl, mailer: outboxMailer(queue, { referralId: r.id }) };
}

async function sendBookedEmails(
  db: Executor,
  mail: ConsultationMail,
  c: Consultation,
  r: Referral,
  links: { token: string; roomToken: string },
  now: Date,
) {
  const doctor = await doctorContact(db, c.doctorId);
  const subjectJoinUrl = roomUrl(mail.publicUrl, c.id, links.roomToken);
  await mail.mailer.send({
    to: r.subjectEmail,
    ...bookedEmail({
      recipientName: r.subjectName,
      reference: r.reference,
      start: c.startsAt!,
      joinUrl: subjectJoinUrl,
      manageUrl: new URL(`/assessment/${links.token}/consultation`, mail.publicUrl).toString(),
      forDoctor: false,
    }),
    attachments: [calendar(c, r, doctor, mail.publicUrl, "REQUEST", now, subjectJoinUrl)],
  });
  if (doctor.email)
    await mail.mailer.send({
      to: doctor.email,
      ...bookedEmail({
        recipientName: doctor.name,
        reference: r.reference,
        start: c.startsAt!,
        joinUrl: roomUrl(mail.publicUrl, c.id),
        forDoctor: true,
        urgent: r.urgent,
      }),
      attachments: [calendar(c, r, doctor, mail.publicUrl, "REQUEST", now)],
    });
}

/**
 * The subject asks for other times: from an offer (none suit) or from a booking (their rebooking).
 * A booked time is released and both calendars get a cancellation, the person's too: the event
 * they accepted must leave their calendar.
 */
export async function requestOtherTimes(
  scope: Scope,
  consultationId: string,
): Promise<Consultation> {
  return changeSubjectConsultation(scope, consultationId, async (tx, subject, { row, r, mail }) => {
    const { actor, now } = subject;
    const referralId = actor.referralId;
    if (row.status !== "offered" && row.status !== "booked")
      throw new DomainError("invalid_state", "Other times have already been asked for.");
    const updated = await moveConsultation(
      tx,
      subject,
      row,
      { status: "times_requested", startsAt: null, bookedAt: null },
      {
        action: "consultation.other_times_requested",
        details: { referralId, wasBooked: row.status === "booked" },
      },
    );
    const doctor = await doctorContact(tx, row.doctorId);
    const caseUrl = new URL(
      `/doctor/cases/${referralId}/consultation`,
      scope.adapters.publicUrl,
    ).toString();
    const wasBooked = row.status === "booked";
    // The released booking, with the moved row's higher SEQUENCE so calendars act on it.
    const cancel = () =>
      calendar(
        { ...row, sequence: updated.sequence },
        r,
        doctor,
        scope.adapters.publicUrl,
        "CANCEL",
        now,
      );
    if (doctor.email)
      await mail.mailer.send({
        to: doctor.email,
        ...otherTimesRequestedEmail({
          doctorName: doctor.name,
          reference: r.reference,
          caseUrl,
          urgent: r.urgent,
        }),
        attachments: wasBooked ? [cancel()] : undefined,
      });
    if (wasBooked)
      await mail.mailer.send({
        to: r.subjectEmail,
        ...cancelledEmail({
          recipientName: r.subjectName,
          reference: r.reference,
          start: row.startsAt,
          by: "subject",
          forDoctor: false,
          otherTimesRequested: true,
        }),
        attachments: [cancel()],
      });
    return updated;
  });
}

/**
 * Either side cancels: the doctor on the consultation, or the person holding the link to its
 * referral. The other side is told, and a booked time leaves both calendars.
 */
export async function cancelConsultation(
  scope: Scope,
  consultationId: string,
): Promise<Consultation> {
  const by = isRole(scope, "subject") ? "subject" : "doctor";
  const acting = by === "subject" ? requireSubject(scope) : requireDoctor(scope);
  const { actor, now } = acting;
  return transactionWithMail(acting, async (tx, queue) => {
    const result = await (async () => {
      const row = await lockVisibleConsultation(tx, acting, eq(consultation.id, consultationId));
      const mine =
        row &&
        (actor.role === "doctor"
          ? row.doctorId === actor.userId
          : actor.role === "subject" && row.referralId === actor.referralId);
      if (!row || !mine) throw new DomainError("not_found", "No such consultation.");
      if (!(OPEN as readonly string[]).includes(row.status))
        throw new DomainError("invalid_state", "This consultation is already closed.");
      const [r] = await tx
        .select()
        .from(referral)
        .where(and(eq(referral.id, row.referralId), visibleReferrals(acting)));
      if (!r) throw new DomainError("not_found", "No such consultation.");
      const cancelled = await moveConsultation(
        tx,
        acting,
        row,
        { status: "cancelled", cancelledBy: by, endedAt: now },
        {
          action: "consultation.cancelled",
          details: { referralId: row.referralId, by, wasBooked: row.status === "booked" },
        },
      );
      return { previous: row, cancelled, r };
    })();
    const mail = consultationMail(scope, queue, result.r);
    const doctor = await doctorContact(tx, result.previous.doctorId);
    const attachments =
      result.previous.status === "booked"
        ? [calendar(result.cancelled, result.r, doctor, scope.adapters.publicUrl, "CANCEL", now)]
        : undefined;
    for (const recipient of [
      { to: result.r.subjectEmail, name: result.r.subjectName, forDoctor: false },
      { to: doctor.email, name: doctor.name, forDoctor: true },
    ]) {
      if (!recipient.to) continue;
      await mail.mailer.send({
        to: recipient.to,
        ...cancelledEmail({
          recipientName: recipient.name,
          reference: result.r.reference,
          start: result.previous.startsAt,
          by,
          forDoctor: recipient.forDoctor,
          otherTimesRequested: false,
          urgent: result.r.urgent,
        }),
        attachments,
      });
    }
    return result.cancelled;
  });
}

/** Every consultation of a case, newest first, with the times on offer: the doctor's view. */
export async function consultationsForDoctorCase(scope: Scope, referralId: string) {
  const doctor = requireDoctor(scope);
  const { db } = doctor;
  const r = await ownCase(db, doctor, referralId);
  const rows = await db
    .select()
    .from(consultation)
    .where(and(eq(consultation.referralId, referralId), visibleConsultations(doctor)))
    .orderBy(desc(consultation.createdAt));
  const open = rows.find((c) => (OPEN as readonly string[]).includes(c.status));
  const offers = open ? await offersOf(db, open.id) : [];
  return { referral: r, consultations: rows, open: open ?? null, offers };
}

/** For the employer: which of these referrals have a consultation booked, and nothing more. */
export async function bookedConsultationReferralIds(
  scope: Scope,
  referralIds: string[],
): Promise<Set<string>> {
  const employer = requireEmployer(scope);
  if (referralIds.length === 0) return new Set();
  const rows = await employer.db
    .select({ referralId: consultation.referralId })
    .from(consultation)
    .innerJoin(referral, eq(referral.id, consultation.referralId))
    .where(
      and(
        visibleReferrals(employer),
        inArray(consultation.referralId, referralIds),
        eq(consultation.status, "booked"),
      ),
    );
  return new Set(rows.map((r) => r.referralId));
}
