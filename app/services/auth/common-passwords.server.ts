let commonPasswords: Promise<Set<string>> | undefined;

/**
 * The shipped deny list (common-passwords.txt), loaded on first use. Bundled into the server only,
 * never sent to browsers; imported lazily so command-line scripts that never check a password
 * (run by tsx, which has no `?raw` imports) do not load it. The full check of a new password is
 * app/domain/accounts/check-password.server.ts.
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
