import type { PlatformRole } from "~/db/schema/auth.ts";
import type { AccountsDeps } from "./types.ts";

/**
 * An account made for someone else, with no password yet (an invited doctor, an administrator
 * created at set-up): the name as written, split at its first space for the first and last name.
 * The caller has normalised the address and checked it is free.
 */
export async function createAccountWithoutPassword(
  deps: Pick<AccountsDeps, "auth">,
  input: { email: string; name: string; role: PlatformRole; emailVerified: boolean },
): Promise<{ id: string; name: string }> {
  const name = input.name.trim().replace(/\s+/g, " ");
  const space = name.indexOf(" ");
  const { internalAdapter } = await deps.auth.$context;
  const created = await internalAdapter.createUser(
    {
      email: input.email,
      name,
      emailVerified: input.emailVerified,
      role: input.role,
      firstName: space < 0 ? name : name.slice(0, space),
      lastName: space < 0 ? "" : name.slice(space + 1),
    },
    { method: "admin" },
  );
  return { id: created.id, name };
}
