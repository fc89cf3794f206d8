import "~/lib/zod-jitless.ts";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from "./password-rules.ts";

/*
 * A password being chosen, on every form that sets one (a reset, an invitation, the first
 * administrator, My Account, joining a team): the same rules and words everywhere, checked in the
 * browser too. The common and personal password checks are the server's (check-password.server.ts).
 */

/** The length rules of a new password (docs/architecture.md §9). */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
  .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong);

/** Said on the confirmation box when the password typed twice differs. */
export const passwordsDontMatch = "Passwords don't match";

/** Where a form's refinement puts a mismatch: on the confirmation box, which is the one to retype. */
export const mismatchOnConfirmation = { path: ["confirmPassword"], message: passwordsDontMatch };

/** The password typed twice is the same. */
export const passwordConfirmed = (v: { password: string; confirmPassword: string }) =>
  v.password === v.confirmPassword;
