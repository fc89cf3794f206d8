import type { Database } from "~/db/client.server.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { can } from "~/domain/access/permissions.ts";
import type { Mailer } from "~/services/mail/mailer.server.ts";

export interface ConsultationDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

export interface RequestOrigin {
  ip: string | null;
  requestId: string;
}

export type ConsultationErrorCode =
  | "not_found"
  | "invalid_state"
  | "slot_unavailable"
  | "too_early"
  | "no_times";

export class ConsultationError extends Error {
  constructor(
    readonly code: ConsultationErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A signed-in doctor with a verified second factor and access granted: nothing less acts here. */
export function requireDoctor(actor: Actor): void {
  if (!can(actor, "doctor-area:view")) throw new ConsultationError("not_found", "Not a doctor.");
}

export function doctorAudit(actor: Actor) {
  return { id: actor.userId, role: "doctor" };
}

/** How the subject appears in the audit log: their role and referral, never their name. */
export function subjectAudit(referral: { id: string; organisationId: string }) {
  return { id: `subject:${referral.id}`, role: "subject", organisationId: referral.organisationId };
}

/** Offers must leave the subject time to read the e-mail. */
export const OFFER_NOTICE_MS = 2 * 60 * 60 * 1000;
export const MAX_OFFERED_TIMES = 5;
/** The room opens this long before the start and closes this long after the end. */
export const ROOM_OPENS_BEFORE_MS = 30 * 60 * 1000;
export const ROOM_CLOSES_AFTER_MS = 60 * 60 * 1000;
