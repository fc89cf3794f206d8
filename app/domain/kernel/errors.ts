/**
 * One error for every refusal the domain makes (docs/architecture.md §3b). The code says what
 * kind of refusal it is, and `httpStatus` maps it to the answer a route gives; the message is
 * written for the person who will read it.
 */
const domainErrorCodes = [
  /** The object does not exist, or is not this caller's to see: never tell the two apart. */
  "not_found",
  /** The caller's role may not do this at all. */
  "forbidden",
  /** The object is in a state that does not allow this (a cancelled case, a signed report). */
  "invalid_state",
  /** Someone else got there first (a case taken by another doctor). */
  "conflict",
  /** Too early to do this again (a reminder within 24 hours). */
  "too_soon",
  /** Too many attempts: the named limit in `rate-limit.server.ts` was reached. */
  "rate_limited",
  /** The input was read and is wrong, in a way the form cannot check. */
  "invalid_input",
  /** A doctor or administrator without a second factor in this session. */
  "second_factor",
  /** A fresh authenticator code is needed for this action (signing a report). */
  "step_up",
  /** The person has not given consent, or withdrew it. */
  "consent_required",
  /** No valid credentials: an API key missing, unknown, expired or revoked. */
  "unauthenticated",
] as const;
type DomainErrorCode = (typeof domainErrorCodes)[number];

export class DomainError<C extends string = DomainErrorCode> extends Error {
  constructor(
    readonly code: C,
    message: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

/** The one code-to-HTTP map: routes answer a refusal with this status and the error's message. */
const domainErrorStatus: Record<DomainErrorCode, number> = {
  not_found: 404,
  forbidden: 403,
  invalid_state: 409,
  conflict: 409,
  too_soon: 429,
  rate_limited: 429,
  invalid_input: 400,
  second_factor: 401,
  step_up: 401,
  consent_required: 409,
  unauthenticated: 401,
};

export function httpStatus(error: DomainError<string>): number {
  return domainErrorStatus[error.code as DomainErrorCode] ?? 400;
}

export function isDomainError(error: unknown, code?: DomainErrorCode): error is DomainError {
  return error instanceof DomainError && (code === undefined || error.code === code);
}
