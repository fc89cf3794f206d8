import { httpStatus, isDomainError } from "~/domain/kernel/errors.ts";

/**
 * Problem details (RFC 9457) for /api/v1 (docs/api.md): every refusal the API gives is a JSON
 * object with a `type` naming the kind of problem, the `status`, a `title` for that kind and a
 * `detail` for this occurrence. A domain refusal keeps its code (`DomainError`, app/domain/kernel/
 * errors.ts) as the type and its status from the one code-to-HTTP map.
 */
interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  /** Field errors of a request body that did not validate: a JSON pointer and a message each. */
  errors?: { pointer: string; detail: string }[];
}

const titles: Record<string, string> = {
  not_found: "Not found",
  forbidden: "Forbidden",
  invalid_state: "Not allowed in the current state",
  conflict: "Conflict",
  too_soon: "Too soon",
  rate_limited: "Too many requests",
  invalid_input: "Invalid input",
  unauthenticated: "Unauthenticated",
  insufficient_scope: "Insufficient scope",
  invalid_json: "Malformed JSON",
  validation_failed: "Validation failed",
  idempotency_key_reused: "Idempotency key reused",
  idempotency_key_in_progress: "Request with this idempotency key in progress",
  payment_required: "Payment required",
  unsupported_media_type: "Unsupported media type",
  server_error: "Internal server error",
};

/** A problem type's URI: a URN, stable and never fetched (docs/api.md lists every type). */
const problemType = (code: string) => `urn:referoh:problem:${code}`;

export function problemResponse(
  status: number,
  code: string,
  detail?: string,
  {
    headers,
    ...extra
  }: { headers?: HeadersInit } & Partial<Problem> & Record<string, unknown> = {},
): Response {
  const body: Problem & Record<string, unknown> = {
    type: problemType(code),
    title: titles[code] ?? "Error",
    status,
    ...(detail ? { detail } : {}),
    ...extra,
  };
  const answer = new Headers(headers);
  answer.set("Content-Type", "application/problem+json");
  answer.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { status, headers: answer });
}

/**
 * The answer to an error thrown while serving an API call: a domain refusal as its problem, a
 * Response thrown on purpose as it is, anything else rethrown (the server's 500).
 */
export function problemOf(error: unknown): Response {
  if (error instanceof Response) return error;
  if (isDomainError(error)) return problemResponse(httpStatus(error), error.code, error.message);
  throw error;
}
