import { codesOf } from "~/lib/labelled-codes.ts";
import type { QuestionnaireKey } from "./questionnaire-registry.ts";

/** The job roles of the seed's pre-employment referral form, as stored codes. */
export const JOB_ROLE_LABELS = {
  "office-worker": "Office Worker",
  driver: "Driver",
  "healthcare-worker": "Healthcare Worker",
  "warehouse-operative": "Warehouse Operative",
  "security-officer": "Security Officer",
  "construction-worker": "Construction Worker",
  "it-professional": "IT Professional",
  "retail-worker": "Retail Worker",
  manager: "Manager",
  other: "Other",
};
export const JOB_ROLES = codesOf(JOB_ROLE_LABELS);
export type JobRole = (typeof JOB_ROLES)[number];

export interface PreEmploymentRole {
  jobRole: JobRole;
  drivingRequired: boolean;
  nightShifts: boolean;
  loneWorking: boolean;
  safetyCritical: boolean;
}

export interface SelectedModule {
  key: QuestionnaireKey;
  /** Why this module is asked, in words a candidate understands (shown before consent). */
  reason: string;
}

// Roles whose ordinary duties are screen-based. Managers are included because management roles
// are, in UK practice, predominantly computer work (DSE Regulations users).
const SCREEN_ROLES: ReadonlySet<JobRole> = new Set(["office-worker", "it-professional", "manager"]);
// Roles with intrinsic lifting, carrying, pushing or pulling; healthcare for moving and handling
// patients.
const HANDLING_ROLES: ReadonlySet<JobRole> = new Set([
  "warehouse-operative",
  "construction-worker",
  "retail-worker",
  "healthcare-worker",
]);

/**
 * Which questionnaire modules a candidate answers (Equality Act 2010 s.60: after a conditional
 * offer, and only questions the role justifies). The core and the adjustments module are always
 * asked; every other module is asked only because of the job role or a risk flag the employer
 * recorded. Order is the order the candidate sees: core, the role's work, its risks, adjustments.
 */
export function selectPreEmploymentModules(role: PreEmploymentRole): SelectedModule[] {
  const modules: SelectedModule[] = [
    { key: "pre-employment-core", reason: "Everyone answers a few questions about their health." },
  ];
  if (SCREEN_ROLES.has(role.jobRole))
    modules.push({
      key: "pre-employment-display-screen",
      reason: "The job involves regular work at a computer or other screen.",
    });
  if (HANDLING_ROLES.has(role.jobRole))
    modules.push({
      key: "pre-employment-manual-handling",
      reason:
        role.jobRole === "healthcare-worker"
          ? "Healthcare work usually involves moving and handling patients or equipment."
          : "The job involves lifting, carrying, pushing or pulling.",
    });
  if (role.jobRole === "healthcare-worker")
    modules.push({
      key: "pre-employment-healthcare-worker",
      reason:
        "Healthcare workers need protection against some infections, to protect patients and themselves.",
    });
  if (role.drivingRequired || role.jobRole === "driver")
    modules.push({
      key: "pre-employment-driving",
      reason: "The job involves driving, which has medical standards set by the DVLA.",
    });
  if (role.safetyCritical)
    modules.push({
      key: "pre-employment-safety-critical",
      reason: "Your employer has said the job includes safety-critical work.",
    });
  if (role.nightShifts)
    modules.push({
      key: "pre-employment-night-work",
      reason: "The job includes night work, and night workers are entitled to a health assessment.",
    });
  if (role.loneWorking)
    modules.push({
      key: "pre-employment-lone-working",
      reason: "The job involves working alone.",
    });
  modules.push({
    key: "pre-employment-adjustments",
    reason: "Everyone is asked whether adjustments or support would help.",
  });
  return modules;
}
