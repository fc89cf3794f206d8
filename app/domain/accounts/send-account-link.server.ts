import { eq } from "drizzle-orm";
import { user } from "~/db/schema/index.ts";
import { accountKey, normaliseEmail } from "./account-key.ts";
import { auditAuthEvent } from "./audit.server.ts";
import { checkThrottle, recordAttempt, type ThrottledAction } from "./throttle.server.ts";
import type { AccountsDeps, RequestMeta } from "./types.ts";

/**
 * Sends an e-mailed link (a new verification link, a password reset) with one answer whether or
 * not the address has an account, so the page cannot be used to find out who is registered: over
 * the throttle's limit nothing is sent, still with the same answer. Each request is audited with
 * the account it reached, if any, and otherwise only the address's key.
 */
export async function sendAccountLink(
  deps: AccountsDeps,
  input: { email: string; request: RequestMeta },
  link: {
    throttle: ThrottledAction;
    audit: string;
    send: (email: string) => Promise<unknown>;
    /** Record in the audit that no account has the address (its key, never the address). */
    noteUnknownAddress?: boolean;
  },
): Promise<void> {
  const { db } = deps.database;
  const email = normaliseEmail(input.email);
  const key = accountKey(email);
  const verdict = await checkThrottle(db, {
    action: link.throttle,
    ip: input.request.ip,
    accountKey: key,
  });
  if (!verdict.allowed) {
    await auditAuthEvent(db, input.request, {
      action: link.audit,
      outcome: "denied",
      details: { reason: verdict.reason, accountKey: key },
    });
    return;
  }
  await recordAttempt(db, {
    action: link.throttle,
    ip: input.request.ip,
    accountKey: key,
    succeeded: true,
  });
  await link.send(email);
  const [found] = await db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(user.email, email));
  await auditAuthEvent(db, input.request, {
    action: link.audit,
    outcome: "success",
    actor: found ? { id: found.id, role: found.role } : null,
    ...(link.noteUnknownAddress
      ? { details: found ? {} : { accountKey: key, unknownAddress: true } }
      : {}),
  });
}
