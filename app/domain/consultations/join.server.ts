import { and, eq } from "drizzle-orm";
import { consultation, referral, user } from "~/db/schema/index.ts";
import { recordAuditEventAs } from "~/domain/audit/record-audit-event.server.ts";
import type { Actor } from "~/domain/kernel/actor.ts";
import { isRole } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { visibleConsultations } from "~/domain/kernel/visibility.server.ts";
import { findReferralByInvitationToken } from "~/domain/referrals/invitations.server.ts";
import { hashLinkToken } from "~/lib/link-token.ts";
import { ROOM_CLOSES_AFTER_MS, ROOM_OPENS_BEFORE_MS } from "./timing.ts";

export type RoomRole = "doctor" | "subject";

type JoinDecision =
  | {
      ok: true;
      role: RoomRole;
      consultationId: string;
      startsAt: Date;
      durationMinutes: number;
      reference: string;
      peerName: string;
      selfName: string;
    }
  | { ok: false; reason: "refused" | "not_open" | "closed" };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The name the room's door acts under for someone holding a link rather than a session. */
export const ROOM_DOOR = "consultation-room";

/**
 * Who may enter a consultation's video room: the assigned doctor, signed in with a second factor,
 * or the person being assessed holding this booking's room token or a valid link to that same
 * referral — and only while the consultation is booked and the room is open (30 minutes before
 * the start to an hour after the end). The scope is the signed-in person's own, or for someone with no session the room door's
 * system scope (`ROOM_DOOR`), which checks the link they hold. Every answer is audited; refusals
 * say nothing about whether the room exists.
 */
export async function authoriseRoomJoin(
  scope: Scope,
  {
    consultationId,
    subjectToken,
    channel,
  }: {
    consultationId: string;
    subjectToken?: string | null;
    /** `page` for opening the room, `signalling` for the WebSocket. */
    channel: "page" | "signalling";
  },
): Promise<JoinDecision> {
  const { db, now } = scope;
  const refuse = async (
    reason: "refused" | "not_open" | "closed",
    details: Record<string, unknown>,
  ) => {
    await recordAuditEventAs(scope, {
      action: "consultation.join",
      outcome: "denied",
      object: uuidPattern.test(consultationId)
        ? { type: "consultation", id: consultationId }
        : undefined,
      details: { channel, ...details },
    });
    return { ok: false as const, reason };
  };
  if (!uuidPattern.test(consultationId)) return refuse("refused", { why: "malformed" });
  // Through the caller's visibility: a doctor reaches only consultations they may see, and the
  // room's door (the system scope, for a visitor with no session) any booking, whose link the
  // code below then checks.
  const [row] = await db
    .select({ consultation, referral })
    .from(consultation)
    .innerJoin(referral, eq(referral.id, consultation.referralId))
    .where(and(eq(consultation.id, consultationId), visibleConsultations(scope)));
  if (!row) return refuse("refused", { why: "unknown" });

  let role: RoomRole | null = null;
  const signedIn = !isRole(scope, "system");
  if (isRole(scope, "doctor")) {
    const { actor } = scope;
    if (
      actor.doctorActive &&
      actor.twoFactorVerified &&
      row.consultation.doctorId === actor.userId &&
      row.referral.assignedDoctorId === actor.userId
    )
      role = "doctor";
  } else if (!signedIn && subjectToken) {
    // The room token of this booking (the calendar invitation's link), else an assessment link
    // of this referral (docs/video-consultations.md, "Admission").
    const c = row.consultation;
    if (
      c.roomTokenHash !== null &&
      c.roomTokenExpiresAt !== null &&
      hashLinkToken(subjectToken) === c.roomTokenHash &&
      now.getTime() < c.roomTokenExpiresAt.getTime()
    )
      role = "subject";
    else {
      const found = await findReferralByInvitationToken(db, subjectToken, now);
      if (found.found && found.referral.id === row.referral.id) role = "subject";
    }
  }
  if (!role)
    return refuse("refused", {
      why: signedIn ? "not_assigned" : subjectToken ? "bad_token" : "no_credentials",
    });

  const c = row.consultation;
  if (c.status !== "booked" || !c.startsAt || row.referral.status !== "in_review")
    return refuse("closed", { role, status: c.status });
  const start = c.startsAt.getTime();
  if (now.getTime() < start - ROOM_OPENS_BEFORE_MS) return refuse("not_open", { role });
  if (now.getTime() > start + c.durationMinutes * 60_000 + ROOM_CLOSES_AFTER_MS)
    return refuse("closed", { role });

  const [doctor] = await db.select({ name: user.name }).from(user).where(eq(user.id, c.doctorId));
  // The person is audited as themselves, not as the door that checked their link.
  const admitted: Actor =
    role === "doctor"
      ? scope.actor
      : {
          role: "subject",
          referralId: row.referral.id,
          invitationId: "",
          organisationId: row.referral.organisationId,
        };
  await recordAuditEventAs(
    { ...scope, actor: admitted },
    {
      action: "consultation.join",
      outcome: "success",
      object: { type: "consultation", id: c.id },
      details: { channel, role },
    },
  );
  return {
    ok: true,
    role,
    consultationId: c.id,
    startsAt: c.startsAt,
    durationMinutes: c.durationMinutes,
    reference: row.referral.reference,
    selfName: role === "doctor" ? (doctor?.name ?? "Doctor") : row.referral.subjectName,
    peerName: role === "doctor" ? row.referral.subjectName : (doctor?.name ?? "Your doctor"),
  };
}
