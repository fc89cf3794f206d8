import { and, eq, isNull } from "drizzle-orm";
import { referral, safetyContactAttempt } from "~/db/schema/index.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { auditCase, findVisibleReferral } from "./case-access.server.ts";
import { contactAttemptSchema } from "./safety-contact-form.ts";

type ContactAttemptResult =
  | { ok: true; contacted: boolean }
  | { ok: false; fieldErrors: Record<string, string> };

/**
 * A doctor records one attempt to reach the person on an urgent case. Any doctor who can see the
 * case may (every doctor, while the flag is open). The first `reached` attempt sets
 * `safety_contacted_at`, which ends "not yet contacted" and the on-call re-alerts. The note is
 * sealed and never audited.
 */
export async function recordContactAttempt(
  scope: Scope,
  { referralId, input }: { referralId: string; input: Record<string, unknown> },
): Promise<ContactAttemptResult> {
  const doctor = requireDoctor(scope);
  const { db, actor, now } = doctor;
  const parsed = contactAttemptSchema(now).safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form");
      fieldErrors[key] ??= issue.message;
    }
    return { ok: false, fieldErrors };
  }
  const attempt = parsed.data;
  return db.transaction(async (tx) => {
    const current = await findVisibleReferral(tx, doctor, referralId, { lock: true });
    if (!current.urgent)
      throw new DomainError("invalid_state", "Only an urgent case keeps a contact log.");
    await tx.insert(safetyContactAttempt).values({
      referralId: current.id,
      doctorId: actor.userId,
      attemptedAt: attempt.attemptedAt,
      method: attempt.method,
      outcome: attempt.outcome,
      note: attempt.note,
      createdAt: now,
    });
    const reached = attempt.outcome === "reached";
    if (reached)
      await tx
        .update(referral)
        .set({ safetyContactedAt: attempt.attemptedAt, updatedAt: now })
        .where(and(eq(referral.id, current.id), isNull(referral.safetyContactedAt)));
    await auditCase(tx, doctor, current.id, "doctor.safety_contact_attempt", {
      method: attempt.method,
      result: attempt.outcome,
      attemptedAt: attempt.attemptedAt.toISOString(),
      noted: attempt.note !== null,
    });
    return { ok: true as const, contacted: reached };
  });
}
