import { passwordProblem } from "./check-password.server.ts";
import { existingAccountEmail, resetPasswordEmail, verificationEmail } from "./emails.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules.ts";
import { sessionPolicy } from "./session-lifetime.ts";

/**
 * The account rules better-auth enforces for us: the password rules and deny list, the account
 * e-mails, and how long sessions live. The domain owns them; the runtime hands them to
 * `createAuth` (app/services/auth/auth.server.ts), which is only the adapter (docs/architecture.md §3).
 */
export const authAccountRules = {
  passwordProblem,
  passwordLength: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
  sessionPolicy,
  emails: {
    verification: verificationEmail,
    resetPassword: resetPasswordEmail,
    existingAccount: existingAccountEmail,
  },
};

export type AuthAccountRules = typeof authAccountRules;
