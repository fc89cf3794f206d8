import { buildManagementAssessment } from "~/domain/assessments/build-management-assessment.ts";
import { buildPreEmploymentQuestionnaire } from "~/domain/assessments/build-pre-employment-questionnaire.ts";
import type { Answers, Questionnaire } from "~/domain/assessments/questionnaire-types.ts";
import type { PreEmploymentRole } from "~/domain/assessments/select-pre-employment-modules.ts";
import { answerList, walkItems } from "~/domain/assessments/walk-items.ts";
import { reportBodyFromDraft } from "~/domain/doctor/report-from-draft.ts";
import { questionKeys, type SelectedQuestions } from "~/domain/referrals/management-questions.ts";
import type { DetectionContext } from "~/domain/reports/disclosure/find-clinical-statements.server.ts";
import type { DraftReport } from "~/domain/reports/drafter.ts";
import { employerVisibleFields } from "~/domain/reports/release-check.ts";
import type { ReportBody } from "~/domain/reports/report-body.ts";
import { rulesDrafter } from "~/domain/reports/rules-drafter.ts";
import * as fixtures from "~tests/support/draft-fixtures.ts";
import { preEmploymentRoleForTest } from "~tests/support/draft-fixtures.ts";

/*
 * The rules drafter's untouched pre-fill for every case of tests/support/draft-fixtures.ts: each
 * case's questionnaire, answers, draft and the report body the doctor's editor starts from (for
 * release-check.test.ts), and, for the detector's tests, the employer-visible fields with the
 * detector's context taken from the case's answers: every free-text answer, and the stated
 * diagnosis answer.
 */

const REASON = "Back pain affecting lifting duties.";
const ALL: SelectedQuestions = Object.fromEntries(questionKeys.map((q) => [q, true]));
const managementDefinition = buildManagementAssessment({ referralReason: REASON });

export interface DraftedCase {
  name: string;
  definition: Questionnaire;
  answers: Answers;
  draft: DraftReport;
  body: ReportBody;
}

interface DrafterCase {
  name: string;
  fields: { field: string; text: string }[];
  context: DetectionContext;
}

function contextOf(definition: Questionnaire, answers: Answers): DetectionContext {
  const items = walkItems(definition).map((w) => w.item);
  const free = items
    .filter((item) => item.type === "text" || item.type === "string")
    .flatMap((item) => answerList(answers[item.linkId]))
    .filter((v): v is string => typeof v === "string" && v.trim().length > 0);
  const diagnoses = answerList(answers["condition.diagnosis"]).filter(
    (v): v is string => typeof v === "string",
  );
  return { answers: free, diagnoses };
}

/** A management case drafted from `answers`, every question selected. */
export async function draftedManagementCase(name: string, answers: Answers): Promise<DraftedCase> {
  const draft = await rulesDrafter.draft({
    referralType: "management",
    referralReason: REASON,
    selectedQuestions: ALL,
    definition: managementDefinition,
    answers,
  });
  const body = reportBodyFromDraft(draft, { type: "management", questions: ALL });
  return { name, definition: managementDefinition, answers, draft, body };
}

/** A pre-employment case for `role` drafted from `answers`. */
export async function draftedPreEmploymentCase(
  name: string,
  role: PreEmploymentRole,
  answers: Answers,
): Promise<DraftedCase> {
  const { definition } = buildPreEmploymentQuestionnaire(role);
  const draft = await rulesDrafter.draft({
    referralType: "pre_employment",
    role,
    definition,
    answers,
  });
  const body = reportBodyFromDraft(draft, { type: "pre_employment", questions: null });
  return { name, definition, answers, draft, body };
}

export const draftedCases = (): Promise<DraftedCase[]> =>
  Promise.all([
    draftedManagementCase("management back pain", fixtures.managementBackPain),
    draftedManagementCase("management low mood", fixtures.managementLowMood),
    draftedManagementCase("management urgent", fixtures.managementUrgent),
    draftedManagementCase("management cancer", fixtures.managementCancer),
    draftedPreEmploymentCase(
      "office worker",
      preEmploymentRoleForTest("office-worker"),
      fixtures.preEmploymentOfficeClear,
    ),
    draftedPreEmploymentCase(
      "warehouse",
      preEmploymentRoleForTest("warehouse-operative"),
      fixtures.preEmploymentWarehouseAdjustments,
    ),
    draftedPreEmploymentCase(
      "driver",
      preEmploymentRoleForTest("driver", { drivingRequired: true }),
      fixtures.preEmploymentDriverInsulin,
    ),
    draftedPreEmploymentCase(
      "healthcare",
      preEmploymentRoleForTest("healthcare-worker"),
      fixtures.preEmploymentHealthcareHepB,
    ),
  ]);

export const drafterCases = async (): Promise<DrafterCase[]> =>
  (await draftedCases()).map(({ name, definition, answers, body }) => ({
    name,
    fields: employerVisibleFields(body),
    context: contextOf(definition, answers),
  }));
