import { formatLongDate } from "~/lib/dates.ts";

/*
 * The facts an occupational health report carries above its sections and in its signature block
 * (docs/decisions/0011-report-audiences.md): the job (the role, or the employer's job details on
 * a management referral; for a certificate also the risks assessed), the employer's reason in
 * their words, the assessment date and basis, and the consent to disclosure. The PDF and the web
 * pages (the employer's, the person's and the doctor's versions) render these lines, so the
 * wording lives here once. Nothing here comes from the person's answers.
 */

/** The pre-employment risk modules an employer can flag on a role, in the order they ask. */
export const RISK_MODULES = ["driving", "nightShifts", "loneWorking", "safetyCritical"] as const;
export type RiskModule = (typeof RISK_MODULES)[number];

const RISK_MODULE_LABELS: Record<RiskModule, string> = {
  driving: "driving",
  nightShifts: "night shifts",
  loneWorking: "lone working",
  safetyCritical: "safety-critical work",
};

export interface ReportHeaderSource {
  type: "management" | "pre_employment";
  reportReference: string;
  referralReference: string;
  version: number;
  subjectName: string;
  organisationName: string;
  jobRole: string | null;
  /**
   * The job details the employer gave on a management referral (title, duties, hours), in their
   * words: a management referral has no job role field, and the report must still name the job.
   */
  jobDetails: string | null;
  /** Flagged risk modules of a pre-employment role; ignored for a management report. */
  riskModules: readonly RiskModule[];
  /** The employer's reason for a management referral, in their own words. */
  referralReason: string | null;
  /** When the person completed the assessment. */
  assessmentDate: Date | null;
  /** Whether a video consultation took place; there is never a physical examination. */
  consultationHeld: boolean;
  signedAt: Date;
  /** When the person agreed to release; null while the report is still with them. */
  approvedAt: Date | null;
  /**
   * The clinical statements the person agreed the employer may read, in the doctor's words
   * (docs/decisions/0016-disclosure-gate.md): the consent statement names each one.
   */
  disclosedItems?: readonly string[];
}

export interface ReportFact {
  id:
    | "report-reference"
    | "referral-reference"
    | "subject"
    | "employer"
    | "job-role"
    | "job-details"
    | "risk-modules"
    | "referral-reason"
    | "assessment-date"
    | "basis"
    | "signed"
    | "approved"
    | "version"
    | "consent";
  label: string;
  value: string;
}

export function assessmentBasis(consultationHeld: boolean): string {
  return consultationHeld
    ? "Online health questionnaire and a video consultation; no physical examination"
    : "Online health questionnaire only; no consultation or physical examination";
}

/** A certificate names every risk the role was assessed for, or says there were none. */
export function riskModulesText(modules: readonly RiskModule[]): string {
  const flagged = RISK_MODULES.filter((m) => modules.includes(m)).map((m) => RISK_MODULE_LABELS[m]);
  if (flagged.length > 0) return capitalise(listText(flagged));
  return `None flagged by the employer (no ${listText(
    RISK_MODULES.map((m) => RISK_MODULE_LABELS[m]),
    "or",
  )})`;
}

/** The consent-to-disclosure statement: given (and when), or what happens while it is not. */
function consentStatement(
  s: Pick<ReportHeaderSource, "subjectName" | "organisationName" | "approvedAt" | "disclosedItems">,
): string {
  if (!s.approvedAt)
    return `Not released: ${s.organisationName} receives this report only if ${s.subjectName} agrees to its release.`;
  const released = `${s.subjectName} read this report and agreed to its release to ${s.organisationName} on ${formatLongDate(s.approvedAt)}.`;
  const items = s.disclosedItems ?? [];
  return items.length === 0
    ? released
    : `${released} ${s.subjectName} agreed, item by item, that ${s.organisationName} may be told: ${listText(items.map((item) => `“${item}”`))}.`;
}

/** The header facts in reading order; facts the case does not have are left out. */
export function reportHeaderFacts(s: ReportHeaderSource): ReportFact[] {
  const facts: (ReportFact | null)[] = [
    {
      id: "subject",
      label: s.type === "management" ? "Employee" : "Candidate",
      value: s.subjectName,
    },
    { id: "employer", label: "Employer", value: s.organisationName },
    jobFact(s),
    s.type === "pre_employment"
      ? { id: "risk-modules", label: "Role risks assessed", value: riskModulesText(s.riskModules) }
      : null,
    s.type === "management" && s.referralReason
      ? { id: "referral-reason", label: "Reason for referral", value: s.referralReason }
      : null,
    s.assessmentDate
      ? { id: "assessment-date", label: "Assessment date", value: formatLongDate(s.assessmentDate) }
      : null,
    { id: "basis", label: "Basis of assessment", value: assessmentBasis(s.consultationHeld) },
    { id: "report-reference", label: "Report reference", value: s.reportReference },
    { id: "referral-reference", label: "Referral reference", value: s.referralReference },
    { id: "signed", label: "Signed by the doctor", value: formatLongDate(s.signedAt) },
    s.approvedAt
      ? { id: "approved", label: "Approved for release", value: formatLongDate(s.approvedAt) }
      : null,
    { id: "version", label: "Version", value: String(s.version) },
    { id: "consent", label: "Consent to disclosure", value: consentStatement(s) },
  ];
  return facts.filter((f): f is ReportFact => f !== null);
}

/**
 * Every report names the job it advises on: the role the employer chose, or for a management
 * referral (which asks for job details instead of a role) the details the employer typed.
 */
function jobFact(
  s: Pick<ReportHeaderSource, "type" | "jobRole" | "jobDetails">,
): ReportFact | null {
  const role = s.jobRole?.trim();
  if (role) return { id: "job-role", label: "Job role", value: role };
  const details = s.type === "management" ? s.jobDetails?.trim() : null;
  return details ? { id: "job-details", label: "Job details", value: details } : null;
}

export interface ReportSignature {
  name: string;
  qualifications: string | null;
  gmcNumber: string;
  signedAt: Date;
}

/** The signature block, a line each: name, qualifications, GMC number, signing date. */
export function signatureLines(s: ReportSignature): string[] {
  return [
    s.name,
    ...(s.qualifications?.trim() ? [s.qualifications.trim()] : []),
    `GMC number ${s.gmcNumber}`,
    `Signed electronically on ${formatLongDate(s.signedAt)}`,
  ];
}

function listText(items: readonly string[], conjunction = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items.at(-1)}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
