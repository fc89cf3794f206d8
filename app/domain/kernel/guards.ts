import type {
  Actor,
  AdminActor,
  DoctorActor,
  EmployerActor,
  SubjectActor,
  SystemActor,
} from "./actor.ts";
import { DomainError } from "./errors.ts";
import type { Scope } from "./scope.ts";
import { type TeamPermission, teamCan } from "./team-permissions.ts";

/**
 * Role guards (docs/architecture.md §3b). A domain function calls one first; the scope it returns
 * is narrowed to that role, so the rest of the function reads `scope.actor.organisationId` and the
 * like without further checks.
 */
export function requireEmployer(scope: Scope): Scope<EmployerActor> {
  if (scope.actor.role !== "employer")
    throw new DomainError("forbidden", "Only an employer can do this.");
  return scope as Scope<EmployerActor>;
}

/**
 * An employer whose role in the organisation allows `permission` (the team permission table in
 * `app/domain/kernel/team-permissions.ts`).
 */
export function requireTeamPermission(
  scope: Scope,
  permission: TeamPermission,
  message = "Your role in this organisation does not allow this.",
): Scope<EmployerActor> {
  const employer = requireEmployer(scope);
  if (!teamCan(employer.actor.memberRole, permission)) throw new DomainError("forbidden", message);
  return employer;
}

/** A doctor with access granted and a second factor in this session. */
export function requireDoctor(scope: Scope): Scope<DoctorActor> {
  const { actor } = scope;
  if (actor.role !== "doctor" || !actor.doctorActive)
    throw new DomainError("forbidden", "Only a doctor with access can do this.");
  if (!actor.twoFactorVerified)
    throw new DomainError("second_factor", "Sign in with your authenticator code first.");
  return scope as Scope<DoctorActor>;
}

export function requireAdmin(scope: Scope): Scope<AdminActor> {
  const { actor } = scope;
  if (actor.role !== "admin")
    throw new DomainError("forbidden", "Only an administrator can do this.");
  if (!actor.twoFactorVerified)
    throw new DomainError("second_factor", "Sign in with your authenticator code first.");
  return scope as Scope<AdminActor>;
}

export function requireSubject(scope: Scope): Scope<SubjectActor> {
  if (scope.actor.role !== "subject") throw new DomainError("not_found", "Assessment not found.");
  return scope as Scope<SubjectActor>;
}

/** Work no person asks for: a job, a webhook, a start-up task. */
export function requireSystem(scope: Scope): Scope<SystemActor> {
  if (scope.actor.role !== "system")
    throw new DomainError("forbidden", "Only the system can do this.");
  return scope as Scope<SystemActor>;
}

export function isRole<R extends Actor["role"]>(
  scope: Scope,
  role: R,
): scope is Scope<Extract<Actor, { role: R }>> {
  return scope.actor.role === role;
}
