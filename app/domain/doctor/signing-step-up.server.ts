import { and, eq } from "drizzle-orm";
import { signingStepUp } from "~/db/schema/index.ts";
import { auditAuthEvent } from "~/domain/accounts/audit.server.ts";
import { checkSecondFactorLimits, recordAttempt } from "~/domain/accounts/throttle.server.ts";
import { consumeTotpStep, totpRefusalReason } from "~/domain/accounts/two-factor.server.ts";
import type { AccountsDeps, RequestMeta } from "~/domain/accounts/types.ts";
import { requireDoctor } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";

/** How long an authenticator code entered to sign stays good for signing. */
export const STEP_UP_MAX_AGE_MS = 5 * 60 * 1000;

/** Whether a step-up time is fresh enough to sign at `now`. */
export function stepUpIsFresh(verifiedAt: Date | null | undefined, now: Date): boolean {
  if (!verifiedAt) return false;
  const age = now.getTime() - verifiedAt.getTime();
  return age >= 0 && age <= STEP_UP_MAX_AGE_MS;
}

/** When this session last stepped up to sign, or null. */
export async function signingStepUpAt(scope: Scope, sessionId: string): Promise<Date | null> {
  const { db, actor } = requireDoctor(scope);
  const [row] = await db
    .select({ verifiedAt: signingStepUp.verifiedAt })
    .from(signingStepUp)
    .where(and(eq(signingStepUp.sessionId, sessionId), eq(signingStepUp.userId, actor.userId)));
  return row?.verifiedAt ?? null;
}

/**
 * The doctor enters a fresh authenticator code to sign. The code goes through the same single-use
 * check and the same per-account and per-address limits as the sign-in's second factor; a good
 * one records the time for this session. Every attempt is audited.
 */
export async function verifySigningStepUp(
  scope: Scope,
  deps: Pick<AccountsDeps, "database" | "auth">,
  { sessionId, code, request }: { sessionId: string; code: string; request: RequestMeta },
): Promise<"ok" | "invalid" | "throttled"> {
  const { db, actor, now } = requireDoctor(scope);
  const limits = await checkSecondFactorLimits(db, request, actor.userId, now);
  if (!limits) return "invalid";
  const { key, verdict } = limits;
  const auditActor = { id: actor.userId, role: actor.role };
  if (!verdict.allowed) {
    await auditAuthEvent(db, request, {
      action: "doctor.signing_step_up",
      outcome: "denied",
      actor: auditActor,
      details: { reason: verdict.reason },
    });
    return "throttled";
  }
  const result = await consumeTotpStep(deps, actor.userId, code, now);
  await recordAttempt(db, {
    action: "second_factor",
    ip: request.ip,
    accountKey: key,
    succeeded: result === "ok",
    now,
  });
  await auditAuthEvent(db, request, {
    action: "doctor.signing_step_up",
    outcome: result === "ok" ? "success" : "failure",
    actor: auditActor,
    details: result === "ok" ? {} : { reason: totpRefusalReason(result) },
  });
  if (result !== "ok") return "invalid";
  await db
    .insert(signingStepUp)
    .values({ sessionId, userId: actor.userId, verifiedAt: now })
    .onConflictDoUpdate({ target: signingStepUp.sessionId, set: { verifiedAt: now } });
  return "ok";
}
