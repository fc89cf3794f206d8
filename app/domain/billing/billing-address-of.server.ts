import { requireEmployer } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";
import { organisationAddress } from "./organisation-address.server.ts";

/** The billing address of the organisation the employer acts for. */
export async function billingAddressOf(scope: Scope): Promise<string | null> {
  const employer = requireEmployer(scope);
  return organisationAddress(employer.db, employer.actor.organisationId);
}
