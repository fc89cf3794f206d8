import { createHash } from "node:crypto";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
} from "~/domain/api/idempotency.server.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { problemOf, problemResponse } from "~/middleware/problem.server.ts";

/**
 * A write of /api/v1 run at most once per `Idempotency-Key` (docs/api.md): the header is required;
 * the same key and request again replay the first answer (marked `Idempotency-Replayed: true`),
 * the same key with another request is a 409, and a call still running with it a 409 too. Answers
 * of 5xx are not kept, so a retry after a server failure acts.
 */
export async function idempotent(
  request: Request,
  scope: Scope,
  work: () => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get("idempotency-key")?.trim() ?? "";
  if (!key || key.length > 255)
    return problemResponse(
      400,
      "invalid_input",
      "Send an Idempotency-Key header (up to 255 characters, e.g. a UUID) with every write.",
    );
  const body = await request.clone().text();
  const requestHash = createHash("sha256")
    .update(`${request.method} ${new URL(request.url).pathname}\n${body}`)
    .digest("hex");
  const claim = await claimIdempotencyKey(scope, { key, requestHash });
  if (claim.state === "mismatch")
    return problemResponse(
      409,
      "idempotency_key_reused",
      "This Idempotency-Key was used for a different request.",
    );
  if (claim.state === "in_progress")
    return problemResponse(
      409,
      "idempotency_key_in_progress",
      "A request with this Idempotency-Key is still being processed. Retry later.",
      { headers: { "Retry-After": "1" } },
    );
  if (claim.state === "replay")
    return new Response(claim.answer.body, {
      status: claim.answer.status,
      headers: {
        "Content-Type": claim.answer.type,
        "Cache-Control": "no-store",
        "Idempotency-Replayed": "true",
      },
    });
  let response: Response;
  try {
    response = await work();
  } catch (error) {
    try {
      response = problemOf(error);
    } catch (unexpected) {
      await releaseIdempotencyKey(scope, key);
      throw unexpected;
    }
  }
  if (response.status >= 500) {
    await releaseIdempotencyKey(scope, key);
    return response;
  }
  const text = await response.clone().text();
  await completeIdempotencyKey(scope, key, {
    status: response.status,
    type: response.headers.get("content-type") ?? "application/json",
    body: text,
  });
  return response;
}
