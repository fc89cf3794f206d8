import { eq } from "drizzle-orm";
import { member, organisation, user } from "~/db/schema/index.ts";
import { accountKey, normaliseEmail } from "./account-key.ts";
import { auditAuthEvent } from "./audit.server.ts";
import { authErrorCode } from "./auth-errors.ts";
import { passwordProblem, type WeakPassword } from "./check-password.server.ts";
import { organisationDetails } from "./organisation-details.ts";
import { checkThrottle, recordAttempt } from "./throttle.server.ts";
import type { AccountsDeps, RequestMeta } from "./types.ts";

interface EmployerRegistration {
  companyName: string;
  contactName: string;
  email: string;
  password: string;
  industry?: string | null;
  phone?: string | null;
  address?: string | null;
}

/** First and last name from the contact name, split on the first space. */
export function splitContactName(contactName: string): { firstName: string; lastName: string } {
  const trimmed = contactName.trim().replace(/\s+/g, " ");
  const space = trimmed.indexOf(" ");
  if (space < 0) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1) };
}

type RegistrationResult =
  /** Said for a new address and for a taken one alike: the e-mail tells the owner which. */
  { status: "accepted"; email: string } | WeakPassword | { status: "throttled" };

/**
 * Creates the user (role employer, unverified), their organisation and their membership as owner,
 * and sends the verification e-mail. A taken address gets the same answer, and its owner an e-mail
 * saying someone tried to register with it.
 */
export async function registerEmployer(
  deps: AccountsDeps,
  input: EmployerRegistration & { request: RequestMeta },
): Promise<RegistrationResult> {
  const { db } = deps.database;
  const email = normaliseEmail(input.email);
  const key = accountKey(email);
  const owner = { email, name: input.contactName, company: input.companyName };
  const problem = await passwordProblem(input.password, owner);
  if (problem) return { status: "weak-password", message: problem };

  const verdict = await checkThrottle(db, {
    action: "sign_up",
    ip: input.request.ip,
    accountKey: key,
  });
  if (!verdict.allowed) {
    await auditAuthEvent(db, input.request, {
      action: "auth.sign_up",
      outcome: "denied",
      details: { reason: verdict.reason, accountKey: key },
    });
    return { status: "throttled" };
  }
  await recordAttempt(db, {
    action: "sign_up",
    ip: input.request.ip,
    accountKey: key,
    succeeded: true,
  });

  const { firstName, lastName } = splitContactName(input.contactName);
  let returnedId: string;
  try {
    const response = await deps.auth.api.signUpEmail({
      body: {
        email,
        password: input.password,
        name: input.contactName.trim(),
        firstName,
        lastName,
      },
      headers: input.request.headers,
    });
    returnedId = response.user.id;
  } catch (error) {
    if (authErrorCode(error) === "WEAK_PASSWORD") {
      return {
        status: "weak-password",
        message: (await passwordProblem(input.password, owner)) ?? "",
      };
    }
    throw error;
  }

  // better-auth answers a taken address with a made-up user; only a real row means a new account.
  const [created] = await db.select({ id: user.id }).from(user).where(eq(user.id, returnedId));
  if (!created) {
    await auditAuthEvent(db, input.request, {
      action: "auth.sign_up",
      outcome: "failure",
      details: { reason: "address_taken", accountKey: key },
    });
    return { status: "accepted", email };
  }

  const organisationId = await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organisation)
      .values(organisationDetails({ ...input, name: input.companyName }))
      .returning({ id: organisation.id });
    await tx.insert(member).values({ organisationId: org!.id, userId: created.id, role: "owner" });
    return org!.id;
  });
  await auditAuthEvent(db, input.request, {
    action: "auth.sign_up",
    outcome: "success",
    actor: { id: created.id, role: "employer", organisationId },
    object: { type: "organisation", id: organisationId },
  });
  return { status: "accepted", email };
}
