import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { signingStepUp, user } from "~/db/schema/index.ts";
import type { Actor } from "~/domain/access/permissions.ts";
import { accountKey } from "~/domain/accounts/account-key.ts";
import { auditAuthEvent } from "~/domain/accounts/audit.server.ts";
import { checkThrottle, recordAttempt } from "~/domain/accounts/throttle.server.ts";
import { consumeTotpStep } from "~/domain/accounts/two-factor.server.ts";
import type { AccountsDeps, RequestMeta } from "~/domain/accounts/types.ts";

/** How long an authenticator code entered to sign stays good for signing. */
export const STEP_UP_MAX_AGE_MS = 5 * 60 * 1000;

/** Whether a step-up time is fresh enough to sign at `now`. */
export function stepUpIsFresh(verifiedAt: Date | null | undefined, now: Date): boolean {
  if (!verifiedAt) return false;
  const age = now.getTime() - verifiedAt.getTime();
  return age >= 0 && age <= STEP_UP_MAX_AGE_MS;
}

/** When this session last stepped up to sign, or null. */
export async function signingStepUpAt(
  db: Pick<Database, "select">,
  sessionId: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ verifiedAt: signingStepUp.verifiedAt })
    .from(signingStepUp)
    .where(eq(signingStepUp.sessionId, sessionId));
  return row?.verifiedAt ?? null;
}

/**
 * The doctor enters a fresh authenticator code to sign. The code goes through the same single-use
 * check and the same per-account and per-address limits as the sign-in's second factor; a good
 * one records the time for this session. Every attempt is audited.
 */
export async function verifySigningStepUp(
  deps: Pick<AccountsDeps, "database" | "auth">,
  {
    actor,
    sessionId,
    code,
    request,
    now = new Date(),
  }: { actor: Actor; sessionId: string; code: string; request: RequestMeta; now?: Date },
): Promise<"ok" | "invalid" | "throttled"> {
  const { db } = deps.database;
  const [account] = await db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, actor.userId));
  if (!account) return "invalid";
  const key = accountKey(account.email);
  const auditActor = { id: actor.userId, role: actor.role };
  const verdict = await checkThrottle(db, {
    action: "second_factor",
    ip: request.ip,
    accountKey: key,
    now,
  });
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
    details:
      result === "ok" ? {} : { reason: result === "reused" ? "code_reused" : "invalid_code" },
  });
  if (result !== "ok") return "invalid";
  await db
    .insert(signingStepUp)
    .values({ sessionId, userId: actor.userId, verifiedAt: now })
    .onConflictDoUpdate({ target: signingStepUp.sessionId, set: { verifiedAt: now } });
  return "ok";
}
