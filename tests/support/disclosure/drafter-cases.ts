import { buildManagementAssessment } from "~/domain/assessments/build-management-assessment.ts";
import { buildPreEmploymentQuestionnaire } from "~/domain/assessments/build-pre-employment-questionnaire.ts";
import type { Answers, Questionnaire } from "~/domain/assessments/questionnaire-types.ts";
import type { PreEmploymentRole } from "~/domain/assessments/select-pre-employment-modules.ts";
import { answerList, walkItems } from "~/domain/assessments/walk-items.ts";
import { reportBodyFromDraft } from "~/domain/doctor/report-from-draft.ts";
import { questionKeys, type SelectedQuestions } from "~/domain/referrals/management-questions.ts";
import type { DetectionContext } from "~/domain/reports/disclosure/find-clinical-statements.server.ts";
import { employerVisibleFields } from "~/domain/reports/release-check.ts";
import { rulesDrafter } from "~/domain/reports/rules-drafter.ts";
import * as fixtures from "~tests/support/draft-fixtures.ts";
import { preEmploymentRoleForTest } from "~tests/support/draft-fixtures.ts";

/*
 * The rules drafter's untouched pre-fill for every case of tests/support/draft-fixtures.ts, built
 * the way release-check.test.ts builds it, with the detector's context taken from the case's
 * answers: every free-text answer, and the stated diagnosis answer.
 */

const REASON = "Back pain affecting lifting duties.";
const ALL: SelectedQuestions = Object.fromEntries(questionKeys.map((q) => [q, true]));

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

async function management(name: string, answers: Answers): Promise<DrafterCase> {
  const definition = buildManagementAssessment({ referralReason: REASON });
  const draft = await rulesDrafter.draft({
    referralType: "management",
    referralReason: REASON,
    selectedQuestions: ALL,
    definition,
    answers,
  });
  const body = reportBodyFromDraft(draft, { type: "management", questions: ALL });
  return { name, fields: employerVisibleFields(body), context: contextOf(definition, answers) };
}

async function preEmployment(
  name: string,
  role: PreEmploymentRole,
  answers: Answers,
): Promise<DrafterCase> {
  const { definition } = buildPreEmploymentQuestionnaire(role);
  const draft = await rulesDrafter.draft({
    referralType: "pre_employment",
    role,
    definition,
    answers,
  });
  const body = reportBodyFromDraft(draft, { type: "pre_employment", questions: null });
  return { name, fields: employerVisibleFields(body), context: contextOf(definition, answers) };
}

export const drafterCases = (): Promise<DrafterCase[]> =>
  Promise.all([
    management("management back pain", fixtures.managementBackPain),
    management("management low mood", fixtures.managementLowMood),
    management("management urgent", fixtures.managementUrgent),
    management("management cancer", fixtures.managementCancer),
    preEmployment(
      "office worker",
      preEmploymentRoleForTest("office-worker"),
      fixtures.preEmploymentOfficeClear,
    ),
    preEmployment(
      "warehouse",
      preEmploymentRoleForTest("warehouse-operative"),
      fixtures.preEmploymentWarehouseAdjustments,
    ),
    preEmployment(
      "driver",
      preEmploymentRoleForTest("driver", { drivingRequired: true }),
      fixtures.preEmploymentDriverInsulin,
    ),
    preEmployment(
      "healthcare",
      preEmploymentRoleForTest("healthcare-worker"),
      fixtures.preEmploymentHealthcareHepB,
    ),
  ]);
