import { subHours } from "date-fns";
import { and, eq, lt } from "drizzle-orm";
import { apiIdempotencyKey } from "~/db/schema/index.ts";
import type { EmployerActor, SystemActor } from "~/domain/kernel/actor.ts";
import { requireEmployer, requireSystem } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";

/** How long an answer is replayed for a repeated `Idempotency-Key`. */
const keptHours = 24;

interface IdempotentRequest {
  key: string;
  requestHash: string;
}

interface StoredAnswer {
  status: number;
  type: string;
  body: string;
}

type Claim =
  | { state: "new" }
  | { state: "replay"; answer: StoredAnswer }
  | { state: "in_progress" }
  | { state: "mismatch" };

function keyOf(scope: Scope<EmployerActor>, key: string) {
  const { apiKeyId, organisationId } = scope.actor;
  if (!apiKeyId) throw new Error("Idempotency keys are kept per API key.");
  return and(
    eq(apiIdempotencyKey.apiKeyId, apiKeyId),
    eq(apiIdempotencyKey.organisationId, organisationId),
    eq(apiIdempotencyKey.key, key),
  );
}

/**
 * Claims an `Idempotency-Key` for this API key (docs/api.md), atomically, so two identical calls
 * racing act once: the first inserts the pending row and goes on; a later one gets the stored
 * answer, or is told the first is still running, or that the key was used for another request.
 * An answer older than 24 hours is forgotten and the key can be used afresh.
 */
export async function claimIdempotencyKey(
  scope: Scope,
  request: IdempotentRequest,
): Promise<Claim> {
  const employer = requireEmployer(scope);
  const { db, now, actor } = employer;
  const where = keyOf(employer, request.key);
  await db
    .delete(apiIdempotencyKey)
    .where(and(where, lt(apiIdempotencyKey.createdAt, subHours(now, keptHours))));
  const inserted = await db
    .insert(apiIdempotencyKey)
    .values({
      apiKeyId: actor.apiKeyId!,
      key: request.key,
      organisationId: actor.organisationId,
      requestHash: request.requestHash,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ key: apiIdempotencyKey.key });
  if (inserted.length > 0) return { state: "new" };
  const [stored] = await db.select().from(apiIdempotencyKey).where(where);
  if (!stored) return { state: "in_progress" };
  if (stored.requestHash !== request.requestHash) return { state: "mismatch" };
  if (stored.responseStatus === null || stored.responseBody === null)
    return { state: "in_progress" };
  return {
    state: "replay",
    answer: {
      status: stored.responseStatus,
      type: stored.responseType ?? "application/json",
      body: stored.responseBody,
    },
  };
}

/** Keeps the answer a claimed key's call gave, to replay it. */
export async function completeIdempotencyKey(
  scope: Scope,
  key: string,
  answer: StoredAnswer,
): Promise<void> {
  const employer = requireEmployer(scope);
  await employer.db
    .update(apiIdempotencyKey)
    .set({ responseStatus: answer.status, responseType: answer.type, responseBody: answer.body })
    .where(keyOf(employer, key));
}

/** Lets a key be used again after its call failed without an answer worth keeping (a 5xx). */
export async function releaseIdempotencyKey(scope: Scope, key: string): Promise<void> {
  const employer = requireEmployer(scope);
  await employer.db.delete(apiIdempotencyKey).where(keyOf(employer, key));
}

/** Daily: answers older than their 24 hours are dropped (the rate-limit prune job). */
export async function pruneIdempotencyKeys(scope: Scope<SystemActor>): Promise<number> {
  const { db, now } = requireSystem(scope);
  const rows = await db
    .delete(apiIdempotencyKey)
    .where(lt(apiIdempotencyKey.createdAt, subHours(now, keptHours)))
    .returning({ key: apiIdempotencyKey.key });
  return rows.length;
}
