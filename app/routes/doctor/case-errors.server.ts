import { DomainError, isDomainError } from "~/domain/kernel/errors.ts";
import { TransitionError } from "~/domain/referrals/lifecycle.ts";
import { refusalResponse } from "~/middleware/refusal.server.ts";

/** A case that moved on between the page and the click is the domain's refusal by its state. */
function asRefusal(error: unknown): unknown {
  return error instanceof TransitionError
    ? new DomainError("invalid_state", "This case has moved on; reload the page.")
    : error;
}

/**
 * A doctor's case page or button that the domain refuses, answered through the one refusal
 * answer: another doctor's case exactly like a case that does not exist (404), any other refusal
 * with its status from the map and the body the page shows it in.
 */
export function caseRefusal<B>(error: unknown, body: (refusal: DomainError) => B) {
  return refusalResponse(asRefusal(error), body);
}

/**
 * The same refusal as words for a page whose action answers with its own result (the report
 * editor): not found is still the 404 page.
 */
export function caseErrorMessage(error: unknown): string {
  const refusal = asRefusal(error);
  if (isDomainError(refusal) && refusal.code !== "not_found") return refusal.message;
  throw refusalResponse(refusal, (r) => r.message);
}
