import { and, eq } from "drizzle-orm";
import { organisation, user } from "~/db/schema/index.ts";
import { type Actor, can } from "~/domain/access/permissions.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { accountKey } from "./account-key.ts";
import { accountAuditActor, auditAuthEvent } from "./audit.server.ts";
import { authErrorCode } from "./auth-errors.ts";
import { passwordOwnerOf, passwordProblem, type WeakPassword } from "./check-password.server.ts";
import { passwordChangedEmail } from "./emails.ts";
import { organisationDetails } from "./organisation-details.ts";
import { splitContactName } from "./register-employer.server.ts";
import { checkThrottle, recordFailedAttempt } from "./throttle.server.ts";
import type { AccountsDeps, RequestMeta } from "./types.ts";

/** The account pages' refusal: the kernel's one error, answered 403 (docs/architecture.md §3b). */
export const notPermitted = () =>
  new DomainError("forbidden", "You do not have permission to do this.");

/** The actor's own name. */
export async function updateProfile(
  deps: AccountsDeps,
  input: { actor: Actor; name: string; request: RequestMeta },
): Promise<void> {
  if (!can(input.actor, "account:update-own")) throw notPermitted();
  const name = input.name.trim().replace(/\s+/g, " ");
  const { firstName, lastName } = splitContactName(name);
  await deps.database.db
    .update(user)
    .set({ name, firstName, lastName, updatedAt: new Date() })
    .where(eq(user.id, input.actor.userId));
  await auditAuthEvent(deps.database.db, input.request, {
    action: "account.profile_updated",
    outcome: "success",
    actor: accountAuditActor(input.actor),
    object: { type: "user", id: input.actor.userId },
  });
}

/** The company's details: owners only, and only their own organisation. */
export async function updateOrganisation(
  deps: AccountsDeps,
  input: {
    actor: Actor;
    name: string;
    industry: string | null;
    phone: string | null;
    address: string | null;
    request: RequestMeta;
  },
): Promise<void> {
  const { db } = deps.database;
  const actor = accountAuditActor(input.actor);
  if (!can(input.actor, "organisation:update") || !input.actor.organisationId) {
    await auditAuthEvent(db, input.request, {
      action: "organisation.updated",
      outcome: "denied",
      actor,
    });
    throw notPermitted();
  }
  await db
    .update(organisation)
    .set({ ...organisationDetails(input), updatedAt: new Date() })
    .where(and(eq(organisation.id, input.actor.organisationId)));
  await auditAuthEvent(db, input.request, {
    action: "organisation.updated",
    outcome: "success",
    actor,
    object: { type: "organisation", id: input.actor.organisationId },
  });
}

type ChangePasswordResult =
  | { status: "ok"; setCookies: string[] }
  | { status: "wrong-password" }
  | WeakPassword
  | { status: "locked" };

/** Needs the current password; ends every other session of the account. */
export async function changePassword(
  deps: AccountsDeps,
  input: {
    actor: Actor;
    email: string;
    name: string;
    currentPassword: string;
    newPassword: string;
    request: RequestMeta;
  },
): Promise<ChangePasswordResult> {
  const { db } = deps.database;
  if (!can(input.actor, "account:update-own")) throw notPermitted();
  const actor = accountAuditActor(input.actor);
  const problem = await passwordProblem(
    input.newPassword,
    await passwordOwnerOf(db, input.actor.userId),
  );
  if (problem) return { status: "weak-password", message: problem };
  const key = accountKey(input.email);
  const verdict = await checkThrottle(db, {
    action: "sign_in",
    ip: input.request.ip,
    accountKey: key,
  });
  if (!verdict.allowed) return { status: "locked" };
  try {
    const result = await deps.auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers: input.request.headers,
      returnHeaders: true,
    });
    await auditAuthEvent(db, input.request, {
      action: "auth.password_changed",
      outcome: "success",
      actor,
      details: { otherSessionsRevoked: true },
    });
    deps.mailer.send(passwordChangedEmail(input.email, input.name)).catch((error: unknown) => {
      deps.logger.error({ err: error }, "password-changed e-mail could not be sent");
    });
    return { status: "ok", setCookies: result.headers.getSetCookie() };
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "INVALID_PASSWORD") {
      await recordFailedAttempt(
        db,
        input.request,
        { action: "sign_in", accountKey: key },
        {
          action: "auth.password_changed",
          actor,
          details: { reason: "wrong_current_password" },
        },
      );
      return { status: "wrong-password" };
    }
    if (code === "WEAK_PASSWORD") return { status: "weak-password", message: problem ?? "" };
    throw error;
  }
}
