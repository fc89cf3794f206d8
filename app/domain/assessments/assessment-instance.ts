import type { ResponseBuildContext } from "~/db/schema/assessments.ts";
import { buildManagementAssessment } from "./build-management-assessment.ts";
import { buildPreEmploymentQuestionnaire } from "./build-pre-employment-questionnaire.ts";
import type { Questionnaire } from "./questionnaire-types.ts";
import {
  JOB_ROLE_LABELS,
  JOB_ROLES,
  type JobRole,
  type PreEmploymentRole,
  type SelectedModule,
  selectPreEmploymentModules,
} from "./select-pre-employment-modules.ts";

/** The referral fields an assessment is built from (a subset of the referral row). */
interface AssessmentSource {
  type: "pre_employment" | "management";
  jobRole: string | null;
  drivingRequired: boolean;
  nightShifts: boolean;
  loneWorking: boolean;
  safetyCritical: boolean;
  reason: string | null;
}

/** The referral form stores the seed's labels ("Office Worker"); the questionnaire uses codes. */
export function jobRoleFromLabel(label: string | null | undefined): JobRole {
  if (!label) return "other";
  const wanted = label.trim().toLowerCase();
  return (
    JOB_ROLES.find((code) => code === wanted || JOB_ROLE_LABELS[code].toLowerCase() === wanted) ??
    "other"
  );
}

function preEmploymentRoleOf(source: AssessmentSource): PreEmploymentRole {
  return {
    jobRole: jobRoleFromLabel(source.jobRole),
    drivingRequired: source.drivingRequired,
    nightShifts: source.nightShifts,
    loneWorking: source.loneWorking,
    safetyCritical: source.safetyCritical,
  };
}

/** Why each pre-employment module is asked, for the consent notice. */
export function moduleReasonsOf(source: AssessmentSource): SelectedModule[] {
  return source.type === "pre_employment"
    ? selectPreEmploymentModules(preEmploymentRoleOf(source))
    : [];
}

interface AssessmentInstance {
  definition: Questionnaire;
  buildContext: ResponseBuildContext;
}

/** A new assessment for a referral: the latest published versions, recorded so it can be rebuilt. */
export function newAssessmentInstance(source: AssessmentSource): AssessmentInstance {
  if (source.type === "pre_employment") {
    const role = preEmploymentRoleOf(source);
    const built = buildPreEmploymentQuestionnaire(role);
    const versions = Object.fromEntries(built.modules.map((m) => [m.key, m.version]));
    return {
      definition: built.definition,
      buildContext: { kind: "pre_employment", role, versions },
    };
  }
  const referralReason = source.reason ?? "";
  const definition = buildManagementAssessment({ referralReason });
  return {
    definition,
    buildContext: { kind: "management", referralReason, version: definition.version },
  };
}

export class DefinitionMismatchError extends Error {}

/**
 * The exact instance a response was made on, rebuilt from its build context, and checked against
 * the version stored with the response: answers are never read against other questions.
 */
export function definitionOfResponse(response: {
  buildContext: ResponseBuildContext;
  definitionVersion: string;
}): Questionnaire {
  const context = response.buildContext;
  const definition =
    context.kind === "pre_employment"
      ? buildPreEmploymentQuestionnaire(context.role, context.versions).definition
      : buildManagementAssessment({ referralReason: context.referralReason }, context.version);
  if (definition.version !== response.definitionVersion)
    throw new DefinitionMismatchError(
      `Rebuilt definition version ${definition.version} differs from the stored ${response.definitionVersion}`,
    );
  return definition;
}
