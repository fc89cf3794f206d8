import type { Actor } from "~/domain/access/permissions.ts";
import { accountAuditActor, auditAuthEvent } from "./audit.server.ts";
import type { AccountsDeps, RequestMeta } from "./types.ts";

/** Ends this session (the row is deleted) and returns the cookies that clear it in the browser. */
export async function signOut(
  deps: AccountsDeps,
  input: { actor: Actor | null; request: RequestMeta },
): Promise<string[]> {
  let setCookies: string[] = [];
  try {
    const result = await deps.auth.api.signOut({
      headers: input.request.headers,
      returnHeaders: true,
    });
    setCookies = result.headers.getSetCookie();
  } catch {
    // No session left to end: nothing to clear but the cookies, which the caller expires anyway.
  }
  if (input.actor) {
    await auditAuthEvent(deps.database.db, input.request, {
      action: "auth.sign_out",
      outcome: "success",
      actor: accountAuditActor(input.actor),
    });
  }
  return setCookies;
}
