import { randomBytes } from "node:crypto";
import type { AccountsDeps } from "./types.ts";

/**
 * A one-time set-password link, stored exactly as better-auth stores a reset token (hashed
 * identifier), so /reset-password consumes it through `auth.api.resetPassword`. Used for doctor
 * invitations and for administrators created from the command line.
 */
export async function createSetPasswordLink(
  deps: Pick<AccountsDeps, "auth" | "config">,
  input: { userId: string; validForMs: number; purpose: "invite" | "setup" },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const { internalAdapter } = await deps.auth.$context;
  await internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: input.userId,
    expiresAt: new Date(Date.now() + input.validForMs),
  });
  const url = new URL("/reset-password", deps.config.PUBLIC_URL);
  url.searchParams.set("token", token);
  url.searchParams.set("purpose", input.purpose);
  return url.toString();
}
