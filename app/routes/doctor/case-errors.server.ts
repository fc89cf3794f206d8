import { data } from "react-router";
import { isDomainError } from "~/domain/kernel/errors.ts";
import { TransitionError } from "~/domain/referrals/lifecycle.ts";

/**
 * Another doctor's case is answered exactly like a case that does not exist (404); other refusals
 * come back as a message for the page.
 */
export function caseErrorMessage(error: unknown): string {
  if (isDomainError(error)) {
    if (error.code === "not_found") throw data("Case not found", { status: 404 });
    return error.message;
  }
  if (error instanceof TransitionError) return "This case has moved on; reload the page.";
  throw error;
}
