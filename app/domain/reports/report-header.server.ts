import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server.ts";
import { consultation, type referral } from "~/db/schema/index.ts";
import { askedQuestions, type QuestionKey } from "~/domain/referrals/management-questions.ts";
import type { ReportHeaderSource, RiskModule } from "./report-header.ts";

/** The referral columns a report's header reads: never the person's answers. */
type HeaderReferral = Pick<
  typeof referral.$inferSelect,
  | "id"
  | "type"
  | "jobRole"
  | "jobDetails"
  | "drivingRequired"
  | "nightShifts"
  | "loneWorking"
  | "safetyCritical"
  | "reason"
  | "submittedAt"
  | "questions"
>;

/**
 * The case's part of a report header (report-header.ts): the job (role, or the employer's job
 * details for a management referral) and risks, the employer's reason,
 * the assessment date, whether a video consultation took place, and the questions asked. The PDF
 * at release and the web pages after read it the same way, so they never disagree.
 */
export async function loadReportHeader(
  db: Pick<Database, "select">,
  r: HeaderReferral,
): Promise<
  Pick<
    ReportHeaderSource,
    | "jobRole"
    | "jobDetails"
    | "riskModules"
    | "referralReason"
    | "assessmentDate"
    | "consultationHeld"
  > & { questions: QuestionKey[] }
> {
  const [call] = await db
    .select({ id: consultation.id })
    .from(consultation)
    .where(and(eq(consultation.referralId, r.id), eq(consultation.status, "completed")))
    .limit(1);
  const flags: Record<RiskModule, boolean> = {
    driving: r.drivingRequired,
    nightShifts: r.nightShifts,
    loneWorking: r.loneWorking,
    safetyCritical: r.safetyCritical,
  };
  return {
    questions: askedQuestions(r.questions),
    jobRole: r.jobRole,
    // The employer's job details name the job of a management referral (report-header.ts).
    jobDetails: r.type === "management" ? r.jobDetails : null,
    riskModules:
      r.type === "pre_employment"
        ? (Object.keys(flags) as RiskModule[]).filter((m) => flags[m])
        : [],
    referralReason: r.type === "management" ? r.reason : null,
    assessmentDate: r.submittedAt,
    consultationHeld: Boolean(call),
  };
}

/** The columns of `referral` to select for loadReportHeader. */
export function headerColumns(r: typeof referral) {
  return {
    id: r.id,
    type: r.type,
    jobRole: r.jobRole,
    jobDetails: r.jobDetails,
    drivingRequired: r.drivingRequired,
    nightShifts: r.nightShifts,
    loneWorking: r.loneWorking,
    safetyCritical: r.safetyCritical,
    reason: r.reason,
    submittedAt: r.submittedAt,
    questions: r.questions,
  };
}
