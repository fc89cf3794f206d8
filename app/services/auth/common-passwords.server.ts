import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordMessages,
} from "~/domain/accounts/password-rules.ts";

let commonPasswords: Promise<Set<string>> | undefined;

/**
 * The shipped deny list (common-passwords.txt), loaded on first use. Bundled into the server only,
 * never sent to browsers; imported lazily so command-line scripts that never check a password
 * (run by tsx, which has no `?raw` imports) do not load it.
 */
function denyList(): Promise<Set<string>> {
  commonPasswords ??= import("./common-passwords.txt?raw").then(
    ({ default: text }) =>
      new Set(
        text
          .split("\n")
          .map((line) => line.trim())
          .filter((line) => line.length > 0 && !line.startsWith("#")),
      ),
  );
  return commonPasswords;
}

/** Case-insensitive: "Password1" is as guessable as "password1". */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await denyList()).has(password.toLowerCase());
}

/** The first problem with a new password, or null. */
export async function passwordProblem(password: string): Promise<string | null> {
  if (password.length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong;
  if (await isCommonPassword(password)) return passwordMessages.common;
  return null;
}
