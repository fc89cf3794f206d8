import type { EmployerActor } from "~/domain/kernel/actor.ts";
import { DomainError } from "~/domain/kernel/errors.ts";
import { requireTeamPermission } from "~/domain/kernel/guards.ts";
import type { Scope } from "~/domain/kernel/scope.ts";

/**
 * An owner or HR administrator, signed in as themselves: keys and webhook endpoints are managed
 * by people on the integrations page, never through the API by a key (docs/api.md).
 */
export function requireIntegrationsManager(scope: Scope): Scope<EmployerActor> {
  const employer = requireTeamPermission(
    scope,
    "integrations:manage",
    "Only an owner or HR administrator can manage API keys and webhooks.",
  );
  if (employer.actor.apiKeyId)
    throw new DomainError("forbidden", "An API key cannot manage API keys or webhooks.");
  return employer;
}
